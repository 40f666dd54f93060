// Goods search (DESIGN.md "search"): one definition of what a keyword matches and how matches
// rank, used by the search-box suggestions now and by the full list/search page later.
//
// Why the shapes below (EXPLAIN findings, docs/api.md "Search design (for reviewers)"):
// - Name / common-name prefix and pinyin prefix use btree text_pattern_ops indexes.
// - "Contains" on Chinese text cannot rely on pg_trgm: a 1–2 character query (感冒, 阿莫) has no
//   complete trigram, so the trigram index degenerates into a full index scan. Instead the stored
//   column goods.search_grams = search_grams(name || ' ' || common_name) — every non-ASCII
//   character and every 2-character window, lower-cased — with a GIN index answers any query of
//   ≥ 2 characters (and a single Chinese character) with `@>` on the query's own grams; ILIKE
//   confirms terms longer than one gram. Being a column, it has element statistics, so the
//   planner knows 颗粒 is common (walk goods_sales_idx, cheap array test per row) and 阿莫 is not
//   (bitmap scan of the GIN index).
// - Latin "contains" (gml inside 999gml, ganmaoling inside 999ganmaoling) uses trigram GIN
//   indexes on pinyin_initials / pinyin_full, for queries of ≥ 3 letters (shorter ones would
//   match most of the catalogue and the prefix tiers already answer them).
// - Manufacturer matches go through the small manufacturers table first, then goods by
//   manufacturer_id (goods_manufacturer_idx or a sales-order walk, the planner's choice).
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goods, manufacturers } from '../../db/schema.ts';
import { validationError } from '../../http/envelope.ts';
import { normaliseLatinQuery } from '../search-keys.ts';
import type { SearchSuggestion, SearchType } from '@domain/contracts.ts';
import { escapeLike } from '../../db/like.ts';

/** Longest keyword accepted, in characters (a drug name plus spec fits easily). */
export const SEARCH_KEYWORD_MAX_CHARS = 50;
export const SUGGESTION_LIMIT = 10;
/** Latin "contains" needs a whole trigram to be index-backed. */
const LATIN_CONTAINS_MIN = 3;

const HAN = /\p{Script=Han}/u;

/** A keyword, parsed once into every form the match tiers need. */
export interface SearchQuery {
  /** Trimmed, inner whitespace collapsed to one space. */
  text: string;
  /** Whitespace-separated terms; "contains" requires every term. */
  terms: string[];
  hasCjk: boolean;
  /** Lower-case [a-z0-9] form for the pinyin keys; '' for Chinese queries. */
  latin: string;
  /** Grams the `search_grams` GIN index is probed with; empty when no term is indexable. */
  grams: string[];
}

/**
 * The grams of one lower-cased term as the SQL function search_grams() stores them: a single
 * non-ASCII character is its own gram; a longer term is covered by its 2-character windows.
 */
