// 满赠 on a cart line (SPEC §3 gift_data, src/domain/gifts.ts): a line of a gift promotion says
// whether the selected lines reach a tier and how many gift units checkout will add at ¥0.
import type { CartLineView } from '../../domain/cart-types';
import { GIFT_DATA_TYPE } from '../../domain/gifts';
import { TagBadges } from '../../ui/goods/tag-badges';
import styles from './gift-note.module.css';

export function giftNoteText(total: number): string {
  return total > 0 ? `已满足满赠，结算时赠送 ${total} 件赠品` : '参与满赠活动，凑单满额可获赠品';
}

export function GiftNote({ line }: { line: CartLineView }) {
  if (line.gift_data.type !== GIFT_DATA_TYPE) return null;
  return (
    <p className={styles.note} data-gift-note="">
      <TagBadges tags={['赠']} /> {giftNoteText(line.gift_data.total)}
    </p>
  );
}
