// 优惠券 / 现金券: one radio group each. Usable ones can be chosen (the server's best is chosen
// first and marked 推荐); unusable ones are listed with the reason, so a buyer knows why the
// coupon they expected does not apply. Choosing one re-runs the preview.
import { useId } from 'react';
import { formatPrice } from '../../domain/money';
import type { CompanyCoupon } from '../../domain/orders';
import { formatDate } from '../../domain/time';
import styles from './checkout.module.css';

/** "none" in the radio group and in the preview/checkout request. */
export const NO_COUPON = 0;

export interface CouponChoiceProps {
  title: '优惠券' | '现金券';
  coupons: readonly CompanyCoupon[];
  selected: number;
  bestId: number | null;
  onChange: (id: number) => void;
  disabled?: boolean;
}

function couponRule(c: CompanyCoupon): string {
  return c.threshold > 0
    ? `满${formatPrice(c.threshold)}减${formatPrice(c.amount)}`
    : `无门槛减${formatPrice(c.amount)}`;
}

function CouponText({ coupon }: { coupon: CompanyCoupon }) {
  return (
    <>
      <span className={styles.couponName}>{coupon.name}</span>
      <span className={styles.couponRule}>{couponRule(coupon)}</span>
      <span className={styles.couponExpiry}>有效期至 {formatDate(coupon.expires_at)}</span>
    </>
  );
}

export function CouponChoice({ title, coupons, selected, bestId, onChange, disabled = false }: CouponChoiceProps) {
  const name = useId();
  const usable = coupons.filter((c) => c.usable !== false);
  const unusable = coupons.filter((c) => c.usable === false);
  return (
    <fieldset className={styles.section} disabled={disabled}>
      <legend className={styles.sectionTitle}>
        {title}
        <span className={styles.sectionNote}>
          {usable.length} 张可用{unusable.length > 0 ? `，${unusable.length} 张不可用` : ''}
        </span>
      </legend>
      {coupons.length === 0 ? (
        <p className={styles.muted}>暂无{title}</p>
      ) : (
        <ul className={styles.coupons}>
          <li>
            <label className={styles.coupon}>
              <input type="radio" name={name} checked={selected === NO_COUPON} onChange={() => onChange(NO_COUPON)} />
              <span className={styles.couponName}>不使用{title}</span>
            </label>
          </li>
          {usable.map((c) => (
            <li key={c.id}>
              <label className={styles.coupon} data-checked={selected === c.id || undefined}>
                <input type="radio" name={name} checked={selected === c.id} onChange={() => onChange(c.id)} />
                <CouponText coupon={c} />
                {c.saving !== undefined && c.saving > 0 && (
                  <span className={styles.couponSaving}>可省{formatPrice(c.saving)}</span>
                )}
                {c.id === bestId && <span className={styles.bestTag}>推荐</span>}
              </label>
            </li>
          ))}
          {unusable.map((c) => {
            const reasonId = `${name}-reason-${c.id}`;
            return (
              <li key={c.id}>
                <label className={`${styles.coupon} ${styles.couponOff}`}>
                  <input
                    type="radio"
                    name={name}
                    checked={false}
                    disabled
                    aria-describedby={reasonId}
                    onChange={() => undefined}
                  />
                  <CouponText coupon={c} />
                  <span id={reasonId} className={styles.couponReason}>
                    不可用：{c.unusable_reason || '不满足使用条件'}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
