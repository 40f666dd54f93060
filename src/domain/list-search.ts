// The list URL (SPEC §2 goods lists, search, zones): parsed once from the router's search object
// into a typed ListSearch, serialised back into a short, shareable query string, and turned into
// the GET /api/goods/list query. Anything malformed falls back to its default: a hand-edited or
// stale link still opens a list, it never throws and never sends the server a value it refuses.
//
// The router JSON-parses values (`page=2` arrives as 2, `keywords=999` as 999, repeated keys as
// arrays), so every reader accepts strings, numbers, booleans and arrays alike.
import type { SearchType } from './contracts';
import type { GoodsListQuery, GoodsSort, GoodsZone } from './catalog';
import { floorYuan2, yuanToFen } from './money';

export type ListView = 'grid' | 'table' | 'no_image';

/** SPEC §3 badge tags, in the order the filter bar shows them. */
export const FILTER_TAGS = ['优', '秒', '满', '换购', '赠', '特', '新'] as const;
export type FilterTag = (typeof FILTER_TAGS)[number];

export const SORTS: readonly GoodsSort[] = ['default', 'sales', 'price_asc', 'price_desc', 'newest'];
export const ZONES: readonly GoodsZone[] = ['jxq', 'kx', 'zy', 'qx', 'yx', 'youx'];
export const VIEWS: readonly ListView[] = ['grid', 'table', 'no_image'];

