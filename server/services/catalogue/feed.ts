// GET /api/goods/changes: the catalogue change log read as one buyer sees the catalogue. Each goods
// changed after the cursor comes once, at its latest version, with its list item as this buyer
// sees it now (prices by approval and rank) or null when it is gone (off sale, deleted). 控销 goods
// never reach a buyer who may not see them, not even as gone (their log row says whether the
// goods was 控销 when it was deleted). The cursor is (version, goods id): all goods of one
// transaction share a version, so a page may end inside one.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CatalogueChange, CatalogueChangeKind, CatalogueChangesPage } from '@domain/catalogue-changes.ts';
import { controlledVisibleTo, type Viewer } from '../price-visibility.ts';
import { loadGoodsItems } from '../goods/item.ts';
import { rowsOf } from '../goods/search.ts';
import { catalogueVersionNow } from './changes.ts';
import { packGoodsOf } from './pack-build.ts';

export interface ChangesCursor {
  /** Changes after this version (0: all). */
  since: number;
  /** With `since`: the goods of that very version after this id too (the last page's last goods). */
  after?: number;
}

interface Row {
  goodsId: number;
  version: number | string;
  kinds: CatalogueChangeKind[];
  live: boolean;
}

export async function catalogueChangesFor(
  db: Db,
  viewer: Viewer,
  cursor: ChangesCursor,
  limit: number,
  opts: { pack?: boolean } = {},
): Promise<CatalogueChangesPage> {
  const version = await catalogueVersionNow(db);
  const from = cursor.after === undefined ? cursor.since + 1 : cursor.since;
  const after = cursor.after ?? 0;
  const visible = controlledVisibleTo(viewer) ? sql`true` : sql`NOT coalesce(g.is_kx, ch.last_controlled)`;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      WITH ch AS (
        SELECT c.goods_id, max(c.version) AS v, array_agg(DISTINCT c.kind) AS kinds,
               (array_agg(c.controlled ORDER BY c.version DESC))[1] AS last_controlled
        FROM catalogue_changes c WHERE c.version >= ${from}
        GROUP BY c.goods_id
      )
      SELECT ch.goods_id AS "goodsId", ch.v AS version, ch.kinds, coalesce(g.is_on_sale, false) AS live
      FROM ch LEFT JOIN goods g ON g.id = ch.goods_id
      WHERE (ch.v > ${cursor.since} OR (ch.v = ${cursor.since} AND ch.goods_id > ${after})) AND ${visible}
      ORDER BY ch.v, ch.goods_id
      LIMIT ${limit + 1}`),
  );
  const page = rows.slice(0, limit);
  const liveIds = page.filter((r) => r.live).map((r) => r.goodsId);
  const items = new Map((await loadGoodsItems(db, viewer, liveIds)).map((i) => [i.id, i]));
  const packed = opts.pack ? new Map((await packGoodsOf(db, viewer, liveIds)).map((g) => [g.id, g])) : null;
  const changes: CatalogueChange[] = page.map((r) => {
    const change: CatalogueChange = {
      goods_id: r.goodsId,
      version: Number(r.version),
      kinds: [...r.kinds].sort(),
      goods: items.get(r.goodsId) ?? null,
    };
    if (packed) change.pack_goods = change.goods === null ? null : (packed.get(r.goodsId) ?? null);
    return change;
  });
  const last = changes.at(-1);
  return {
    changes,
    next_since: last ? last.version : cursor.since,
    next_after: last ? last.goods_id : (cursor.after ?? null),
    has_more: rows.length > limit,
    version,
  };
}
