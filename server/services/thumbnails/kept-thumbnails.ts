// GET /api/user/kept-thumbnails: the pictures the device keeps for the company the session acts
// for (src/domain/kept-thumbnails.ts, docs/decisions/kept-thumbnails.md) — goods it ordered in the
// last 12 months or favourited, most valuable first, only goods it may see (on sale, 控销 by
// entitlement) and that have a picture.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf, visibleGoodsRow } from '../goods/search.ts';
import {
  THUMBNAILS_KEPT_MONTHS,
  THUMBNAILS_MAX_BYTES,
  THUMBNAILS_MAX_COUNT,
  type KeptThumbnailsList,
} from '@domain/kept-thumbnails.ts';

export async function keptThumbnails(
  db: Db,
  viewer: { companyId: number; controlled: boolean },
  now: Date,
): Promise<KeptThumbnailsList> {
  const from = new Date(now);
  from.setMonth(from.getMonth() - THUMBNAILS_KEPT_MONTHS);
  const rows = rowsOf<{ goods_id: number; src: string }>(
    await db.execute(sql`
      WITH bought AS (
        SELECT ol.goods_id, count(DISTINCT o.id)::int AS times, max(o.created_at) AS last_at
        FROM orders o JOIN order_lines ol ON ol.order_id = o.id
        WHERE o.company_id = ${viewer.companyId} AND o.created_at >= ${from.toISOString()}
        GROUP BY ol.goods_id
      ), liked AS (
        SELECT goods_id, created_at AS liked_at FROM favorites WHERE company_id = ${viewer.companyId}
      ), wanted AS (
        SELECT coalesce(b.goods_id, l.goods_id) AS goods_id,
               coalesce(b.times, 0) + (CASE WHEN l.goods_id IS NULL THEN 0 ELSE 1 END) AS value,
               greatest(b.last_at, l.liked_at) AS latest
        FROM bought b FULL JOIN liked l ON l.goods_id = b.goods_id
      )
      SELECT g.id AS goods_id, g.image AS src
      FROM wanted w JOIN goods g ON g.id = w.goods_id
      WHERE ${visibleGoodsRow(viewer.controlled)} AND g.image <> ''
      ORDER BY w.value DESC, w.latest DESC NULLS LAST, g.id
      LIMIT ${THUMBNAILS_MAX_COUNT}`),
  );
  return { thumbnails: rows, max_count: THUMBNAILS_MAX_COUNT, max_bytes: THUMBNAILS_MAX_BYTES };
}
