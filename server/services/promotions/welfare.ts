// 全场94折 (/welfare, GET /api/activity/welfare): a 满折 promotion marked rules.zone = 'welfare'
// whose tier starts at one fen, so every listed goods in the cart is paid at the percent. The
// cart's 满折 computation charges it (server/services/cart/tiers.ts); this only lists it.
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { goods, promotionGoods, promotions } from '../../db/schema.ts';
import { loadGoodsItems } from '../goods/item.ts';
import { visibleGoods } from '../goods/search.ts';
import { controlledVisibleTo, type Viewer } from '../price-visibility.ts';
import { seconds } from '../orders/status.ts';
import type { WelfarePage } from '@domain/welfare.ts';

const rulesSchema = z.object({
  tiers: z.array(z.object({ amount: z.number().int(), percent: z.number().int().min(1).max(100) })).min(1),
});

export async function welfarePage(db: Db, viewer: Viewer, now: Date): Promise<WelfarePage> {
  const [p] = await db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.kind, 'discount'),
        sql`${promotions.rules}->>'zone' = 'welfare'`,
        eq(promotions.isActive, true),
        lte(promotions.startsAt, now),
        gt(promotions.endsAt, now),
      ),
    )
    .orderBy(desc(promotions.startsAt), asc(promotions.id))
    .limit(1);
  const rules = p ? rulesSchema.safeParse(p.rules) : null;
  if (!p || !rules?.success) return { promotion: null, goods: [] };
  const rows = await db
    .select({ id: goods.id })
    .from(promotionGoods)
    .innerJoin(goods, eq(goods.id, promotionGoods.goodsId))
    .where(and(eq(promotionGoods.promotionId, p.id), visibleGoods({ controlled: controlledVisibleTo(viewer) })))
    .orderBy(desc(goods.salesCount), asc(goods.id));
  const lowest = [...rules.data.tiers].sort((a, b) => a.amount - b.amount)[0];
  return {
    promotion: {
      id: p.id,
      name: p.name,
      description: p.description,
      percent: lowest.percent,
      from_amount: lowest.amount,
      starts_at: seconds(p.startsAt),
      ends_at: seconds(p.endsAt),
    },
    goods: await loadGoodsItems(
      db,
      viewer,
      rows.map((r) => r.id),
    ),
  };
}
