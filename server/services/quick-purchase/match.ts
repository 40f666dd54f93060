// POST /api/user/fast_buy/match: a pasted list, one goods per line. The text is parsed with the
// same pure rule the page uses (src/domain/quick-purchase.ts); the exact tiers (goods code,
// barcode, 批准文号, name + spec, name) are answered from a few batched statements for the whole
// list and decided by the shared matcher (src/domain/quick-purchase-match.ts); a line none of
// them settles goes through the shop's own search ranking (server/services/goods/search.ts).
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goods } from '../../db/schema.ts';
import { validationError } from '../../http/envelope.ts';
import { loadGoodsItems } from '../goods/item.ts';
import { parseKeyword, rowsOf, SEARCH_KEYWORD_MAX_CHARS, searchTiers, tierStatement } from '../goods/search.ts';
import type { Viewer } from '../price-visibility.ts';
import {
  approvalCore,
  MATCH_ALTERNATIVES,
  PASTE_TOO_MANY,
  parsePastedList,
  queryShape,
  tooManyLines,
  type MatchedLine,
} from '@domain/quick-purchase.ts';
import { matchExact, searchMatch, type LineMatch, type MatchCandidate } from '@domain/quick-purchase-match.ts';
import { boughtGoodsIds } from './history.ts';

export const PASTE_EMPTY = '请粘贴采购清单，每行一个商品';

const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

/** Goods the exact tiers may name for these queries: one statement per kind of key. */
async function candidatePool(db: Db, viewer: Viewer, queries: readonly string[]): Promise<MatchCandidate[]> {
  const ids = new Set<number>();
  const codes: string[] = [];
  const cores: string[] = [];
  const names = new Set<string>();
  for (const q of queries) {
    const shape = queryShape(q);
    if (shape === 'code' || shape === 'barcode') {
      codes.push(q);
      if (Number(q) <= 2_147_483_647) ids.add(Number(q));
    } else if (shape === 'approval') {
      cores.push(approvalCore(q));
    } else {
      names.add(q.split(/\s+/u)[0]);
      names.add(q);
    }
  }
  const conds: SQL[] = [];
  if (ids.size > 0) conds.push(sql`${goods.id} = ANY(${`{${[...ids].join(',')}}`}::int[])`);
  if (codes.length > 0) conds.push(sql`${goods.barcode} = ANY(${textArray(codes)})`);
  // The distinctive part (H20003263) wherever the prefix (国药准字) is written or not.
  if (cores.length > 0)
    conds.push(sql`upper(substring(${goods.approvalNo} from '[A-Za-z][0-9]{8,12}$')) = ANY(${textArray(cores)})`);
  if (names.size > 0) {
    const list = [...names];
    conds.push(sql`${goods.name} = ANY(${textArray(list)})`, sql`${goods.commonName} = ANY(${textArray(list)})`);
  }
  if (conds.length === 0) return [];
  const visible = viewer.isSpecial ? eq(goods.isOnSale, true) : and(eq(goods.isOnSale, true), eq(goods.isKx, false));
  const rows = await db
    .select({ id: goods.id, barcode: goods.barcode })
    .from(goods)
    .where(and(visible, or(...conds)))
    // A name shared by hundreds of goods is not a list line; the cap keeps one line from loading the shop.
    .limit(queries.length * 20 + 100);
  const barcodes = new Map(rows.map((r) => [r.id, r.barcode]));
  const items = await loadGoodsItems(
    db,
    viewer,
    rows.map((r) => r.id),
  );
  return items.map((item) => ({ item, barcode: barcodes.get(item.id) ?? '' }));
}

/**
 * Lines per request that may fall through to the search ranking (several statements each). A real
 * list is mostly settled by the exact tiers; a list of 1,000 lines none of them knows is not one,
 * and its lines past this many are left unmatched for the buyer to fix and match again.
 */
export const SEARCH_LINES_MAX = 300;

interface RankedRow extends Record<string, unknown> {
  id: number;
  sales: number;
}

/**
 * The shop's search ranking (server/services/goods/search.ts) for a query no exact tier settled:
 * its tiers in rank order, without the exact-name tier (already answered) and the manufacturer
 * tier (a list line names a goods, not a maker), stopping once enough goods are found.
 */
async function searchTier(db: Db, viewer: Viewer, query: string): Promise<LineMatch> {
  const chars = Array.from(query);
  const keyword = chars.length > SEARCH_KEYWORD_MAX_CHARS ? chars.slice(0, SEARCH_KEYWORD_MAX_CHARS).join('') : query;
  const q = parseKeyword(keyword);
  if (!q) return searchMatch([]);
  const limit = MATCH_ALTERNATIVES + 1;
  const found: number[] = [];
  for (const tier of searchTiers(q)) {
    if (tier.name === 'exact' || tier.name === 'manufacturer') continue;
    const rows: RankedRow[] = [];
    for (const cond of tier.alternatives)
      rows.push(
        ...rowsOf<RankedRow>(await db.execute<RankedRow>(tierStatement(cond, { controlled: viewer.isSpecial }, limit))),
      );
    if (tier.alternatives.length > 1) rows.sort((a, b) => b.sales - a.sales || a.id - b.id);
    for (const r of rows) if (found.length < limit && !found.includes(r.id)) found.push(r.id);
    if (found.length >= limit) break;
  }
  return searchMatch(await loadGoodsItems(db, viewer, found));
}

export async function matchPastedList(
  db: Db,
  viewer: Viewer & { companyId: number },
  content: string,
): Promise<MatchedLine[]> {
  const lines = parsePastedList(content);
  if (lines.length === 0) throw validationError({ content: [PASTE_EMPTY] });
  if (tooManyLines(lines)) throw validationError({ content: [PASTE_TOO_MANY] });
  const queries = [...new Set(lines.filter((l) => !l.problem).map((l) => l.query))];
  const pool = await candidatePool(db, viewer, queries);
  const bought = await boughtGoodsIds(db, viewer.companyId);
  const byQuery = new Map<string, LineMatch>();
  let searched = 0;
  for (const q of queries) {
    const exact = matchExact(q, pool, bought);
    if (exact) byQuery.set(q, exact);
    else if (searched++ < SEARCH_LINES_MAX) byQuery.set(q, await searchTier(db, viewer, q));
    else byQuery.set(q, { match: null, method: null, alternatives: [] });
  }
  return lines.map((l) => {
    const m = l.problem ? { match: null, method: null, alternatives: [] } : byQuery.get(l.query)!;
    return { line: l.line, raw: l.raw, query: l.query, number: l.number, problem: l.problem, ...m };
  });
}
