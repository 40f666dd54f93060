// Quick purchase (/kjcg, 快捷采购): the pasted-list line rule and the wire types of
// GET /api/user/fast_buy, POST /api/user/fast_buy/match and the saved lists (常购清单).
// The parser is pure and shared: the page parses as the buyer types (and offline), the server
// parses the same text again before matching, so both always agree on what a line says.
import type { GoodsListItem } from './catalog';
import type { Page } from './envelope';

export { HISTORY_ORDER_DEFAULT, HISTORY_ORDER_KEYS, isHistoryOrder } from './quick-purchase-order';
export type { HistoryOrder, HistoryOrderKey } from './quick-purchase-order';

/** Lines one paste may hold: a clinic's weekly list is 100–300 lines; more is not a list. */
export const MAX_PASTE_LINES = 1000;
/** Characters of one line after cleaning; a longer line is refused, not truncated silently. */
export const MAX_PASTE_LINE_CHARS = 100;
/** The largest quantity one line may ask for (the cart's own upper bound). */
export const MAX_PASTE_NUMBER = 9_999_999;

export interface PastedLine {
  /** 1-based line number in the pasted text (blank lines count, so it matches the buyer's rows). */
  line: number;
  /** The line as cleaned (control characters removed, trimmed). */
  raw: string;
  /** What to look for: the line without its quantity, separators collapsed to one space. */
  query: string;
  /** The quantity given, or 1 when the line names none (a scanned barcode). */
  number: number;
  /** True when the line itself carried the quantity. */
  numberGiven: boolean;
  /** Why the line cannot be used as it is (Chinese), or null. */
  problem: string | null;
}

export const PASTE_TOO_MANY = `一次最多粘贴${MAX_PASTE_LINES}行`;
export const PASTE_LINE_TOO_LONG = `单行最多${MAX_PASTE_LINE_CHARS}个字`;
export const PASTE_LINE_NO_GOODS = '请填写商品名称、批准文号、条形码或商品编码';

// C0/C1 controls, zero-width and bidi marks: pasted from other systems, never meaningful, and a
// bidi override would make a line read differently on screen than it is matched.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/gu;
/** Tabs (Excel), commas (CSV, also full-width and 、), semicolons and any run of spaces. */
const SEPARATORS = /[\t,，、;；\s\u3000]+/u;
/** A quantity cell: digits, optionally followed by a packing unit as stock systems print it. */
const QUANTITY = /^(\d{1,7})(?:盒|瓶|支|袋|包|板|件|个|盒装|罐|桶|贴|片|粒|只|套|台|把|卷|听|提)?$/u;

/** Splits one cleaned line into its query and quantity. */
function parseOne(raw: string, line: number): PastedLine {
  const tokens = raw.split(SEPARATORS).filter((t) => t !== '');
  let number = 1;
  let numberGiven = false;
  // The last cell is the quantity when it looks like one and something else names the goods; a
  // lone number is a code (a USB scanner types a barcode or goods code and Enter).
  if (tokens.length >= 2) {
    const m = QUANTITY.exec(tokens[tokens.length - 1]);
    if (m) {
      number = Number(m[1]);
      numberGiven = true;
      tokens.pop();
    }
  }
  const query = tokens.join(' ');
  let problem: string | null = null;
  if (Array.from(raw).length > MAX_PASTE_LINE_CHARS) problem = PASTE_LINE_TOO_LONG;
  else if (query === '') problem = PASTE_LINE_NO_GOODS;
  else if (numberGiven && (number < 1 || number > MAX_PASTE_NUMBER)) problem = '数量须为正整数';
  return { line, raw, query, number, numberGiven, problem };
}

/**
 * One entry per non-blank line of `text` (Windows, Unix or old Mac line ends). Never throws:
 * a line it cannot use carries `problem`; more than MAX_PASTE_LINES non-blank lines is for the
 * caller to refuse (`tooManyLines`).
 */
export function parsePastedList(text: string): PastedLine[] {
  const out: PastedLine[] = [];
  text.split(/\r\n|\r|\n/u).forEach((rawLine, i) => {
    const cleaned = rawLine.replace(INVISIBLE, '').trim();
    // A row of empty cells (,,, or tabs) is a blank line too.
    if (cleaned.split(SEPARATORS).every((t) => t === '')) return;
    out.push(parseOne(cleaned, i + 1));
  });
  return out;
}

