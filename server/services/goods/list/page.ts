// The ids of one list page: one index-backed statement per sort, or the search tiers in rank
// order for relevance (list.ts has the cost model).
import { and, asc, desc, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { goods } from '../../../db/schema.ts';
import { LIST_TOTAL_CAP, type GoodsSort } from '@domain/catalog.ts';
import { anyOf, orderBy, type ListPlan } from './plan.ts';

/**
 * Ids of the first `need` matches in relevance order: tier by tier, each alternative the best
 * `need` by sales on its own index, a tier's alternatives merged by sales, earlier tiers first.
 * A tier can only repeat goods earlier tiers returned, so `LIMIT need` per statement is exact.
 */
async function relevanceIds(db: Db, plan: ListPlan, need: number): Promise<number[]> {
  const found = new Set<number>();
  for (const alternatives of plan.tiers ?? []) {
    const rows: { id: number; sales: number }[] = [];
    for (const alt of alternatives) rows.push(...(await tierStatement(db, plan, alt, need)));
    if (alternatives.length > 1) rows.sort((a, b) => b.sales - a.sales || a.id - b.id);
    for (const r of rows) {
      if (found.size >= need) break;
      found.add(r.id);
    }
    if (found.size >= need) break;
  }
  return [...found];
}

/** One relevance statement: the best `need` matches of one tier alternative, by sales. */
export function tierStatement(db: Db, plan: ListPlan, alt: SQL, need: number) {
  return db
    .select({ id: goods.id, sales: goods.salesCount })
    .from(goods)
    .where(and(...plan.base, alt))
    .orderBy(desc(goods.salesCount), asc(goods.id))
    .limit(need);
}

/** The page statement of an explicit (non-relevance) order. */
export function sortedStatement(
  db: Db,
  plan: ListPlan,
  order: Exclude<GoodsSort, 'default'>,
  offset: number,
  limit: number,
) {
  const where = plan.tiers ? and(...plan.base, anyOf(plan.tiers.flat())) : and(...plan.base);
  return db
    .select({ id: goods.id })
    .from(goods)
    .where(where)
    .orderBy(...orderBy(order))
    .limit(limit)
    .offset(offset);
}

/** Ids of one page; a page past LIST_TOTAL_CAP is empty. */
export async function pageIds(db: Db, plan: ListPlan, page: number, pageSize: number): Promise<number[]> {
  const offset = (page - 1) * pageSize;
  if (plan.empty || offset >= LIST_TOTAL_CAP) return [];
  const limit = Math.min(pageSize, LIST_TOTAL_CAP - offset);
  if (plan.order === 'relevance') return (await relevanceIds(db, plan, offset + limit)).slice(offset);
  return (await sortedStatement(db, plan, plan.order, offset, limit)).map((r) => r.id);
}
