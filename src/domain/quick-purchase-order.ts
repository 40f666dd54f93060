// The `order` values of GET /api/user/fast_buy: a key and a direction (`times_desc`). Its own tiny
// module because the /kjcg route's search schema needs it in the first bundle (route-loaders.md).
export const HISTORY_ORDER_KEYS = ['last_at', 'times', 'last_price', 'last_number', 'price', 'stock', 'name'] as const;
export type HistoryOrderKey = (typeof HISTORY_ORDER_KEYS)[number];
export type HistoryOrder = `${HistoryOrderKey}_${'asc' | 'desc'}`;
export const HISTORY_ORDER_DEFAULT: HistoryOrder = 'last_at_desc';

export function isHistoryOrder(v: unknown): v is HistoryOrder {
  if (typeof v !== 'string') return false;
  const m = /^(.+)_(asc|desc)$/u.exec(v);
  return m !== null && (HISTORY_ORDER_KEYS as readonly string[]).includes(m[1]);
}
