// Promotions, coupon templates, the points mall and the lucky draw. The promotion rows exist before
// the goods so the goods generator can attach ~20% of goods to 满减 and ~10% to 满折 as it goes;
// the showcase promotions (秒杀, 拼团, 组合购, 每日特价) pick from the first goods batch.
//
// rules shapes (fen): manjian { tiers: [{ amount, reduce }] }, discount { tiers: [{ amount, percent }] }
// (percent = what is paid, 95 = 9.5折), group { group_size, hours }, everyday { daily: true }.
// promotion_goods.price is the promotion unit price; quantity is units per combination or the
// group size. Draw prizes: kind coupon → ref_id coupon_templates.id; points → ref_id = points
// awarded; goods → ref_id points_goods.id; none → nothing.
import { couponTemplates, drawPrizes, draws, pointsGoods, promotions } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import type { Rng } from './rng.ts';
import { promotionGoodsRow, type GoodsInsert, type PromotionGoodsInsert } from './goods.ts';
import { addDays, shanghaiMidnight } from './dates.ts';
import { firstFreeId, syncSequence } from './db-util.ts';

export interface PromotionIds {
  manjian: number;
  discount: number;
  /** Rolling flash-sale slots, oldest first (flashSlots). */
  flash: number[];
  /** [ends in two days, ends in three weeks]. */
  group: [number, number];
  combinations: [number, number];
  everyday: number;
}

export async function seedPromotionRows(db: Db, now: Date): Promise<PromotionIds> {
  const first = await firstFreeId(db, 'promotions');
  const today = shanghaiMidnight(now);
  const rows: (typeof promotions.$inferInsert)[] = [
    {
      kind: 'manjian',
      name: '满减狂欢 满1000减50',
      description: '活动商品合计满1000元减50元，满3000元减200元，满5000元减400元，可与优惠券同享。',
      rules: {
        tiers: [
          { amount: 100_000, reduce: 5_000 },
          { amount: 300_000, reduce: 20_000 },
          { amount: 500_000, reduce: 40_000 },
        ],
      },
      startsAt: addDays(now, -10),
      endsAt: addDays(now, 50),
    },
    {
      kind: 'discount',
      name: '满额打折 满2000享9.8折',
      description: '活动商品合计满2000元享9.8折，满5000元享9.5折。',
      rules: {
        tiers: [
          { amount: 200_000, percent: 98 },
          { amount: 500_000, percent: 95 },
        ],
      },
      startsAt: addDays(now, -3),
      endsAt: addDays(now, 27),
    },
    {
      kind: 'group',
      name: '爆款拼团',
      description: GROUP_TEXT,
      startsAt: addDays(now, -2),
      endsAt: addDays(now, 2),
    },
    {
      kind: 'group',
      name: '慢病常备拼团',
      description: GROUP_TEXT,
      startsAt: addDays(now, -1),
      endsAt: addDays(now, 21),
    },
    {
      kind: 'combination',
      name: '感冒季常备组合',
      description: '感冒常用药组合购，组合价更优惠。',
      startsAt: addDays(now, -30),
      endsAt: addDays(now, 60),
    },
    {
      kind: 'combination',
      name: '血糖监测组合',
      description: '血糖仪与试纸组合购买，门店慢病管理好帮手。',
      startsAt: addDays(now, -30),
      endsAt: addDays(now, 60),
    },
    {
      kind: 'everyday',
      name: '每日特价',
      description: '每日精选特价品种，限时限量。',
      rules: { daily: true, preview_hour: 20 },
      startsAt: today,
      // One day per row: the coming days are their own rows (specials-and-cashback.ts).
      endsAt: addDays(today, 1),
    },
  ];
  await db.insert(promotions).values(
    rows.map((r, i) => ({
      ...r,
      id: first + i,
      sort: i + 1,
      image: `/media/banner/${r.kind}-${i + 1}.svg`,
      createdAt: addDays(now, -30),
    })),
  );
  await syncSequence(db, 'promotions');
  return {
    manjian: first,
    discount: first + 1,
    group: [first + 2, first + 3],
    combinations: [first + 4, first + 5],
    everyday: first + 6,
    flash: await seedFlashSlots(db, now),
  };
}

