// Quantity stepper + 加入购物车 for one goods. The quantity follows the shared rules
// (quantityRulesFor: mid-pack, stock, limits); the unit price sent is the ladder price for that
// quantity (advisory: the server's price wins). A goods that cannot be bought shows why instead
// of a button that fails; a visitor is sent to sign in and come back.
import { useState } from 'react';
import { useAddToCart } from '../../api/cart';
import type { CartAddLine, CartLineType } from '../../domain/cart-types';
import type { GoodsListItem, LadderPriceStep } from '../../domain/catalog';
import { clampQuantity, quantityRulesFor, type QuantityRules } from '../../domain/quantity';
import { ladderPriceFor } from '../../domain/pricing';
import { TAP_ONCE_PROPS } from '../../domain/early-taps';
import { QuantityStepper } from './quantity-stepper';
import { useSendToLogin, useViewer, type ViewerKind } from './use-viewer';
import styles from './add-to-cart.module.css';

export const ADD_TO_CART_LABEL = '加入购物车';
export const BLOCK_OUT_OF_STOCK = '缺货';
export const BLOCK_NOT_BUYABLE = '暂不可购买';
export const BLOCK_UNAPPROVED = '资质审核后可购买';
/** A favourite or a stored copy of a goods taken off sale (下架); the cart refuses it with the same word. */
export const BLOCK_OFF_SALE = '已下架';

export interface AddToCartControlProps {
  goods: GoodsListItem;
  layout?: 'row' | 'stacked' | 'compact';
  /** Controlled quantity (the detail page highlights its ladder step); uncontrolled by default. */
  quantity?: number;
  onQuantityChange?: (quantity: number) => void;
  /** The cart line kind to add as (a flash-sale or group-buy price); the goods' own type by default. */
  lineType?: CartLineType;
}

/** Why the goods cannot be added now, or null. Off sale, then stock: both are true for every viewer. */
export function addBlockReason(goods: GoodsListItem, rules: QuantityRules, viewer: ViewerKind): string | null {
  if (goods.off_sale === 1) return BLOCK_OFF_SALE;
  if (goods.number <= 0) return BLOCK_OUT_OF_STOCK;
  if (!goods.is_buy || rules.max === 0) return BLOCK_NOT_BUYABLE;
  if (viewer === 'member') return BLOCK_UNAPPROVED;
  return null;
}

/** The ladder step in force for a quantity (same pick as ladderPriceFor), or null. */
export function ladderStepFor(steps: readonly LadderPriceStep[], quantity: number): LadderPriceStep | null {
  let best: LadderPriceStep | null = null;
  for (const s of steps) if (s.number <= quantity && (best === null || s.number > best.number)) best = s;
  return best;
}

/** The POST /api/cart line for `quantity` of `goods`. */
export function cartLineFor(goods: GoodsListItem, quantity: number, lineType?: CartLineType): CartAddLine {
  const step = ladderStepFor(goods.ladder_price, quantity);
  return {
    goods_id: goods.id,
    number: quantity,
    price: goods.price === null ? undefined : ladderPriceFor(goods.price, goods.ladder_price, quantity),
    ck_id: goods.ck_id,
    ladder_price_id: step?.id,
    is_yj: 0,
    type: lineType ?? goods.type,
  };
}

function CartGlyph() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d="M3 4h2l2.2 10.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.2M9 20h.01M17 20h.01"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function AddToCartControl({
  goods,
  layout = 'row',
  quantity,
  onQuantityChange,
  lineType,
}: AddToCartControlProps) {
  const viewer = useViewer();
  const sendToLogin = useSendToLogin();
  const { add, isPending } = useAddToCart();
  const rules = quantityRulesFor(goods);
  const [own, setOwn] = useState(rules.min);
  const value = quantity ?? own;
  const setValue = (n: number) => {
    setOwn(n);
    onQuantityChange?.(n);
  };
  const reason = addBlockReason(goods, rules, viewer);
  const compact = layout === 'compact';

  // The company may not buy it at all (经营范围, a lapsed certificate): the reason replaces the
  // stepper and the button, so it reads as a sentence, not a disabled action. The cart refuses it
  // with the same words.
  if (goods.buy_block && viewer === 'approved') {
    return (
      <div className={styles.control} data-layout={layout}>
        <p className={styles.refusal} data-buy-block>
          {goods.buy_block}
        </p>
      </div>
    );
  }

  const onAdd = () => {
    if (viewer === 'visitor') return sendToLogin();
    const n = clampQuantity(value, rules);
    if (n !== value) setValue(n);
    // The card goes along so an offline add can show the line in the cart draft.
    void add([cartLineFor(goods, n, lineType)], { goods: [goods] });
  };

  return (
    <div className={styles.control} data-layout={layout}>
      <QuantityStepper
        value={rules.max === 0 ? 0 : value}
        onChange={setValue}
        rules={rules}
        unit={goods.bzdw}
        size={compact ? 'sm' : 'md'}
        disabled={reason !== null}
        ariaLabel={`${goods.name} 购买数量`}
      />
      {reason !== null ? (
        <button type="button" className={styles.button} disabled data-blocked>
          {reason}
        </button>
      ) : (
        <button
          type="button"
          className={styles.button}
          onClick={onAdd}
          disabled={isPending}
          aria-busy={isPending || undefined}
          {...TAP_ONCE_PROPS}
        >
          <CartGlyph />
          {ADD_TO_CART_LABEL}
        </button>
      )}
    </div>
  );
}
