// GET /api/activity/group_buy: the goods of every running group buy (拼团) the viewer may see,
// with the group price, target, joined units and end time, the nearest deadline first.
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goods, promotionGoods, promotions } from '../../db/schema.ts';
import type { GroupBuyList } from '@domain/group-buy.ts';
import { GROUP_LINE_TYPE } from '@domain/group-buy.ts';
import { controlledVisibleTo, pricesVisibleTo, type Viewer } from '../price-visibility.ts';
import { loadGoodsItems } from '../goods/item.ts';

/** A group-buy page lists at most this many goods. */
export const GROUP_BUY_GOODS_MAX = 100;

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

export async function runningGroupBuys(db: Db, viewer: Viewer, now: Date): Promise<GroupBuyList> {
  const terms = await db
    .select({
      promotionId: promotions.id,
      name: promotions.name,
      startsAt: promotions.startsAt,
      endsAt: promotions.endsAt,
      goodsId: promotionGoods.goodsId,
      price: promotionGoods.price,
      target: promotionGoods.quantity,
      joined: promotionGoods.sold,
      perCompanyLimit: promotionGoods.perCompanyLimit,
    })
    .from(promotionGoods)
    .innerJoin(promotions, eq(promotions.id, promotionGoods.promotionId))
    .innerJoin(goods, eq(goods.id, promotionGoods.goodsId))
    .where(
      and(
        eq(promotions.kind, 'group'),
        eq(promotions.isActive, true),
        lte(promotions.startsAt, now),
        gt(promotions.endsAt, now),
        eq(goods.isOnSale, true),
        controlledVisibleTo(viewer) ? undefined : eq(goods.isKx, false),
      ),
    )
    .orderBy(asc(promotions.endsAt), asc(promotions.id), asc(promotionGoods.goodsId))
    .limit(GROUP_BUY_GOODS_MAX);
  const items = new Map(
    (await loadGoodsItems(db, viewer, [...new Set(terms.map((t) => t.goodsId))])).map((g) => [g.id, g]),
  );
  const showPrices = pricesVisibleTo(viewer);
  return {
    timestamp: seconds(now),
    list: terms.flatMap((t) => {
      const item = items.get(t.goodsId);
      if (!item) return [];
      return [
        {
          ...item,
          type: GROUP_LINE_TYPE,
          promotion_id: t.promotionId,
          promotion_name: t.name,
          group_price: showPrices ? t.price : null,
          target: t.target,
          joined: t.joined,
          per_company_limit: t.perCompanyLimit,
          starts_at: seconds(t.startsAt),
          ends_at: seconds(t.endsAt),
        },
      ];
    }),
  };
}