export function tooManyLines(lines: readonly PastedLine[]): boolean {
  return lines.length > MAX_PASTE_LINES;
}

/** How a query names goods, decided from its shape before any lookup. */
export type QueryShape =
  /** 8–14 digits: an EAN/UPC barcode (or, if none, a goods code). */
  | 'barcode'
  /** 1–7 digits: our goods code (商品编码 = goods id). */
  | 'code'
  /** 国药准字H20003263, 国械注准…, or the bare letter+8 digits. */
  | 'approval'
  | 'text';

const APPROVAL = /^(?:国药准字|国药证字|国械注准|国械注进|国食健字|卫食健字)?[A-Z]\d{8,12}$/iu;

export function queryShape(query: string): QueryShape {
  const q = query.trim();
  if (/^\d{8,14}$/u.test(q)) return 'barcode';
  if (/^\d{1,7}$/u.test(q)) return 'code';
  if (APPROVAL.test(q.replace(/\s+/gu, ''))) return 'approval';
  return 'text';
}

/** The approval number as stored: 国药准字 prefix kept, letters upper-case, no spaces. */
export function normaliseApproval(query: string): string {
  return query.replace(/\s+/gu, '').toUpperCase();
}

/** The approval number's distinctive part (H20003263), to match with or without the prefix. */
export function approvalCore(value: string): string {
  const m = /[A-Z]\d{8,12}$/iu.exec(value.replace(/\s+/gu, ''));
  return m ? m[0].toUpperCase() : '';
}

// --- wire types ------------------------------------------------------------------------------

/** How a pasted line found its goods, best first. */
export type MatchMethod = 'code' | 'barcode' | 'approval' | 'name_spec' | 'name' | 'search';

export const MATCH_METHOD_LABELS: Record<MatchMethod, string> = {
  code: '商品编码',
  barcode: '条形码',
  approval: '批准文号',
  name_spec: '名称+规格',
  name: '名称',
  search: '搜索',
};

/** Alternatives offered beside a match (or instead of one). */
export const MATCH_ALTERNATIVES = 5;

/** One line of POST /api/user/fast_buy/match. */
export interface MatchedLine {
  line: number;
  raw: string;
  query: string;
  number: number;
  problem: string | null;
  /** The goods the line names, or null (unknown, or several equally good: see alternatives). */
  match: GoodsListItem | null;
  method: MatchMethod | null;
  /** Other goods the buyer may mean, best first, without the match. */
  alternatives: GoodsListItem[];
}

export interface MatchResult {
  lines: MatchedLine[];
}

/** One row of GET /api/user/fast_buy: a goods this company bought before. */
export interface PurchaseHistoryRow {
  goods_id: number;
  /** The goods as it is now, with this buyer's price and stock; null once it is gone or hidden. */
  goods: GoodsListItem | null;
  /** 1 when the goods was taken off sale (下架): the row says 已下架 (else a null `goods` is 控销 or deleted). Absent in copies stored before it existed. */
  off_sale?: 0 | 1;
  /** Name and spec as last bought (the goods may since have been renamed or hidden). */
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  /** The goods' barcode ('' when none): the device matches scanned codes offline with it. */
  barcode: string;
  /** Unit price of the last purchase, fen. */
  last_price: number;
  last_number: number;
  /** Orders that contained it. */
  times: number;
  /** Last purchase, seconds (like the other lists). */
  last_at: number;
}

export type PurchaseHistoryPage = Page<PurchaseHistoryRow>;

/** Most history rows one page may carry: a whole weekly reorder fits in one page. */
export const HISTORY_PAGE_SIZE_MAX = 300;
export const HISTORY_PAGE_SIZE_DEFAULT = 50;

// --- saved lists (常购清单) ---------------------------------------------------------------------

export const MAX_SAVED_LISTS = 50;
export const MAX_SAVED_LIST_ITEMS = 300;
export const SAVED_LIST_NAME_MAX = 30;

export interface SavedListItem {
  goods_id: number;
  number: number;
  /** The goods as it is now for this buyer; null once it is gone or hidden. */
  goods: GoodsListItem | null;
  /** Name as saved, shown when the goods is gone. */
  name: string;
}

export interface SavedList {
  id: number;
  name: string;
  items: SavedListItem[];
  /** Seconds. */
  updated_at: number;
}
