// 满额返现 (/hb): an order whose normal-priced goods of the cashback promotion reach a tier gets
// that tier's amount back into the wallet balance when it completes; a later refund takes back
// what the smaller amount no longer earns. The cart and checkout show the same rule as a preview
// ("再买¥x返¥y"). One function decides, for the page and the server (docs/decisions/cashback.md).
import { formatPrice } from './money';

/** From `amount` (fen) of eligible goods, `back` fen returns to the wallet. */
export interface CashbackTier {
  amount: number;
  back: number;
}

/** GET /api/activity/cashback: the running cashback promotion, or null. */
export interface CashbackOffer {
  id: number;
  name: string;
  description: string;
  /** Seconds. */
  starts_at: number;
  ends_at: number;
  /** Ascending by amount. */
  tiers: CashbackTier[];
  /** True when every goods counts; else goods_ids lists the goods that do. */
  all_goods: boolean;
  goods_ids: number[];
}

/** The tier reached by `amount` (the highest), or null. */
export function reachedTier(tiers: readonly CashbackTier[], amount: number): CashbackTier | null {
  let best: CashbackTier | null = null;
  for (const t of tiers) if (amount >= t.amount && (best === null || t.amount > best.amount)) best = t;
  return best;
}

/** Fen back for an eligible amount. */
export const cashbackFor = (tiers: readonly CashbackTier[], amount: number): number =>
  reachedTier(tiers, amount)?.back ?? 0;

export interface CashbackPreview {
  /** Eligible amount (fen) of the selected lines. */
  amount: number;
  /** What the order earns as it is. */
  back: number;
  /** The next tier: how much more to buy and what it would return; null when none is left. */
  next: { shortfall: number; back: number } | null;
}

/** A line as the preview counts it: normal-priced (type 0), selected, its amount in fen. */
export interface CashbackLine {
  goods_id: number;
  type: number;
  is_selected: 0 | 1 | boolean;
  amount: number;
}

/** Normal-priced lines only: promotion-priced lines (秒杀, 特价, 组合) already carry their discount. */
export function eligibleAmount(
  offer: Pick<CashbackOffer, 'all_goods' | 'goods_ids'>,
  lines: readonly CashbackLine[],
): number {
  const ids = new Set(offer.goods_ids);
  return lines.reduce(
    (sum, l) => (l.is_selected && l.type === 0 && (offer.all_goods || ids.has(l.goods_id)) ? sum + l.amount : sum),
    0,
  );
}

export function cashbackPreview(
  offer: Pick<CashbackOffer, 'all_goods' | 'goods_ids' | 'tiers'>,
  lines: readonly CashbackLine[],
): CashbackPreview {
  const amount = eligibleAmount(offer, lines);
  const higher = [...offer.tiers].filter((t) => t.amount > amount).sort((a, b) => a.amount - b.amount)[0];
  return {
    amount,
    back: cashbackFor(offer.tiers, amount),
    next: higher ? { shortfall: higher.amount - amount, back: higher.back } : null,
  };
}

/** The line the cart and checkout show, or null when there is nothing to say. */
export function cashbackHintText(p: CashbackPreview): string | null {
  // Nothing selected counts yet: "再买" would read as any goods, so the tier is named instead.
  if (p.next && p.amount === 0)
    return `满额返现：活动商品满${formatPrice(p.next.shortfall)}返${formatPrice(p.next.back)}`;
  if (p.next) return `满额返现：再买活动商品${formatPrice(p.next.shortfall)}返${formatPrice(p.next.back)}`;
  if (p.back > 0) return `满额返现：已满足，订单完成后返${formatPrice(p.back)}`;
  return null;
}

export const tierText = (t: CashbackTier): string => `满${formatPrice(t.amount)}返${formatPrice(t.back)}`;
