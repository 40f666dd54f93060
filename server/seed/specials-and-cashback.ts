// 每日特价 for the coming days, the 满额返现 promotion, the 全场94折 welfare zone and the 领券中心 coupons beyond the wallet's
// templates (promotions.ts seeds today's 每日特价 with the showcase). Goods already in a showcase
// promotion are left out, so no goods has two promotion prices at once.
import { promotionGoods, promotions, couponTemplates } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import type { Rng } from './rng.ts';
import type { GoodsInsert, PromotionGoodsInsert } from './goods.ts';
import { promotionGoodsRow } from './goods.ts';
import { addDays, shanghaiMidnight } from './dates.ts';

/** Days after today with their own 每日特价 (today's is promotions.ts's row). */
const PLANNED_DAYS = 6;
const SPECIALS_PER_DAY = 6;
const CASHBACK_GOODS = 24;
const WELFARE_GOODS = 30;

/** A small seed (tests seed a few goods) may have none left to give: nothing to insert then. */
async function insertMembers(db: Db, rows: PromotionGoodsInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(promotionGoods).values(rows);
}

export async function seedSpecialsAndCashback(db: Db, rng: Rng, now: Date, batch: GoodsInsert[]): Promise<void> {
  const taken = new Set((await db.select({ id: promotionGoods.goodsId }).from(promotionGoods)).map((r) => r.id));
  const eligible = batch.filter(
    (g) => g.isBuy !== false && (g.stock ?? 0) >= 100 && !g.isKx && !g.isEphedrine && !g.isJxq && !taken.has(g.id),
  );
  const pick = (n: number): GoodsInsert[] => {
    const out = rng.sample(
      eligible.filter((g) => !taken.has(g.id)),
      n,
    );
    for (const g of out) taken.add(g.id);
    return out;
  };
  const today = shanghaiMidnight(now);

  for (let day = 1; day <= PLANNED_DAYS; day++) {
    const [p] = await db
      .insert(promotions)
      .values({
        kind: 'everyday',
        name: '每日特价',
        description: '每日精选特价品种，限时限量，当日24点结束。',
        rules: { daily: true, preview_hour: 20 },
        startsAt: addDays(today, day),
        endsAt: addDays(today, day + 1),
        sort: 100 + day,
        image: '/media/banner/everyday-7.svg',
        createdAt: addDays(now, -1),
      })
      .returning({ id: promotions.id });
    await insertMembers(
      db,
      pick(SPECIALS_PER_DAY).map((g) =>
        promotionGoodsRow({
          promotionId: p.id,
          goodsId: g.id,
          price: Math.max(1, Math.round(g.basePrice * (0.78 + rng.next() * 0.1))),
          stockLimit: rng.pick([200, 500]),
          perCompanyLimit: 10,
        }),
      ),
    );
  }

  const [cashback] = await db
    .insert(promotions)
    .values({
      kind: 'cashback',
      name: '满额返现 最高返500元',
      description:
        '活动商品（正价购买）单笔订单满2000元返40元、满5000元返150元、满10000元返500元，订单确认收货后返至账户余额；退款后按退款后的金额重新计算。',
      rules: {
        tiers: [
          { amount: 200_000, back: 4_000 },
          { amount: 500_000, back: 15_000 },
          { amount: 1_000_000, back: 50_000 },
        ],
      },
      startsAt: addDays(now, -5),
      endsAt: addDays(now, 25),
      sort: 120,
      image: '/media/banner/cashback-8.svg',
      createdAt: addDays(now, -5),
    })
    .returning({ id: promotions.id });
  await insertMembers(
    db,
    pick(CASHBACK_GOODS).map((g) => promotionGoodsRow({ promotionId: cashback.id, goodsId: g.id })),
  );

  const [welfare] = await db
    .insert(promotions)
    .values({
      kind: 'discount',
      name: '全场94折 福利专场',
      description: '专场商品不限金额享9.4折，结算时自动计算，可与优惠券同享。',
      // The tier starts at one fen: the cart's 满折 takes 6% off every listed goods (src/domain/welfare.ts).
      rules: { zone: 'welfare', tiers: [{ amount: 1, percent: 94 }] },
      startsAt: addDays(now, -3),
      endsAt: addDays(now, 27),
      sort: 130,
      image: '/media/banner/welfare-9.svg',
      createdAt: addDays(now, -3),
    })
    .returning({ id: promotions.id });
  await insertMembers(
    db,
    pick(WELFARE_GOODS).map((g) => promotionGoodsRow({ promotionId: welfare.id, goodsId: g.id })),
  );

  const base = {
    kind: 'coupon' as const,
    startsAt: addDays(now, -2),
    endsAt: addDays(now, 20),
    createdAt: addDays(now, -2),
  };
  await db.insert(couponTemplates).values([
    {
      ...base,
      name: '领券中心专享 满800减30',
      threshold: 80_000,
      amount: 3_000,
      total: 1_000,
      issued: 212,
      perCompany: 2,
      validDays: 15,
    },
    {
      ...base,
      name: '周末囤货 满5000减300',
      threshold: 500_000,
      amount: 30_000,
      total: 200,
      issued: 187,
      perCompany: 1,
      validDays: 7,
    },
    {
      ...base,
      name: '限量抢 满2000减120',
      threshold: 200_000,
      amount: 12_000,
      total: 100,
      issued: 100,
      perCompany: 1,
      validDays: 7,
    },
  ]);
}
