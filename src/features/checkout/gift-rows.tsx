// 满赠 rows under the 商品清单: each gift the order reaches, with the 赠 tag at ¥0.00; a gift that
// has run out says so (the order goes without it). The server decides them again when it places
// the order (src/domain/gifts.ts).
import { formatPrice } from '../../domain/money';
import type { GiftLineView } from '../../domain/gifts';
import { GoodsImage } from '../../ui/goods/goods-image';
import { TagBadges } from '../../ui/goods/tag-badges';
import styles from './checkout.module.css';

export const GIFT_GONE_TEXT = '赠品已赠完';

export function GiftRows({ gifts }: { gifts: readonly GiftLineView[] }) {
  return (
    <>
      {gifts.map((g) => (
        <tr key={`gift-${g.promotion_id}`} data-gift="">
          <td className={styles.lineImage}>
            <GoodsImage src={g.goods_image} alt="" size={56} />
          </td>
          <td>
            <span className={styles.lineName}>
              <TagBadges tags={['赠']} />
              {g.name}
            </span>
            <span className={styles.lineFacts}>
              {g.promotion_name}
              {g.given === 0 && ` · ${GIFT_GONE_TEXT}`}
            </span>
          </td>
          <td className={styles.num}>{formatPrice(g.price)}</td>
          <td className={styles.num}>
            {g.given === 1 ? g.number : 0}
            {g.bzdw}
          </td>
          <td className={styles.num}>{formatPrice(0)}</td>
        </tr>
      ))}
    </>
  );
}
