// A list's total and facets: one pass over at most LIST_TOTAL_CAP + 1 matches, cached per plan
// key for SUMMARY_TTL_MS (list.ts has the cost model).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Deps } from '../../../deps.ts';
import { brands, goods, manufacturers } from '../../../db/schema.ts';
import { rowsOf } from '../search.ts';
import { LIST_TOTAL_CAP, type GoodsListResult } from '@domain/catalog.ts';
import { SUMMARY_CACHE_MAX, SUMMARY_TTL_MS, ttlCache } from './cache.ts';
import type { ListPlan } from './plan.ts';

export const FACET_LIMIT = 20;

export interface ListSummary {
  total: number;
  facets: GoodsListResult['facets'];
}

const EMPTY_SUMMARY: ListSummary = { total: 0, facets: { manufacturers: [], brands: [] } };

/** At most LIST_TOTAL_CAP + 1 matches with their manufacturer and brand, in no particular order. */
function sampleStatement(plan: ListPlan): SQL {
  const cap = LIST_TOTAL_CAP + 1;
  const where = and(...plan.base)!;
  if (!plan.tiers) {
    return sql`SELECT ${goods.manufacturerId} AS manufacturer_id, ${goods.brandId} AS brand_id
               FROM ${goods} WHERE ${where} LIMIT ${cap}`;
  }
  // One index-backed branch per alternative (an OR across index kinds would scan), deduplicated.
  const branches = plan.tiers.flat().map(
    (alt) => sql`(SELECT ${goods.id} AS id, ${goods.manufacturerId} AS manufacturer_id, ${goods.brandId} AS brand_id
                  FROM ${goods} WHERE ${where} AND ${alt} LIMIT ${cap})`,
  );
  return sql`SELECT manufacturer_id, brand_id FROM (${sql.join(branches, sql` UNION `)}) AS matches LIMIT ${cap}`;
}

interface SummaryRow extends Record<string, unknown> {
  manufacturer_id: number | null;
  brand_id: number | null;
  by_manufacturer: number;
  by_brand: number;
  n: number;
}

/** The total and both facets in one pass over the sample (GROUPING SETS). */
export function summaryStatement(plan: ListPlan): SQL {
  return sql`
    SELECT manufacturer_id, brand_id,
           (GROUPING(brand_id) = 1 AND GROUPING(manufacturer_id) = 0) AS by_manufacturer,
           (GROUPING(manufacturer_id) = 1 AND GROUPING(brand_id) = 0) AS by_brand,
           count(*)::int AS n
    FROM (${sampleStatement(plan)}) AS sample
    GROUP BY GROUPING SETS ((manufacturer_id), (brand_id), ())`;
}

const topN = <T extends { id: number; n: number }>(rows: T[]): T[] =>
  rows.sort((a, b) => b.n - a.n || a.id - b.id).slice(0, FACET_LIMIT);

async function loadSummary(db: Db, plan: ListPlan): Promise<ListSummary> {
  const rows = rowsOf<SummaryRow>(await db.execute<SummaryRow>(summaryStatement(plan)));
  let total = 0;
  const makerCounts: { id: number; n: number }[] = [];
  const brandCounts: { id: number; n: number }[] = [];
  for (const r of rows) {
    if (r.by_manufacturer && r.manufacturer_id !== null) makerCounts.push({ id: r.manufacturer_id, n: r.n });
    else if (r.by_brand && r.brand_id !== null) brandCounts.push({ id: r.brand_id, n: r.n });
    else if (!r.by_manufacturer && !r.by_brand) total = r.n;
  }
  const makerTop = topN(makerCounts);
  const brandTop = topN(brandCounts);
  const [makerNames, brandNames] = await Promise.all([
    makerTop.length
      ? db
          .select({ id: manufacturers.id, name: manufacturers.name })
          .from(manufacturers)
          .where(
            inArray(
              manufacturers.id,
              makerTop.map((m) => m.id),
            ),
          )
      : Promise.resolve([]),
    brandTop.length
      ? db
          .select({ id: brands.id, name: brands.name })
          .from(brands)
          .where(
            and(
              inArray(
                brands.id,
                brandTop.map((b) => b.id),
              ),
              eq(brands.isShow, true),
            ),
          )
      : Promise.resolve([]),
  ]);
  const makerName = new Map(makerNames.map((m) => [m.id, m.name]));
  const brandName = new Map(brandNames.map((b) => [b.id, b.name]));
  return {
    total: Math.min(total, LIST_TOTAL_CAP),
    facets: {
      manufacturers: makerTop.flatMap((m) => {
        const name = makerName.get(m.id);
        return name === undefined ? [] : [{ id: m.id, name, count: Math.min(m.n, LIST_TOTAL_CAP) }];
      }),
      brands: brandTop.flatMap((b) => {
        const name = brandName.get(b.id);
        return name === undefined ? [] : [{ id: b.id, name }];
      }),
    },
  };
}

const summaries = ttlCache<ListSummary>(SUMMARY_TTL_MS, SUMMARY_CACHE_MAX);

/** The summary of a plan, from the cache when fresh. */
export function listSummary(deps: Deps, plan: ListPlan): Promise<ListSummary> {
  if (plan.empty) return Promise.resolve(EMPTY_SUMMARY);
  return summaries(deps, plan.key, () => loadSummary(deps.db, plan));
}
