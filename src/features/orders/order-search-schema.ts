// The order centre's search schemas (/order, /jfdd, /hmdd, /order/info/:id): pure, and imported by
// the route manifest, so they are in the first bundle. Keep them that small: no hooks, no href
// builders, no runtime imports from domain/orders.ts (those live in order-search.ts and
// order-links.ts, loaded with the pages). Anything malformed falls back to its default, so a stale
// or hand-edited link still opens a list.
import type { OrderTabKey } from '../../domain/orders';
import { positiveIntParam, searchRecord, type SearchSchema } from '../../domain/params';

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

/**
 * The tab keys of domain/orders.ts ORDER_TABS, as a record so the type checker holds the two
 * together (a tab added there is an error here until listed) while this module stays free of the
 * tabs' texts and statuses.
 */
const ORDER_TAB_KEYS: Readonly<Record<OrderTabKey, true>> = {
  all: true,
  unpaid: true,
  paid: true,
  shipped: true,
  completed: true,
  cancelled: true,
  after_sale: true,
};

/** The order detail opens the after-sale form when it sees this flag (`?after_sale=1`). */
export const AFTER_SALE_PARAM = 'after_sale';

/** A real calendar date in YYYY-MM-DD. */
export function isIsoDate(v: string): boolean {
  const m = DATE_RE.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function isOrderTab(v: string): v is OrderTabKey {
  return Object.hasOwn(ORDER_TAB_KEYS, v);
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

/** The order list's route search schema (/order). */
export const orderListSearch: SearchSchema<OrderSearch> = (raw) => parseOrderSearch(searchRecord(raw));

/** `?page=` alone, for the read-only lists (/jfdd, /hmdd). */
export const orderPageSearch: SearchSchema<{ page: number }> = (raw) => ({ page: parsePage(searchRecord(raw).page) });

/** The order detail's `?after_sale=1`: open the after-sale request form at once. */
export const orderDetailSearch: SearchSchema<{ afterSale: boolean }> = (raw) => ({
  afterSale: textOf(searchRecord(raw)[AFTER_SALE_PARAM]) === '1',
});
