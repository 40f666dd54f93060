// POST /api/cart/next_hint: how far the selected goods are from the next 满减/满折 tier, and goods
// of that promotion (not in the cart yet, best sellers first) that would close the gap.
import { and, asc, desc, eq, gt, inArray, lte, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goods, goodsPrices, promotionGoods, promotions } from '../../db/schema.ts';
import { computeCart } from '@domain/cart.ts';
import type { CartNextHint, CartPromotionView, DiscountTier, ManjianTier, TierPromotion } from '@domain/cart-types.ts';
import { notFound } from '../../http/envelope.ts';
import { goodsCardFields, rankPriceJoin, toGoodsCard } from '../goods/card.ts';
import type { Viewer } from '../price-visibility.ts';
import type { Buyer } from './buyer.ts';
import { parseTierPromotion } from './facts.ts';
import { priceLines } from './list.ts';

const NO_SHIPPING = { shipping_amount: 0, no_trans_order_amount: 0, fee: 0 };

type AnyPromotionView = CartPromotionView<ManjianTier> | CartPromotionView<DiscountTier>;

async function loadTierPromotion(
  db: Db,
  id: number,
  now: Date,
): Promise<{ promo: TierPromotion; allGoods: boolean } | null> {
  const [row] = await db
    .select({
      id: promotions.id,
      kind: promotions.kind,
      name: promotions.name,
      rules: promotions.rules,
      allGoods: promotions.allGoods,
    })
    .from(promotions)
    .where(
      and(
        eq(promotions.id, id),
        inArray(promotions.kind, ['manjian', 'discount']),
        eq(promotions.isActive, true),
        lte(promotions.startsAt, now),
        gt(promotions.endsAt, now),
      ),
    )
    .limit(1);
  const promo = row ? parseTierPromotion(row.id, row.kind, row.name, row.rules) : null;
  return promo ? { promo, allGoods: row.allGoods } : null;
}

export async function nextHint(
  db: Db,
  buyer: Buyer,
  now: Date,
  promotionId: number | undefined,
  limit: number,
): Promise<CartNextHint> {
  const v = {
    companyId: buyer.companyId,
    isSpecial: buyer.isSpecial,
    rank: buyer.rank,
    entitlement: buyer.entitlement,
    showPrices: true,
  };
  const { lines, promos } = await priceLines(db, v, now);
  const { activity } = computeCart(
    lines.map((l) => l.built.calc),
    promos.tiers,
    NO_SHIPPING,
  );
  const views: AnyPromotionView[] = [...activity.manjians, ...activity.discounts];

  let target: { promo: TierPromotion; view: AnyPromotionView | null; allGoods: boolean } | null = null;
  if (promotionId !== undefined) {
    const loaded = await loadTierPromotion(db, promotionId, now);
    if (!loaded) throw notFound('活动不存在或已结束');
    target = { ...loaded, view: views.find((x) => x.id === promotionId) ?? null };
  } else {
    // The promotion closest to its next tier.
    const open = views
      .filter((x) => x.next !== null)
      .sort((a, b) => a.next!.shortfall - b.next!.shortfall || a.id - b.id);
    const pick = open[0];
    if (pick) {
      const promo = promos.tiers.find((p) => p.id === pick.id)!;
      target = { promo, view: pick, allGoods: promos.allGoodsTierIds.has(pick.id) };
    }
  }
  if (!target) return { promotion: null, tier: null, amount: 0, shortfall: 0, suggestions: [] };

  const { promo, view } = target;
  const amount = view?.amount ?? 0;
  let tier: ManjianTier | DiscountTier | null = null;
  for (const t of promo.tiers as readonly (ManjianTier | DiscountTier)[]) {
    if (t.amount > amount && (tier === null || t.amount < tier.amount)) tier = t;
  }
  const shortfall = tier ? tier.amount - amount : 0;
  const suggestions = tier
    ? await suggest(
        db,
        buyer,
        promo.id,
        target.allGoods,
        lines.map((l) => l.loaded.goods.id),
        limit,
      )
    : [];
  return { promotion: { id: promo.id, kind: promo.kind, name: promo.name }, tier, amount, shortfall, suggestions };
}

async function suggest(db: Db, buyer: Buyer, promotionId: number, allGoods: boolean, inCart: number[], limit: number) {
  const viewer: Viewer = {
    userId: buyer.userId,
    companyId: buyer.companyId,
    approved: buyer.approved,
    isSpecial: buyer.isSpecial,
    rank: buyer.rank,
    entitlement: buyer.entitlement,
  };
  const where = and(
    eq(goods.isBuy, true),
    eq(goods.isOnSale, true),
    gt(goods.stock, 0),
    buyer.isSpecial ? undefined : eq(goods.isKx, false),
    inCart.length > 0 ? notInArray(goods.id, inCart) : undefined,
  );
  const base = db.select(goodsCardFields).from(goods);
  const rows = allGoods
    ? await base
        .leftJoin(goodsPrices, rankPriceJoin(viewer))
        .where(where)
        .orderBy(desc(goods.salesCount), asc(goods.id))
        .limit(limit)
    : await base
        .innerJoin(
          promotionGoods,
          and(eq(promotionGoods.goodsId, goods.id), eq(promotionGoods.promotionId, promotionId)),
        )
        .leftJoin(goodsPrices, rankPriceJoin(viewer))
        .where(where)
        .orderBy(desc(goods.salesCount), asc(goods.id))
        .limit(limit);
  return rows.map((r) => toGoodsCard(r, viewer));
}
