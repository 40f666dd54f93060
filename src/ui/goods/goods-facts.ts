// Small display rules shared by the goods tile, the detail page and the favourites list.
import { shanghaiDatePlusMonths } from '../../domain/time';

/** SPEC zone rule: goods expiring within this many months count as 近效期 even without is_jxq. */
export const NEAR_EXPIRY_MONTHS = 6;
/** Above this stock the exact number is not shown (it changes by the minute and says little). */
export const PLENTY_STOCK = 100;

/** 近效期: flagged by the server, or expiring within NEAR_EXPIRY_MONTHS (ISO dates compare as text). */
export function isNearExpiry(goods: { is_jxq: 0 | 1; expires_on: string }, now: Date = new Date()): boolean {
  if (goods.is_jxq === 1) return true;
  if (!/^\d{4}-\d{2}-\d{2}/.test(goods.expires_on)) return false;
  return goods.expires_on.slice(0, 10) < shanghaiDatePlusMonths(now.getTime(), NEAR_EXPIRY_MONTHS);
}

export function stockText(stock: number, unit = ''): string {
  if (stock <= 0) return '缺货';
  if (stock > PLENTY_STOCK) return '库存充足';
  return `库存${stock}${unit}`;
}

/** Where a goods card links (SPEC §2 alias /list/info/:id of list_info). */
export function goodsDetailHref(id: number): string {
  return `/list/info/${id}`;
}