const GROUP_TEXT =
  '先按会员价下单，活动结束时累计拼团数量达到成团数量即成团，差价自动退回钱包余额；未成团按下单价格结算。';

/** Hours of one flash-sale session; sessions follow each other so one is always running. */
export const FLASH_SLOT_HOURS = 4;
/** Days of sessions the demo seed covers (from yesterday). */
const FLASH_SLOT_DAYS = 45;

/**
 * Rolling flash-sale sessions (00:00, 04:00 … 20:00 Shanghai) from yesterday for FLASH_SLOT_DAYS,
 * so GET /api/index/spike has a running sale at any hour of the demo, not only 10:00-22:00.
 */
async function seedFlashSlots(db: Db, now: Date): Promise<number[]> {
  const first = await firstFreeId(db, 'promotions');
  const start = addDays(shanghaiMidnight(now), -1);
  const perDay = 24 / FLASH_SLOT_HOURS;
  const pad = (h: number) => String(h).padStart(2, '0');
  const rows = Array.from({ length: FLASH_SLOT_DAYS * perDay }, (_, i) => {
    const startsAt = new Date(start.getTime() + i * FLASH_SLOT_HOURS * 3_600_000);
    const h = (i % perDay) * FLASH_SLOT_HOURS;
    const session = `${pad(h)}:00-${pad(h + FLASH_SLOT_HOURS)}:00`;
    return {
      id: first + i,
      kind: 'flash',
      name: `${pad(h)}:00场 限时秒杀`,
      description: `本场${session}，限量供应，售完即止，每家限购。`,
      rules: { session },
      startsAt,
      endsAt: new Date(startsAt.getTime() + FLASH_SLOT_HOURS * 3_600_000),
      sort: 100 + i,
      image: '/media/banner/flash-3.svg',
      createdAt: addDays(now, -30),
    };
  });
  await db.insert(promotions).values(rows);
  await syncSequence(db, 'promotions');
  return rows.map((r) => r.id);
}

const promoPrice = (base: number, factor: number) => Math.max(1, Math.round(base * factor));

/**
 * Chooses the showcase goods from the first batch (before it is inserted, so tags 秒 and 特 land
 * with the row) and returns their promotion_goods rows.
 */
