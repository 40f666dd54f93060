// 换购 and lucky-draw prize rows under the 商品清单: each exchange goods chosen in the cart that the
// order reaches, with the 换购 tag at its exchange price, and each goods prize the order carries at
// ¥0 (one the stock cannot cover now says it waits for a later order). The server decides both
// again when it places the order (server/services/exchange, server/services/draws/prize-lines.ts).
import { EXCHANGE_TAG, type ExchangeLineView } from '../../domain/exchange';
import { DRAW_PRIZE_TAG, type PrizeLineView } from '../../domain/lucky-draw';
import { formatPrice } from '../../domain/money';
import { GoodsImage } from '../../ui/goods/goods-image';
import { TagBadges } from '../../ui/goods/tag-badges';
import styles from './checkout.module.css';

export const PRIZE_WAITS_TEXT = '库存不足，随下一单发出';

export function ExchangeRows({
  exchanges,
  prizes,
}: {
  exchanges: readonly ExchangeLineView[];
  prizes: readonly PrizeLineView[];
}) {
  return (
    <>
      {exchanges.map((e) => (
        <tr key={`exchange-${e.promotion_id}`} data-exchange="">
          <td className={styles.lineImage}>
            <GoodsImage src={e.goods_image} alt="" size={56} />
          </td>
          <td>
            <span className={styles.lineName}>
              <TagBadges tags={[EXCHANGE_TAG]} />
              {e.name}
            </span>
            <span className={styles.lineFacts}>
              {e.ypgg} · {e.promotion_name}
            </span>
          </td>
          <td className={styles.num}>{formatPrice(e.price)}</td>
          <td className={styles.num}>
            {e.number}
            {e.bzdw}
          </td>
          <td className={styles.num}>{formatPrice(e.amount)}</td>
        </tr>
      ))}
      {prizes.map((p) => (
        <tr key={`prize-${p.record_id}`} data-prize="">
          <td className={styles.lineImage}>
            <GoodsImage src={p.goods_image} alt="" size={56} />
          </td>
          <td>
            <span className={styles.lineName}>
              <TagBadges tags={[DRAW_PRIZE_TAG]} />
              {p.name}
            </span>
            <span className={styles.lineFacts}>
              抽奖奖品：{p.prize_name}
              {p.given === 0 && ` · ${PRIZE_WAITS_TEXT}`}
            </span>
          </td>
          <td className={styles.num}>{formatPrice(0)}</td>
          <td className={styles.num}>
            {p.given === 1 ? p.number : 0}
            {p.bzdw}
          </td>
          <td className={styles.num}>{formatPrice(0)}</td>
        </tr>
      ))}
    </>
  );
}
