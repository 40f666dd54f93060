// 每日特价 (/mrtj, GET /api/activity/everyday_price): each day's specials are one `everyday`
// promotion running from that day's Shanghai midnight to the next. Its goods are sold at the
// promotion price through the cart's promotion-priced line (type 1, the same path as 秒杀: the
// server prices it, caps it by the promotion stock and per-company limit and counts it sold at
// checkout) — docs/decisions/daily-special.md.
import type { GoodsListItem } from './catalog';

/** Promotion kinds whose goods are sold at promotion_goods.price on a type-1 cart line. */
export const PROMO_PRICED_KINDS = ['flash', 'everyday'] as const;
export type PromoPricedKind = (typeof PROMO_PRICED_KINDS)[number];
export const isPromoPricedKind = (kind: string): kind is PromoPricedKind =>
  (PROMO_PRICED_KINDS as readonly string[]).includes(kind);

/** Cart line type of a daily special (and a flash sale). */
export const DAILY_SPECIAL_LINE_TYPE = 1;

/** Hour (Shanghai) from which tomorrow's specials are previewed when the promotion sets none. */
export const DEFAULT_PREVIEW_HOUR = 20;

/** A special: the goods as a list card priced at the special price, with what it replaces. */
export interface DailySpecialItem extends GoodsListItem {
  /** The member's normal unit price (fen), null when prices are hidden. */
  normal_price: number | null;
  /** Units left at the special price (null = no cap). */
  remaining: number | null;
}

export interface DailySpecialDay {
  promotion_id: number;
  name: string;
  description: string;
  /** Seconds: the day's start and end. */
  starts_at: number;
  ends_at: number;
  goods: DailySpecialItem[];
}

/** GET /api/activity/everyday_price. */
export interface DailySpecialState {
  today: DailySpecialDay | null;
  /** Tomorrow's specials, from its preview hour on; null before it (or when none is planned). */
  tomorrow: DailySpecialDay | null;
  /** Seconds: when tomorrow's preview opens (null when nothing is planned or it is open). */
  preview_at: number | null;
}

/** Percent saved, rounded down: 1000 → 800 is 20. */
export function savingPercent(normal: number, special: number): number {
  if (normal <= 0 || special >= normal) return 0;
  return Math.floor(((normal - special) * 100) / normal);
}
