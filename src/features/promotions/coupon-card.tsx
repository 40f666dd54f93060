// One claimable coupon of 领券中心: its value and condition, scope, how much of the total is gone,
// and the one action its state allows (领取, 去使用 when this company holds its share, 已抢光).
import { Link } from '@tanstack/react-router';
import { issuedPercent, type CouponOffer } from '../../domain/coupon-centre';
import { formatFen } from '../../domain/money';
import { formatDate } from '../../domain/time';
import { buttonClass } from '../../ui/button';
import styles from './promotions.module.css';

export function couponValueText(o: Pick<CouponOffer, 'amount' | 'discount_percent'>): string {
  if (o.discount_percent !== null) return `${o.discount_percent / 10}折`;
  return `¥${formatFen(o.amount).replace(/\.00$/, '')}`;
}

export function couponConditionText(o: Pick<CouponOffer, 'threshold'>): string {
  return o.threshold > 0 ? `满${formatFen(o.threshold).replace(/\.00$/, '')}元可用` : '无门槛';
}

export const CLAIM_LABEL = '立即领取';
export const USE_LABEL = '去使用';
export const GONE_LABEL = '已抢光';

export function CouponCard({
  offer,
  onClaim,
  busy,
}: {
  offer: CouponOffer;
  onClaim: (id: number) => void;
  busy: boolean;
}) {
  const percent = issuedPercent(offer);
  return (
    <article className={styles.coupon} data-state={offer.state} aria-label={offer.name}>
      <div className={styles.couponValue}>
        <span className={styles.couponAmount}>{couponValueText(offer)}</span>
        <span className={styles.couponCondition}>{couponConditionText(offer)}</span>
      </div>
      <div className={styles.couponBody}>
        <p className={styles.couponName}>{offer.name}</p>
        <p className={styles.couponMeta}>{offer.scope_text}</p>
        <p className={styles.couponMeta}>
          领取后{offer.valid_days}天内有效 · 领取截止 {formatDate(offer.ends_at)}
          {offer.per_company > 0 && ` · 每店限领${offer.per_company}张`}
        </p>
        {offer.total > 0 && (
          <div
            className={styles.progress}
            role="progressbar"
            aria-label="已领取"
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className={styles.progressBar} style={{ width: `${percent}%` }} />
          </div>
        )}
        <div className={styles.couponActions}>
          <span className={styles.couponMeta}>
            {offer.total > 0 ? `已领${percent}%` : '不限量'}
            {offer.claimed > 0 && ` · 您已领${offer.claimed}张`}
          </span>
          {offer.state === 'available' && (
            <button
              type="button"
              className={buttonClass('primary', { size: 'sm' })}
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => onClaim(offer.id)}
            >
              {CLAIM_LABEL}
            </button>
          )}
          {offer.state === 'claimed' && (
            <Link to="/wdqb_yhq" className={buttonClass('outline', { size: 'sm' })}>
              {USE_LABEL}
            </Link>
          )}
          {offer.state === 'gone' && (
            <button type="button" className={buttonClass('secondary', { size: 'sm' })} disabled>
              {GONE_LABEL}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
