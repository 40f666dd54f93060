// The brand zone list (GET /api/goods/brands): shown brands, each with the goods the viewer may see.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Deps } from '../../../deps.ts';
import { brands, goods } from '../../../db/schema.ts';
import { controlledVisibleTo, type Viewer } from '../../price-visibility.ts';
import type { Page } from '@domain/envelope.ts';
import { SUMMARY_CACHE_MAX, SUMMARY_TTL_MS, ttlCache } from './cache.ts';

export interface BrandListItem {
  id: number;
  name: string;
  logo: string;
  description: string;
  goods_count: number;
}

const brandCounts = ttlCache<ReadonlyMap<number, number>>(SUMMARY_TTL_MS, SUMMARY_CACHE_MAX);

/** On-sale goods per brand (控销 only when `controlled`), for the brands of one page. */
export function brandCountsStatement(db: Db, ids: number[], controlled: boolean) {
  return db
    .select({ id: goods.brandId, n: sql<number>`count(*)::int` })
    .from(goods)
    .where(and(inArray(goods.brandId, ids), eq(goods.isOnSale, true), controlled ? undefined : eq(goods.isKx, false)))
    .groupBy(goods.brandId);
}

async function loadBrandCounts(db: Db, ids: number[], controlled: boolean): Promise<ReadonlyMap<number, number>> {
  const rows = await brandCountsStatement(db, ids, controlled);
  return new Map(rows.flatMap((r) => (r.id === null ? [] : [[r.id, r.n] as const])));
}

/**
 * Shown brands by sort, each with the number of goods the viewer may see. The counts read every
 * goods row of the page's brands, so they are cached like list totals.
 */
export async function listBrands(
  deps: Deps,
  viewer: Viewer,
  page: number,
  pageSize: number,
): Promise<Page<BrandListItem>> {
  const { db } = deps;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ id: brands.id, name: brands.name, logo: brands.logo, description: brands.description })
      .from(brands)
      .where(eq(brands.isShow, true))
      .orderBy(asc(brands.sort), asc(brands.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(brands)
      .where(eq(brands.isShow, true)),
  ]);
  const ids = rows.map((r) => r.id);
  const controlled = controlledVisibleTo(viewer);
  const counts =
    ids.length === 0
      ? new Map<number, number>()
      : await brandCounts(deps, JSON.stringify([controlled, ids]), () => loadBrandCounts(db, ids, controlled));
  return {
    list: rows.map((r) => ({ ...r, goods_count: counts.get(r.id) ?? 0 })),
    total: n,
    page,
    page_size: pageSize,
  };
}
