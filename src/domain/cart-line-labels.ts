// What a cart line is labelled after: the promotion kind that prices it (the server says which in
// CartLineView.pricing) — a daily special is a type-1 line too, and must not read 秒杀.
import type { CartLineView, PromotionPricing } from './cart-types';

export const PRICING_LABELS: Readonly<Record<PromotionPricing, string>> = {
  flash: '秒杀',
  everyday: '每日特价',
  group: '拼团',
};

/** The label of a line's pricing promotion, or null for a normally priced line. */
export function cartLineKindLabel(line: Pick<CartLineView, 'type' | 'pricing'>): string | null {
  if (line.pricing) return PRICING_LABELS[line.pricing];
  // A line the client built (optimistic add, offline draft) before the server named its kind.
  if (line.type === 1) return '活动价';
  if (line.type === 2) return PRICING_LABELS.group;
  return null;
}