export function pickShowcase(batch: GoodsInsert[], ids: PromotionIds, rng: Rng): PromotionGoodsInsert[] {
  const out: PromotionGoodsInsert[] = [];
  const used = new Set<number>();
  const eligible = batch.filter(
    (g) => g.isBuy !== false && (g.stock ?? 0) >= 100 && !g.isKx && !g.isEphedrine && !g.isJxq,
  );
  const take = (n: number, from: GoodsInsert[] = eligible): GoodsInsert[] => {
    const picked = rng.sample(
      from.filter((g) => !used.has(g.id)),
      n,
    );
    for (const g of picked) used.add(g.id);
    return picked;
  };

  // Each session sells 8 of a pool of 12 goods, rotating, at its own price and stock.
  const flashPool = take(12);
  for (const g of flashPool) g.tags = [...(g.tags ?? []), '秒'];
  ids.flash.forEach((promotionId, slot) => {
    for (let k = 0; k < 8; k++) {
      const g = flashPool[(slot * 4 + k) % flashPool.length];
      const stockLimit = rng.pick([50, 100, 200, 500]);
      out.push(
        promotionGoodsRow({
          promotionId,
          goodsId: g.id,
          price: promoPrice(g.basePrice, 0.7 + rng.next() * 0.15),
          stockLimit,
          // Units other shops took before the demo opens (the first sessions have already run).
          sold: slot < 12 ? rng.int(0, Math.floor(stockLimit * 0.8)) : 0,
          perCompanyLimit: rng.pick([5, 10, 20]),
        }),
      );
    }
  });
  // Group buys: quantity is the target (units), the price the group price. Joined units come
  // from real paid orders (seedGroupJoins), not from a number written here.
  take(3).forEach((g, i) => {
    out.push(
      promotionGoodsRow({
        promotionId: ids.group[0],
        goodsId: g.id,
        price: promoPrice(g.basePrice, 0.85),
        quantity: [100, 60, 200][i],
        perCompanyLimit: 50,
      }),
    );
  });
  take(2).forEach((g, i) => {
    out.push(
      promotionGoodsRow({
        promotionId: ids.group[1],
        goodsId: g.id,
        price: promoPrice(g.basePrice, 0.88),
        quantity: [300, 150][i],
        perCompanyLimit: 100,
      }),
    );
  });
  for (const g of take(10)) {
    out.push(
      promotionGoodsRow({
        promotionId: ids.everyday,
        goodsId: g.id,
        price: promoPrice(g.basePrice, 0.8 + rng.next() * 0.1),
        stockLimit: rng.pick([200, 500, 1000]),
        perCompanyLimit: 10,
      }),
    );
    g.tags = [...(g.tags ?? []), '特'];
  }

  // Combinations: themed when the featured goods are in the batch, otherwise any eligible goods.
  const byName = (names: string[]) =>
    names.flatMap((n) => batch.filter((g) => g.name === n && g.isBuy !== false && (g.stock ?? 0) > 0).slice(0, 1));
  const themes: [string[], number][] = [
    [['999感冒灵颗粒', '连花清瘟胶囊', '板蓝根颗粒'], ids.combinations[0]],
    [['血糖仪', '血糖试纸'], ids.combinations[1]],
  ];
  for (const [names, promotionId] of themes) {
    let members = byName(names);
    if (members.length < 2) members = take(names.length);
    members.forEach((g, i) => {
      out.push(
        promotionGoodsRow({
          promotionId,
          goodsId: g.id,
          price: promoPrice(g.basePrice, 0.9),
          quantity: i === 1 ? 1 : 2,
        }),
      );
    });
  }
  return out;
}

export interface CouponTemplateIds {
  manjian1000: number;
  manjian3000: number;
  manjian500: number;
  discount95: number;
  zy800: number;
  qx600: number;
  noThreshold10: number;
  voucher50: number;
  voucher100: number;
}

export async function seedCouponTemplates(
  db: Db,
  now: Date,
  roots: { zy: number; qx: number },
): Promise<CouponTemplateIds> {
  const first = await firstFreeId(db, 'coupon_templates');
  const base = { startsAt: addDays(now, -10), endsAt: addDays(now, 60), createdAt: addDays(now, -10) };
  const list: [keyof CouponTemplateIds, typeof couponTemplates.$inferInsert][] = [
    [
      'manjian1000',
      { ...base, kind: 'coupon', name: '满1000减50', threshold: 100_000, amount: 5_000, total: 10_000, issued: 1_268 },
    ],
    [
      'manjian3000',
      { ...base, kind: 'coupon', name: '满3000减200', threshold: 300_000, amount: 20_000, total: 5_000, issued: 842 },
    ],
    [
      'manjian500',
      { ...base, kind: 'coupon', name: '满500减20', threshold: 50_000, amount: 2_000, total: 20_000, issued: 3_951 },
    ],
    [
      'discount95',
      {
        ...base,
        kind: 'coupon',
        name: '全场9.5折券（最高抵100元）',
        threshold: 50_000,
        amount: 10_000,
        discountPercent: 95,
        total: 3_000,
        issued: 420,
      },
    ],
    [
      'zy800',
      {
        ...base,
        kind: 'coupon',
        name: '中药饮片专用 满800减40',
        threshold: 80_000,
        amount: 4_000,
        scope: { category_l1: [roots.zy] },
        total: 2_000,
        issued: 133,
      },
    ],
    [
      'qx600',
      {
        ...base,
        kind: 'coupon',
        name: '器械专区 满600减30',
        threshold: 60_000,
        amount: 3_000,
        scope: { category_l1: [roots.qx] },
        total: 2_000,
        issued: 97,
      },
    ],
    [
      'noThreshold10',
      {
        ...base,
        kind: 'coupon',
        name: '新人无门槛10元券',
        threshold: 0,
        amount: 1_000,
        claimable: false,
        validDays: 15,
      },
    ],
    [
      'voucher50',
      { ...base, kind: 'voucher', name: '50元现金券', threshold: 0, amount: 5_000, claimable: false, validDays: 90 },
    ],
    [
      'voucher100',
      { ...base, kind: 'voucher', name: '100元现金券', threshold: 0, amount: 10_000, claimable: false, validDays: 90 },
    ],
  ];
  await db.insert(couponTemplates).values(list.map(([, row], i) => ({ ...row, id: first + i })));
  await syncSequence(db, 'coupon_templates');
  return Object.fromEntries(list.map(([key], i) => [key, first + i])) as unknown as CouponTemplateIds;
}

