// Firing alerts when a goods' stock or price changes. One UPDATE … RETURNING takes every armed
// alert whose condition now holds and marks it notified in the same statement; a second check
// (a retry, another worker) finds nothing armed, so each change notifies each buyer exactly once.
// The condition uses the buyer's own view: on sale, 控销 only for is_special, prices only for
// approved companies, the rank price before the base price.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { formatPrice } from '@domain/money.ts';
import { rowsOf, visibleGoodsRow } from '../goods/search.ts';
import { intArray } from '../orders/stock.ts';
import { notifyCompany } from '../messages/notify.ts';

interface FiredAlert {
  companyId: number;
  goodsId: number;
  kind: 'restock' | 'price_drop';
  targetPrice: number | null;
  name: string;
  ypgg: string;
  bzdw: string;
  stock: number;
  price: number;
}

function messageFor(a: FiredAlert) {
  const goodsText = a.ypgg ? `${a.name}（${a.ypgg}）` : a.name;
  const link = `/list/info/${a.goodsId}`;
  // Back in stock is news about the goods (系统); a price under the buyer's mark is a price message (促销).
  if (a.kind === 'restock') {
    return {
      kind: 'system' as const,
      link,
      title: '到货通知',
      body: `您订阅的「${goodsText}」已到货，当前库存${a.stock}${a.bzdw}，欢迎选购。`,
    };
  }
  return {
    kind: 'promotion' as const,
    link,
    title: '降价提醒',
    body: `您关注的「${goodsText}」已降至${formatPrice(a.price)}，低于您设置的提醒价${formatPrice(a.targetPrice ?? 0)}。`,
  };
}

/**
 * Fires the armed alerts of `goodsIds` whose condition holds now and writes one buyer message
 * each. Writers do not call it themselves: noteCatalogueChange (services/catalogue/changes.ts)
 * does, in the change's transaction. Returns how many fired.
 */
export async function checkGoodsAlerts(db: Db, goodsIds: readonly number[], now: Date): Promise<number> {
  if (goodsIds.length === 0) return 0;
  const res = await db.execute(sql`
    WITH fired AS (
      UPDATE goods_alerts a SET notified_at = ${now.toISOString()}::timestamptz
      FROM goods g, companies c
      WHERE a.notified_at IS NULL
        AND a.goods_id = ANY(${intArray([...new Set(goodsIds)])}::int[])
        AND g.id = a.goods_id AND c.id = a.company_id
        AND ${visibleGoodsRow(sql`c.is_special`)}
        AND (
          (a.kind = 'restock' AND g.stock > 0)
          OR (a.kind = 'price_drop' AND c.review_status = 'approved' AND a.target_price IS NOT NULL
              AND coalesce((SELECT gp.price FROM goods_prices gp WHERE gp.goods_id = g.id AND gp.rank = c.rank), g.base_price)
                  <= a.target_price)
        )
      RETURNING a.id, a.company_id AS "companyId", a.goods_id AS "goodsId", a.kind, a.target_price AS "targetPrice", g.name, g.ypgg, g.bzdw,
        g.stock, coalesce((SELECT gp.price FROM goods_prices gp WHERE gp.goods_id = g.id AND gp.rank = c.rank), g.base_price) AS price
    )
    SELECT * FROM fired ORDER BY id`);
  const fired = rowsOf<FiredAlert>(res);
  for (const a of fired) {
    await notifyCompany(db, a.companyId, messageFor(a), now);
  }
  return fired.length;
}
