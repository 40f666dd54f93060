// 换购 demo (src/domain/exchange.ts): one exchange promotion over first-batch goods no other
// promotion uses (tagged 换购), two tiers offering cheap, well-stocked goods at about half price, so
// a demo buyer reaches the first tier with an ordinary cart. And a goods prize demo won in last
// month's (ended) lucky draw, waiting for demo's next order — on an ended draw so the running
// draw's chances stay as they were (docs/decisions/lucky-draw.md).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { drawPrizes, drawRecords, draws, goods, promotionGoods, promotions } from '../db/schema.ts';
import { addDays } from './dates.ts';
import { addGoodsTag, dropGoodsTag } from '../services/catalogue/change-goods.ts';
import type { GoodsInsert } from './goods.ts';

export async function seedExchangePromotion(
  db: Db,
  now: Date,
  firstBatch: readonly GoodsInsert[],
): Promise<number | null> {
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
  const cheap = plain.filter((g) => g.basePrice >= 500 && g.basePrice <= 5_000).slice(0, 3);
  if (cheap.length < 3) return null;
  const offered = new Set(cheap.map((g) => g.id));
  // The catalogue seed tags some goods 换购 at random: those (when free of other promotions) join,
  // and the tag is taken off every other goods below, so the badge always means this promotion.
  const tagged = new Set(
    (
      await db
        .select({ id: goods.id })
        .from(goods)
        .where(sql`'换购' = ANY(${goods.tags})`)
    ).map((r) => r.id),
  );
  const candidates = plain.filter((g) => !offered.has(g.id));
  const members = [
    ...candidates.filter((g) => tagged.has(g.id)),
    ...candidates.filter((g) => !tagged.has(g.id)).slice(0, 24),
  ];
  if (members.length === 0) return null;
  const half = (g: GoodsInsert) => Math.max(100, Math.floor(g.basePrice / 200) * 100);
  const [promo] = await db
    .insert(promotions)
    .values({
      kind: 'exchange',
      name: '换购 满300元加价换购',
      description:
        '活动商品合计满300元，可任选一件换购商品以换购价加购；满800元可选商品更多。换购商品数量有限，换完即止。',
      rules: {
        tiers: [
          { amount: 30_000, goods: cheap.slice(0, 2).map((g) => ({ goods_id: g.id, price: half(g), limit: 2 })) },
          { amount: 80_000, goods: cheap.map((g) => ({ goods_id: g.id, price: half(g), limit: 3 })) },
        ],
      },
      startsAt: addDays(now, -3),
      endsAt: addDays(now, 45),
      sort: 21,
      createdAt: addDays(now, -3),
    })
    .returning({ id: promotions.id });
  await db.insert(promotionGoods).values(members.map((g) => ({ promotionId: promo.id, goodsId: g.id })));
  const memberIds = members.map((g) => g.id);
  await addGoodsTag(db, memberIds, '换购', now);
  // Only this promotion's goods wear the badge.
  await dropGoodsTag(db, '换购', memberIds, now);
  return promo.id;
}

/** Last month's draw, ended, where demo won a goods prize no order has carried yet. */
export async function seedWaitingDrawPrize(
  db: Db,
  now: Date,
  firstBatch: readonly GoodsInsert[],
  demoCompanyId: number,
): Promise<void> {
  const prizeGoods = firstBatch.find(
    (g) => g.isBuy !== false && (g.stock ?? 0) >= 200 && !g.isKx && !g.isEphedrine && !g.isJxq && g.basePrice <= 3_000,
  );
  if (!prizeGoods) return;
  const [draw] = await db
    .insert(draws)
    .values({
      name: '上期幸运抽奖',
      rules: '活动已结束',
      timesPerCompany: 1,
      startsAt: addDays(now, -40),
      endsAt: addDays(now, -10),
      isActive: true,
    })
    .returning({ id: draws.id });
  const [prize] = await db
    .insert(drawPrizes)
    .values({
      drawId: draw.id,
      name: `${prizeGoods.name}1${prizeGoods.bzdw ?? '盒'}`,
      remarks: '随下一单发出',
      weight: 10,
      stock: 19,
      kind: 'goods',
      refId: prizeGoods.id,
    })
    .returning({ id: drawPrizes.id });
  await db.insert(drawRecords).values({
    drawId: draw.id,
    companyId: demoCompanyId,
    prizeId: prize.id,
    prizeName: `${prizeGoods.name}1${prizeGoods.bzdw ?? '盒'}`,
    prizeRemarks: '随下一单发出',
    createdAt: addDays(now, -12),
  });
}
