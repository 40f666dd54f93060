// Group buy (拼团, /ptzq and /list_info_pt): what GET /api/activity/group_buy answers and the
// rules page and server share (docs/decisions/group-buy.md). Money in fen, times in seconds.
import type { GoodsListItem } from './catalog';

/** Cart line kind of a group-buy join (CartLineType 2). */
export const GROUP_LINE_TYPE = 2;

/** One goods of a running group buy. `type` is 2: adding it joins the group. */
export type GroupBuyGoods = GoodsListItem & {
  promotion_id: number;
  promotion_name: string;
  /** 拼团价 (null when prices are hidden). */
  group_price: number | null;
  /** Units to reach by the end time (成团数量). */
  target: number;
  /** Units joined so far in orders that are not cancelled. */
  joined: number;
  /** Per-company cap (0 = none). */
  per_company_limit: number;
  starts_at: number;
  ends_at: number;
};

export interface GroupBuyList {
  /** Server time (SPEC §4 clock). */
  timestamp: number;
  list: GroupBuyGoods[];
}

/** Progress in whole percent, 0..100 (100 once the target is reached). */
export function groupProgressPercent(joined: number, target: number): number {
  if (target <= 0) return 100;
  return Math.min(100, Math.floor((joined / target) * 100));
}

/** Units still missing to reach the target (0 once reached). */
export function groupShortfall(joined: number, target: number): number {
  return Math.max(0, target - joined);
}