const POINTS_GOODS: readonly [string, number, number][] = [
  ['医用外科口罩 50只装', 300, 500],
  ['电子体温计', 800, 200],
  ['药店收银热敏小票纸 80mm×20卷', 1_200, 300],
  ['门店购物篮（10个装）', 2_000, 100],
  ['药品分装袋 1000个', 600, 400],
  ['不锈钢保温杯 500ml', 2_500, 80],
  ['上臂式电子血压计', 9_800, 30],
  ['便携式药盒 7格', 400, 600],
];

export async function seedPointsMall(db: Db): Promise<number[]> {
  const first = await firstFreeId(db, 'points_goods');
  await db.insert(pointsGoods).values(
    POINTS_GOODS.map(([name, points, stock], i) => ({
      id: first + i,
      name,
      points,
      stock,
      image: `/media/banner/jfsc-${i + 1}.svg`,
    })),
  );
  await syncSequence(db, 'points_goods');
  return POINTS_GOODS.map((_, i) => first + i);
}

export async function seedLuckyDraw(
  db: Db,
  now: Date,
  coupons: CouponTemplateIds,
  _pointsGoodsIds: number[],
): Promise<number> {
  const [draw] = await db
    .insert(draws)
    .values({
      name: '幸运大转盘',
      rules:
        '1. 活动期间每家门店可免费抽奖1次；\n2. 每笔实付满1000元并已付款的订单再得1次抽奖机会；\n3. 优惠券自动发放至“我的钱包-优惠券”，积分即时到账；\n4. 本活动最终解释权归康源医药网所有。',
      // Chances: one free plus one per paid order of 1000 yuan (docs/decisions/lucky-draw.md).
      timesPerCompany: 1,
      orderMinAmount: 100_000,
      startsAt: addDays(now, -7),
      endsAt: addDays(now, 30),
      image: '/media/banner/draw-1.svg',
    })
    .returning({ id: draws.id });
  await db.insert(drawPrizes).values([
    {
      drawId: draw.id,
      name: '满1000减50优惠券',
      remarks: '有效期30天',
      weight: 10,
      stock: 500,
      kind: 'coupon',
      refId: coupons.manjian1000,
    },
    {
      drawId: draw.id,
      name: '满500减20优惠券',
      remarks: '有效期30天',
      weight: 20,
      stock: 1_000,
      kind: 'coupon',
      refId: coupons.manjian500,
    },
    { drawId: draw.id, name: '200积分', remarks: '即时到账', weight: 20, stock: 2_000, kind: 'points', refId: 200 },
    { drawId: draw.id, name: '50积分', remarks: '即时到账', weight: 25, stock: 5_000, kind: 'points', refId: 50 },
    // Goods prizes are not drawn yet (lucky-draw.md): 谢谢参与 needs no stock.
    { drawId: draw.id, name: '谢谢参与', remarks: '下次好运', weight: 20, stock: 0, kind: 'none', refId: null },
  ]);
  return draw.id;
}
