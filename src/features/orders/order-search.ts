// The order list's URL (`/order?tab=unpaid&keywords=…&start=…&end=…&page=2`). The router
// JSON-parses search values, so an all-digit order number must be written the router's way
// (quoted, via its own stringifier) or it would come back as a rounded number; hrefs are built
// with that stringifier and read back from the router's parsed search object. Anything
// malformed falls back to its default, so a stale or hand-edited link still opens a list.
import { defaultStringifySearch } from '@tanstack/react-router';
import { ORDER_TABS, type OrderTabKey } from '../../domain/orders';
import { positiveIntParam, searchRecord, type SearchSchema } from '../../domain/params';
import { useRouteSearch } from '../../widgets/route-search';
import { AFTER_SALE_PARAM } from './order-links';

export interface OrderSearch {
  tab: OrderTabKey;
  /** Trimmed order number or goods name; '' = none. */
  keywords: string;
  /** YYYY-MM-DD or ''. */
  start: string;
  end: string;
  page: number;
}

export const DEFAULT_ORDER_SEARCH: OrderSearch = { tab: 'all', keywords: '', start: '', end: '', page: 1 };

/** The server refuses longer keywords; a pasted paragraph is cut here instead. */
export const MAX_ORDER_KEYWORDS_CHARS = 50;
const MAX_PAGE = 10_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in YYYY-MM-DD. */
export function isIsoDate(v: string): boolean {
  const m = DATE_RE.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function isOrderTab(v: string): v is OrderTabKey {
  return ORDER_TABS.some((t) => t.key === v);
}

export type RawSearch = Readonly<Record<string, unknown>>;

/** A value as text: repeated keys arrive as arrays (first wins), numbers as numbers. */
export function textOf(raw: unknown): string {
  const v = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

export function parsePage(raw: unknown): number {
  return positiveIntParam(raw, MAX_PAGE) ?? 1;
}

export function parseOrderSearch(raw: RawSearch): OrderSearch {
  const tab = textOf(raw.tab);
  const start = textOf(raw.start);
  const end = textOf(raw.end);
  const out: OrderSearch = {
    tab: isOrderTab(tab) ? tab : 'all',
    keywords: textOf(raw.keywords).trim().slice(0, MAX_ORDER_KEYWORDS_CHARS),
    start: isIsoDate(start) ? start : '',
    end: isIsoDate(end) ? end : '',
    page: parsePage(raw.page),
  };
  // A reversed range is a typo, not a wish for an empty list: swap it.
  if (out.start !== '' && out.end !== '' && out.start > out.end) [out.start, out.end] = [out.end, out.start];
  return out;
}

/** `path` plus the query the router itself would write for `search` (undefined keys left out). */
export function hrefWith(path: string, search: Readonly<Record<string, string | number | undefined>>): string {
  const defined = Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined));
  return path + defaultStringifySearch(defined);
}

/** Defaults are left out so the plain `/order` stays the plain URL. */
export function orderSearchHref(path: string, s: OrderSearch): string {
  return hrefWith(path, {
    tab: s.tab !== 'all' ? s.tab : undefined,
    keywords: s.keywords !== '' ? s.keywords : undefined,
    start: s.start !== '' ? s.start : undefined,
    end: s.end !== '' ? s.end : undefined,
    page: s.page > 1 ? s.page : undefined,
  });
}

/** The order list's route search schema (/order). */
export const orderListSearch: SearchSchema<OrderSearch> = (raw) => parseOrderSearch(searchRecord(raw));

/** `?page=` alone, for the read-only lists (/jfdd, /hmdd). */
export const orderPageSearch: SearchSchema<{ page: number }> = (raw) => ({ page: parsePage(searchRecord(raw).page) });

/** The order detail's `?after_sale=1`: open the after-sale request form at once. */
export const orderDetailSearch: SearchSchema<{ afterSale: boolean }> = (raw) => ({
  afterSale: textOf(searchRecord(raw)[AFTER_SALE_PARAM]) === '1',
});

export function useOrderSearch(): OrderSearch {
  return useRouteSearch(orderListSearch);
}

export function usePageFromUrl(): number {
  return useRouteSearch(orderPageSearch).page;
}

export function pageHref(path: string, page: number): string {
  return hrefWith(path, { page: page > 1 ? page : undefined });
}
