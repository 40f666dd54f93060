// 商品清单: what is being ordered, at today's price; a line whose price moved since it went into
// the cart says so (the buyer agreed to the old price).
import { formatPrice } from '../../domain/money';
import type { CheckoutLine } from '../../domain/orders';
import { GoodsImage } from '../../ui/goods/goods-image';
import type { GiftLineView } from '../../domain/gifts';
import { GiftRows } from './gift-rows';
import type { ExchangeLineView } from '../../domain/exchange';
import type { PrizeLineView } from '../../domain/lucky-draw';
import { ExchangeRows } from './exchange-rows';
import styles from './checkout.module.css';

function PriceMark({ line }: { line: CheckoutLine }) {
  if (line.old_price === null || line.old_price === line.price) return null;
  const up = line.price > line.old_price;
  return (
    <span className={up ? styles.priceUp : styles.priceDown}>
      {up ? '已涨价' : '已降价'}
      <span className={styles.oldPrice}>
        <span className={styles.srOnly}>加入购物车时价格</span>
        {formatPrice(line.old_price)}
      </span>
    </span>
  );
}

export function CheckoutLines({
  lines,
  gifts = [],
  exchanges = [],
  prizes = [],
}: {
  lines: readonly CheckoutLine[];
  gifts?: readonly GiftLineView[];
  exchanges?: readonly ExchangeLineView[];
  prizes?: readonly PrizeLineView[];
}) {
  const count = lines.reduce((sum, l) => sum + l.number, 0);
  return (
    <section className={styles.section} aria-labelledby="checkout-lines-title">
      <h2 id="checkout-lines-title" className={styles.sectionTitle}>
        商品清单
        <span className={styles.sectionNote}>
          共 {lines.length} 种 {count} 件
        </span>
      </h2>
      <table className={styles.lines}>
        <thead>
          <tr>
            <th scope="col" colSpan={2}>
              商品
            </th>
            <th scope="col">单价</th>
            <th scope="col">数量</th>
            <th scope="col">小计</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.cart_id} data-changed={line.old_price !== null && line.old_price !== line.price ? '' : undefined}>
              <td className={styles.lineImage}>
                <GoodsImage src={line.goods_image} alt="" size={56} />
              </td>
              <td>
                <span className={styles.lineName}>
                  {line.name}
                  {line.is_ephedrine === 1 && <span className={styles.ephedrineTag}>含麻黄碱</span>}
                </span>
                <span className={styles.lineFacts}>
                  {line.ypgg} · {line.sccj}
                </span>
              </td>
              <td className={styles.num}>
                {formatPrice(line.price)}
                <PriceMark line={line} />
              </td>
              <td className={styles.num}>
                {line.number}
                {line.bzdw}
              </td>
              <td className={styles.num}>{formatPrice(line.amount)}</td>
            </tr>
          ))}
          <GiftRows gifts={gifts} />
          <ExchangeRows exchanges={exchanges} prizes={prizes} />
        </tbody>
      </table>
    </section>
  );
}
