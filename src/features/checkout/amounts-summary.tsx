// The money of the order, line by line, ending with what the buyer pays (SPEC §5: shown rounded
// down to 2 decimals by formatPrice).
import { formatPrice } from '../../domain/money';
import type { CheckoutAmounts } from '../../domain/orders';
import styles from './checkout.module.css';

const minus = (fen: number) => (fen > 0 ? `-${formatPrice(fen)}` : formatPrice(0));

export function AmountsSummary({ amounts, busy }: { amounts: CheckoutAmounts; busy?: boolean }) {
  const rows: [string, string][] = [
    ['商品金额', formatPrice(amounts.goods_amount)],
    ['满减', minus(amounts.manjian_amount)],
    ['优惠券', minus(amounts.coupon_amount)],
    ['现金券', minus(amounts.voucher_amount)],
    ['运费', formatPrice(amounts.shipping_amount)],
    ['余额抵扣', minus(amounts.balance_amount)],
  ];
  return (
    <section className={styles.section} aria-labelledby="checkout-amounts-title" aria-busy={busy || undefined}>
      <h2 id="checkout-amounts-title" className={styles.sectionTitle}>
        金额明细
      </h2>
      <dl className={styles.amounts}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.amountRow}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className={`${styles.amountRow} ${styles.payRow}`}>
          <dt>应付金额</dt>
          <dd>{formatPrice(amounts.pay_amount)}</dd>
        </div>
      </dl>
    </section>
  );
}
