// 满赠 demo (src/domain/gifts.ts): one gift promotion over a set of first-batch goods (tagged 赠),
// giving a cheap, well-stocked goods at two tiers, so a demo buyer reaches it with an ordinary
// order. Goods with promotions of their own (秒杀, 特价, 组合) are left out: one promotion a line.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { promotionGoods, promotions } from '../db/schema.ts';
import { addDays } from './dates.ts';
import { addGoodsTag } from '../services/catalogue/change-goods.ts';
import type { GoodsInsert } from './goods.ts';

export async function seedGiftPromotion(db: Db, now: Date, firstBatch: readonly GoodsInsert[]): Promise<number | null> {
  const taken = new Set(
    (
      await db
        .select({ id: promotionGoods.goodsId })
        .from(promotionGoods)
        .innerJoin(promotions, eq(promotions.id, promotionGoods.promotionId))
        .where(sql`${promotions.kind} <> 'manjian' AND ${promotions.kind} <> 'discount'`)
    ).map((r) => r.id),
  );
  const plain = firstBatch.filter(
    (g) => g.isBuy !== false && (g.stock ?? 0) >= 200 && !g.isKx && !g.isEphedrine && !g.isJxq && !taken.has(g.id),
  );
  const gift = plain.find((g) => g.basePrice <= 3_000);
  if (!gift) return null;
  const members = plain.filter((g) => g.id !== gift.id).slice(0, 24);
  // A very small catalogue (SEED_GOODS of a few dozen) may leave no goods outside other promotions.
  if (members.length === 0) return null;
  const [promo] = await db
    .insert(promotions)
    .values({
      kind: 'gift',
      name: `满赠 满500元赠${gift.name}`,
      description: `活动商品合计满500元赠${gift.name}1${gift.bzdw ?? '盒'}，满1000元赠3${gift.bzdw ?? '盒'}，赠品随订单发出，赠完即止。`,
      rules: {
        tiers: [
          { amount: 50_000, goods_id: gift.id, number: 1 },
          { amount: 100_000, goods_id: gift.id, number: 3 },
        ],
      },
      startsAt: addDays(now, -5),
      endsAt: addDays(now, 40),
      image: '/media/banner/gift-1.svg',
      sort: 20,
      createdAt: addDays(now, -5),
    })
    .returning({ id: promotions.id });
  await db.insert(promotionGoods).values(members.map((g) => ({ promotionId: promo.id, goodsId: g.id })));
  await addGoodsTag(
    db,
    members.map((g) => g.id),
    '赠',
    now,
  );
  return promo.id;
}
