// 热销 (GET /api/goods/hot): the best sellers a viewer may buy now, as goods cards.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goods, goodsPrices } from '../../db/schema.ts';
import { controlledVisibleTo, type Viewer } from '../price-visibility.ts';
import { goodsCardFields, rankPriceJoin, toGoodsCard } from './card.ts';
import type { GoodsCard } from '@domain/contracts.ts';

export const HOT_GOODS_LIMIT = 10;

export async function hotGoods(db: Db, viewer: Viewer): Promise<GoodsCard[]> {
  const rows = await db
    .select(goodsCardFields)
    .from(goods)
    .leftJoin(goodsPrices, rankPriceJoin(viewer))
    .where(
      and(
        eq(goods.isBuy, true),
        eq(goods.isOnSale, true),
        controlledVisibleTo(viewer) ? undefined : eq(goods.isKx, false),
      ),
    )
    .orderBy(desc(goods.salesCount), asc(goods.id))
    .limit(HOT_GOODS_LIMIT);
  return rows.map((r) => toGoodsCard(r, viewer));
}
