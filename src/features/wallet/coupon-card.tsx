// One held coupon or cash voucher: value, threshold, scope, dates and what the buyer can do with
// it — a usable one links to the goods it applies to, a used one to its order.
import type { HeldCouponView } from '../../domain/wallet';
import { COUPON_STATUS_TEXT } from '../../domain/wallet';
import { buttonClass } from '../../ui/button';
import { SpaLink } from '../../ui/spa-link';
import { couponDates, couponThreshold, couponValue } from './coupon-text';
import { couponGoodsHref } from './wallet-urls';
import styles from './wallet.module.css';

export function CouponCard({ coupon: c }: { coupon: HeldCouponView }) {
  const value = couponValue(c);
  return (
    <li className={styles.coupon} data-status={c.status} data-kind={c.kind} aria-label={c.name}>
      <div className={styles.couponValue}>
        <span className={styles.couponFigure}>
          {value.unit === '元' && <span className={styles.couponUnit}>¥</span>}
          <strong>{value.figure}</strong>
          {value.unit === '折' && <span className={styles.couponUnit}>折</span>}
        </span>
        <span className={styles.couponThreshold}>{couponThreshold(c)}</span>
      </div>
      <div className={styles.couponBody}>
        <p className={styles.couponName}>
          {c.name}
          {c.expiring_soon && <span className={styles.soon}>即将过期</span>}
        </p>
        <p className={styles.couponScope}>{c.scope_text}</p>
        <p className={styles.couponDates}>{couponDates(c)}</p>
      </div>
      <div className={styles.couponAction}>
        {c.status === 0 ? (
          <SpaLink
            href={couponGoodsHref(c)}
            className={buttonClass('outline', { size: 'sm' })}
            aria-label={`去使用 ${c.name}`}
          >
            去使用
          </SpaLink>
        ) : c.status === 1 && c.used_order_id !== null ? (
          <SpaLink href={`/order/info/${c.used_order_id}`} className={styles.link}>
            查看订单
          </SpaLink>
        ) : (
          <span className={styles.stamp}>{COUPON_STATUS_TEXT[c.status]}</span>
        )}
      </div>
    </li>
  );
}