export const PAGE_SIZE_OPTIONS = [20, 40, 60, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** The server accepts 1–100 (docs/api.md "GET /api/goods/list"). */
const MAX_PAGE_SIZE = 100;
/** Far beyond any real catalogue; keeps a pasted huge number from reaching the server. */
export const MAX_PAGE = 10_000;
/** The server refuses longer keywords (422 搜索关键词过长，最多50个字). */
export const MAX_KEYWORDS_CHARS = 50;
/** Upper bound of the price inputs, in yuan. */
export const MAX_PRICE_YUAN = 999_999;
const MAX_ID = 2_147_483_647;

export interface ListSearch {
  page: number;
  page_size: number;
  /** Trimmed; '' = no keyword. */
  keywords: string;
  /** 1 medicine name, 2 manufacturer (only meaningful with keywords). */
  type: SearchType;
  category_id?: number;
  manufacturer_id?: number;
  brand_id?: number;
  /** Known badge tags, de-duplicated, in FILTER_TAGS order. */
  tags: FilterTag[];
  zone?: GoodsZone;
  /** SPEC §9: the free-shipping filter travels as yx=1. */
  yx: boolean;
  /** Yuan, as the buyer typed them (≤ 2 decimals); the query converts to fen. */
  price_min?: number;
  price_max?: number;
  in_stock: boolean;
  sort: GoodsSort;
  /** Only read on pages that have one path for all views (zones, /list/other). */
  view: ListView;
}

export const DEFAULT_LIST_SEARCH: ListSearch = {
  page: 1,
  page_size: DEFAULT_PAGE_SIZE,
  keywords: '',
  type: 1,
  tags: [],
  yx: false,
  in_stock: false,
  sort: 'default',
  view: 'grid',
};

// ---- readers: unknown in, a valid value or undefined out -------------------------------------

/** A repeated key arrives as an array: the first usable value wins. */
function first(raw: unknown): unknown {
  return Array.isArray(raw) ? raw[0] : raw;
}

function toText(raw: unknown): string | undefined {
  const v = first(raw);
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  return undefined;
}

function toNumber(raw: unknown): number | undefined {
  const v = first(raw);
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (!/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  return Number(s);
}

function intIn(raw: unknown, min: number, max: number): number | undefined {
  const n = toNumber(raw);
  return n !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

function oneOf<T extends string | number>(raw: unknown, allowed: readonly T[]): T | undefined {
  const v = first(raw);
  return allowed.find((a) => a === v || String(a) === toText(v));
}

function flag(raw: unknown): boolean {
  const v = first(raw);
  return v === 1 || v === true || v === '1' || v === 'true';
}

// Control characters (pasted from spreadsheets, tabs, newlines) become spaces.
// eslint-disable-next-line no-control-regex -- control characters are what this matches
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

function keywordsOf(raw: unknown): string {
  const text = toText(raw);
  if (text === undefined) return '';
  return [...text.replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim()].slice(0, MAX_KEYWORDS_CHARS).join('').trim();
}

function tagsOf(raw: unknown): FilterTag[] {
  const parts = (Array.isArray(raw) ? raw : [raw])
    .map(toText)
    .filter((s): s is string => s !== undefined)
    .flatMap((s) => s.split(/[,，]/))
    .map((s) => s.trim());
  return FILTER_TAGS.filter((t) => parts.includes(t));
}

function priceOf(raw: unknown): number | undefined {
  const n = toNumber(raw);
  if (n === undefined || n < 0 || n > MAX_PRICE_YUAN) return undefined;
  return floorYuan2(n);
}

// ---- the three conversions -------------------------------------------------------------------

/**
 * Router search object → ListSearch. `defaults` lets a page change a default (e.g. the newest
 * first on a "new goods" zone); serialise with the same defaults to keep its URLs short.
 */
export function parseListSearch(raw: unknown, defaults: Partial<ListSearch> = {}): ListSearch {
  const base: ListSearch = { ...DEFAULT_LIST_SEARCH, ...defaults };
  const r: Record<string, unknown> = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  let priceMin = priceOf(r.price_min);
  let priceMax = priceOf(r.price_max);
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin];
  const keywords = r.keywords === undefined ? base.keywords : keywordsOf(r.keywords);
  return {
    page: intIn(r.page, 1, MAX_PAGE) ?? base.page,
    page_size: intIn(r.page_size, 1, MAX_PAGE_SIZE) ?? base.page_size,
    keywords,
    // Without a keyword the type means nothing; keeping it canonical keeps one URL per list.
    type: (keywords ? oneOf<SearchType>(r.type, [1, 2]) : undefined) ?? base.type,
    category_id: intIn(r.category_id, 1, MAX_ID) ?? base.category_id,
    manufacturer_id: intIn(r.manufacturer_id, 1, MAX_ID) ?? base.manufacturer_id,
    brand_id: intIn(r.brand_id, 1, MAX_ID) ?? base.brand_id,
    tags: r.tags === undefined ? base.tags : tagsOf(r.tags),
    zone: oneOf(r.zone, ZONES) ?? base.zone,
    yx: r.yx === undefined ? base.yx : flag(r.yx),
    price_min: priceMin ?? base.price_min,
    price_max: priceMax ?? base.price_max,
    in_stock: r.in_stock === undefined ? base.in_stock : flag(r.in_stock),
    sort: oneOf(r.sort, SORTS) ?? base.sort,
    view: oneOf(r.view, VIEWS) ?? base.view,
  };
}

/** The 控销 new-goods zone lists the newest goods first. */
export const NEWEST_FIRST: Partial<ListSearch> = { sort: 'newest' };

const NO_DEFAULTS: Partial<ListSearch> = {};
const schemas = new WeakMap<Partial<ListSearch>, (raw: unknown) => ListSearch>();

/**
 * A list page's route search schema (its `validateSearch`) with these URL defaults: one function
 * per defaults object, so the route row and its page hold the same schema.
 */
export function listSearchSchema(defaults: Partial<ListSearch> = NO_DEFAULTS): (raw: unknown) => ListSearch {
  let schema = schemas.get(defaults);
  if (!schema) {
    schema = (raw) => parseListSearch(raw, defaults);
    schemas.set(defaults, schema);
  }
  return schema;
}

/** Key order of the query string: the most telling filters first, paging last. */
const URL_ORDER: readonly (keyof ListSearch)[] = [
  'keywords',
  'type',
  'category_id',
  'manufacturer_id',
  'brand_id',
  'zone',
  'yx',
  'tags',
  'price_min',
  'price_max',
  'in_stock',
  'sort',
  'view',
  'page_size',
  'page',
];

function urlValue(key: keyof ListSearch, s: ListSearch): string | undefined {
  switch (key) {
    case 'keywords':
      return s.keywords || undefined;
    case 'type':
      // The type only means something next to a keyword.
      return s.keywords ? String(s.type) : undefined;
    case 'tags':
      return s.tags.length > 0 ? s.tags.join(',') : undefined;
    case 'yx':
    case 'in_stock':
      return s[key] ? '1' : undefined;
    default: {
      const v = s[key];
      return v === undefined ? undefined : String(v);
    }
  }
}

/**
 * ListSearch → `?a=b…` ('' when everything is default). Defaults are left out so a shared link
 * is short and two equal lists have one URL.
 */
export function serializeListSearch(s: ListSearch, defaults: Partial<ListSearch> = {}): string {
  const base: ListSearch = { ...DEFAULT_LIST_SEARCH, ...defaults };
  const params = new URLSearchParams();
  for (const key of URL_ORDER) {
    const value = urlValue(key, s);
    if (value === undefined || value === urlValue(key, base)) continue;
    params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The fixed part of a zone or brand page; it overrides whatever the URL says. */
export type ListPreset = Pick<GoodsListQuery, 'zone' | 'yx' | 'brand_id'>;

/** ListSearch (yuan) + preset → GET /api/goods/list query (fen). */
export function toGoodsListQuery(s: ListSearch, preset: ListPreset = {}): GoodsListQuery {
  const q: GoodsListQuery = {
    page: s.page,
    page_size: s.page_size,
    keywords: s.keywords || undefined,
    type: s.keywords ? s.type : undefined,
    category_id: s.category_id,
    manufacturer_id: s.manufacturer_id,
    brand_id: s.brand_id,
    tags: s.tags.length > 0 ? s.tags.join(',') : undefined,
    zone: s.zone,
    yx: s.yx ? 1 : undefined,
    price_min: s.price_min === undefined ? undefined : yuanToFen(s.price_min),
    price_max: s.price_max === undefined ? undefined : yuanToFen(s.price_max),
    in_stock: s.in_stock ? 1 : undefined,
    sort: s.sort === 'default' ? undefined : s.sort,
  };
  for (const [k, v] of Object.entries(preset)) if (v !== undefined) (q as Record<string, unknown>)[k] = v;
  return q;
}

/**
 * The URL's copy of what the preset fixes is dropped: it would not filter (the preset wins), so
 * it must not show as a selected filter nor travel on in the page's links.
 */
export function withoutPreset(s: ListSearch, preset: ListPreset): ListSearch {
  return {
    ...s,
    zone: preset.zone === undefined ? s.zone : undefined,
    yx: preset.yx === undefined ? s.yx : false,
    brand_id: preset.brand_id === undefined ? s.brand_id : undefined,
  };
}

/** True when the buyer narrowed the list (the empty state then offers to clear the filters). */
export function hasNarrowingFilters(s: ListSearch): boolean {
  return (
    s.manufacturer_id !== undefined ||
    s.brand_id !== undefined ||
    s.tags.length > 0 ||
    s.zone !== undefined ||
    s.yx ||
    s.price_min !== undefined ||
    s.price_max !== undefined ||
    s.in_stock
  );
}

/** A filter change starts again at page 1; a page change keeps the filters. */
export function withFilter(s: ListSearch, patch: Partial<ListSearch>): ListSearch {
  return { ...s, ...patch, page: 1 };
}