export function termGrams(term: string): string[] {
  const chars = Array.from(term);
  if (chars.length === 1) return chars[0].charCodeAt(0) > 127 ? [chars[0]] : [];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

/**
 * Parses the raw `keywords` value. Null means "nothing to search" (empty after trimming);
 * a keyword longer than SEARCH_KEYWORD_MAX_CHARS is a 422.
 */
export function parseKeyword(raw: string | undefined): SearchQuery | null {
  const text = (raw ?? '').trim().replace(/\s+/gu, ' ');
  if (text === '') return null;
  if (Array.from(text).length > SEARCH_KEYWORD_MAX_CHARS) {
    throw validationError({ keywords: [`搜索关键词过长，最多${SEARCH_KEYWORD_MAX_CHARS}个字`] });
  }
  const terms = [...new Set(text.split(' '))];
  const hasCjk = HAN.test(text);
  const grams = new Set<string>();
  for (const term of terms) for (const g of termGrams(term.toLowerCase())) grams.add(g);
  return { text, terms, hasCjk, latin: hasCjk ? '' : normaliseLatinQuery(text), grams: [...grams] };
}

// --- match tiers ---------------------------------------------------------------------------

/** The text goods.search_grams is computed from (see schema.ts). */
const haystack = sql`(${goods.name} || ' ' || ${goods.commonName})`;

/** Only goods a viewer may find: on sale, and 控销 only for entitled buyers. */
export function visibleGoods(opts: { controlled: boolean }): SQL {
  return opts.controlled ? sql`${goods.isOnSale} = true` : sql`${goods.isOnSale} = true AND ${goods.isKx} = false`;
}

/**
 * The same rule in hand-written SQL over goods aliased `g`. `controlled`: whether the viewer is
 * entitled to 控销 goods, or a boolean SQL expression of the row's buyer (`c.is_special`).
 */
export function visibleGoodsRow(controlled: boolean | SQL): SQL {
  if (controlled === true) return sql`g.is_on_sale`;
  if (controlled === false) return sql`(g.is_on_sale AND NOT g.is_kx)`;
  return sql`(g.is_on_sale AND (NOT g.is_kx OR ${controlled}))`;
}

function textArray(values: string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** A manufacturers row matches the keyword: name contains it, or (latin keywords) a pinyin prefix. */
function manufacturerMatch(q: SearchQuery): SQL {
  const contains = `%${escapeLike(q.text)}%`;
  const pinyin = q.latin
    ? sql` OR ${manufacturers.pinyinInitials} LIKE ${`${q.latin}%`} OR ${manufacturers.pinyinFull} LIKE ${`${q.latin}%`}`
    : sql``;
  return sql`${manufacturers.name} LIKE ${contains} OR ${manufacturers.shortName} LIKE ${contains}${pinyin}`;
}

/** One rank of matches; its alternatives run as separate statements and merge by sales. */
export interface SearchTier {
  name: 'exact' | 'prefix' | 'initials' | 'pinyin' | 'contains' | 'manufacturer';
  /**
   * Separate conditions rather than one OR, so each statement gets the plan of its own index
   * (an OR across a GIN and a btree condition tends to end as a filter over a sales-order walk).
   */
  alternatives: SQL[];
}

/**
 * The match tiers in rank order (SPEC/DESIGN: exact name > name prefix > pinyin initials prefix >
 * pinyin full prefix > contains > manufacturer). Each alternative is index-backed on its own.
 */
export function searchTiers(q: SearchQuery): SearchTier[] {
  const prefix = `${escapeLike(q.text)}%`;
  const tiers: SearchTier[] = [
    { name: 'exact', alternatives: [sql`${goods.name} = ${q.text}`] },
    { name: 'prefix', alternatives: [sql`${goods.name} LIKE ${prefix}`, sql`${goods.commonName} LIKE ${prefix}`] },
  ];
  if (q.latin) {
    tiers.push({ name: 'initials', alternatives: [sql`${goods.pinyinInitials} LIKE ${`${q.latin}%`}`] });
    tiers.push({ name: 'pinyin', alternatives: [sql`${goods.pinyinFull} LIKE ${`${q.latin}%`}`] });
  }
  const contains: SQL[] = [];
  if (q.grams.length > 0) {
    // A term of 1–2 characters is one gram (bar a lone ASCII character, which has none), so `@>`
    // alone is exact for it and the planner keeps the column's good row estimate (an ILIKE on the
    // expression would multiply in a blind 0.5% guess). Longer terms also need ILIKE, since
    // their grams could occur apart.
    const confirm = q.terms
      .filter((t) => Array.from(t).length > 2 || termGrams(t.toLowerCase()).length === 0)
      .map((t) => sql`${haystack} ILIKE ${`%${escapeLike(t)}%`}`);
    contains.push(sql.join([sql`${goods.searchGrams} @> ${textArray(q.grams)}`, ...confirm], sql` AND `));
  }
  if (q.latin.length >= LATIN_CONTAINS_MIN) {
    const inner = `%${q.latin}%`;
    contains.push(sql`${goods.pinyinInitials} LIKE ${inner}`, sql`${goods.pinyinFull} LIKE ${inner}`);
  }
  if (contains.length > 0) tiers.push({ name: 'contains', alternatives: contains });
  tiers.push({
    name: 'manufacturer',
    alternatives: [
      sql`${goods.manufacturerId} IN (SELECT ${manufacturers.id} FROM ${manufacturers} WHERE ${manufacturerMatch(q)})`,
    ],
  });
  return tiers;
}

const anyOf = (conds: SQL[]): SQL =>
  sql`(${sql.join(
    conds.map((c) => sql`(${c})`),
    sql` OR `,
  )})`;

/** Any tier matches: the WHERE of a full search page. Pair it with searchRank() for ORDER BY. */
export function searchCondition(q: SearchQuery): SQL {
  return anyOf(searchTiers(q).flatMap((t) => t.alternatives));
}

/** 0 for the best tier; a search page orders by it, then sales_count desc. */
export function searchRank(q: SearchQuery): SQL<number> {
  const tiers = searchTiers(q);
  const whens = sql.join(
    tiers.map((t, i) => sql`WHEN ${anyOf(t.alternatives)} THEN ${sql.raw(String(i))}`),
    sql` `,
  );
  return sql<number>`(CASE ${whens} ELSE ${sql.raw(String(tiers.length))} END)`;
}

/** drizzle's raw execute returns the driver's result (PGlite and node-postgres both carry rows). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

interface SuggestionRow extends Record<string, unknown> {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  sales: number;
}

/** More matching manufacturers than this and the keyword is too vague to rank by maker. */
const MANUFACTURER_IDS_MAX = 500;

/**
 * The manufacturer tier with its ids resolved first (a small table): no goods statement at all
 * when none match, and otherwise constant ids the planner can estimate. As a subquery, a keyword
 * matching nothing could walk all of goods_sales_idx looking for 10 rows that do not exist.
 */
export async function manufacturerAlternatives(db: Db, q: SearchQuery): Promise<SQL[]> {
  const res = await db.execute<{ id: number }>(
    sql`SELECT ${manufacturers.id} AS id FROM ${manufacturers} WHERE ${manufacturerMatch(q)} LIMIT ${MANUFACTURER_IDS_MAX}`,
  );
  const ids = rowsOf<{ id: number }>(res).map((r) => r.id);
  return ids.length === 0 ? [] : [inArray(goods.manufacturerId, ids)];
}

/** One alternative's statement: the best `limit` visible goods matching it, by sales. */
export function tierStatement(cond: SQL, opts: { controlled: boolean }, limit: number): SQL {
  return sql`
    SELECT ${goods.id} AS id, ${goods.name} AS name, ${goods.sccj} AS sccj, ${goods.ypgg} AS ypgg,
           ${goods.salesCount} AS sales
    FROM ${goods}
    WHERE ${visibleGoods(opts)} AND ${cond}
    ORDER BY ${goods.salesCount} DESC, ${goods.id}
    LIMIT ${limit}`;
}

/**
 * Search-box suggestions by goods name. Tiers run in rank order, each alternative `LIMIT n` on its
 * own index, and stop as soon as n distinct goods are found. A tier can repeat at most the goods
 * earlier tiers already returned, and a tier's alternatives are merged by sales before use, so
 * `LIMIT n` per statement is enough for an exact merge and the order is exact.
 */
export async function suggestGoods(
  db: Db,
  q: SearchQuery,
  opts: { controlled: boolean; limit?: number },
): Promise<SearchSuggestion[]> {
  const limit = opts.limit ?? SUGGESTION_LIMIT;
  const found = new Map<number, SearchSuggestion>();
  for (const tier of searchTiers(q)) {
    const alternatives = tier.name === 'manufacturer' ? await manufacturerAlternatives(db, q) : tier.alternatives;
    const rows: SuggestionRow[] = [];
    for (const cond of alternatives) {
      rows.push(...rowsOf<SuggestionRow>(await db.execute<SuggestionRow>(tierStatement(cond, opts, limit))));
    }
    if (alternatives.length > 1) rows.sort((a, b) => b.sales - a.sales || a.id - b.id);
    for (const r of rows) {
      if (found.size >= limit) break;
      if (!found.has(r.id)) found.set(r.id, { id: r.id, keyword: r.name, name: r.name, sccj: r.sccj, ypgg: r.ypgg });
    }
    if (found.size >= limit) break;
  }
  return [...found.values()];
}

interface ManufacturerRow extends Record<string, unknown> {
  name: string;
}

/**
 * Manufacturers matching the keyword that have at least one goods the viewer may see, best match
 * first (exact, name prefix, initials prefix, full pinyin prefix, contains), then shorter names.
 */
export function manufacturerStatement(q: SearchQuery, opts: { controlled: boolean }, limit: number): SQL {
  const prefix = `${escapeLike(q.text)}%`;
  const pinyinTiers = q.latin
    ? sql`WHEN ${manufacturers.pinyinInitials} LIKE ${`${q.latin}%`} THEN 2
          WHEN ${manufacturers.pinyinFull} LIKE ${`${q.latin}%`} THEN 3`
    : sql``;
  return sql`
    SELECT ${manufacturers.name} AS name
    FROM ${manufacturers}
    WHERE (${manufacturerMatch(q)})
      AND EXISTS (SELECT 1 FROM ${goods} WHERE ${goods.manufacturerId} = ${manufacturers.id} AND ${visibleGoods(opts)})
    ORDER BY CASE WHEN ${manufacturers.name} = ${q.text} THEN 0
                  WHEN ${manufacturers.name} LIKE ${prefix} THEN 1
                  ${pinyinTiers}
                  ELSE 4 END,
             length(${manufacturers.name}), ${manufacturers.name}
    LIMIT ${limit}`;
}

/** Search-box suggestions by manufacturer (生产厂家): `{ id: null, keyword: name, … }`. */
export async function suggestManufacturers(
  db: Db,
  q: SearchQuery,
  opts: { controlled: boolean; limit?: number },
): Promise<SearchSuggestion[]> {
  const limit = opts.limit ?? SUGGESTION_LIMIT;
  const res = await db.execute<ManufacturerRow>(manufacturerStatement(q, opts, limit));
  return rowsOf<ManufacturerRow>(res).map((r) => ({ id: null, keyword: r.name, name: r.name, sccj: r.name, ypgg: '' }));
}

export async function suggest(
  db: Db,
  q: SearchQuery,
  type: SearchType,
  opts: { controlled: boolean; limit?: number },
): Promise<SearchSuggestion[]> {
  return type === 2 ? suggestManufacturers(db, q, opts) : suggestGoods(db, q, opts);
}
