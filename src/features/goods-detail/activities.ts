// Reading GET /api/goods/activities (GoodsActivity) for the detail page: which promotions run now,
// what they are called, and the group-buy one for /list/info-pt/:id.
import type { GoodsActivity } from '../../domain/catalog';
import { toMillis } from '../../domain/time';

/** Promotion kinds (server/db/schema.ts promotions.kind) as buyers call them. */
export const ACTIVITY_KIND_LABELS: Readonly<Record<string, string>> = {
  manjian: '满减',
  discount: '满折',
  flash: '秒杀',
  group: '拼团',
  combination: '组合购',
  cashback: '满返',
  everyday: '每日特价',
  exchange: '换购',
  gift: '满赠',
};

export const GROUP_BUY_KIND = 'group';
export const COMBINATION_KIND = 'combination';

export function activityKindLabel(kind: string): string {
  return ACTIVITY_KIND_LABELS[kind] ?? '促销';
}

export function isRunning(a: GoodsActivity, nowMs: number): boolean {
  return toMillis(a.starts_at) <= nowMs && nowMs < toMillis(a.ends_at);
}

/**
 * Group-buy extras the contract leaves open (GoodsActivity has no price): read when the server
 * sends them, never required, so the panel degrades to the activity's rule texts.
 */
export interface GroupBuyInfo {
  activity: GoodsActivity;
  /** 拼团价 (fen). */
  price: number | null;
  /** 成团人数 / 件数. */
  groupSize: number | null;
  /** Joined or sold so far. */
  joined: number | null;
  endsAtMs: number;
}

function numberField(a: GoodsActivity, ...names: string[]): number | null {
  const record = a as unknown as Record<string, unknown>;
  for (const name of names) {
    const v = record[name];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return null;
}

export function activeGroupBuy(list: readonly GoodsActivity[], nowMs: number): GroupBuyInfo | null {
  const activity = list.find((a) => a.kind === GROUP_BUY_KIND && isRunning(a, nowMs));
  if (!activity) return null;
  return {
    activity,
    price: numberField(activity, 'price', 'group_price'),
    groupSize: numberField(activity, 'group_size', 'quantity'),
    joined: numberField(activity, 'joined', 'sold'),
    endsAtMs: toMillis(activity.ends_at),
  };
}
