// Terms a flash-sale (type 1) or group-buy (type 2) cart line adds to the cart's rules: the
// per-company cap counts what the company already holds in live orders of that promotion, not
// only the line in front of it, and a group line is paid at the member price until the group
// is decided (docs/decisions/group-buy.md).
import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, promotionGoods } from '../../db/schema.ts';
import type { FlashFact, GoodsFactRow, PromotionFacts } from '../cart/facts.ts';

/**
 * Why `number` more units would pass the company's cap counting what it already holds in
 * orders, or null. With nothing held the cart's own rules (purchase_limit capped by the
 * promotion's limit) speak, as "最多可购买5盒".
 */
export function companyLimitProblem(fact: FlashFact, number: number, unit: string): string | null {
  const limit = fact.perCompanyLimit;
  const bought = fact.bought ?? 0;
  if (limit <= 0 || bought === 0) return null;
  if (bought + number <= limit) return null;
  return capMessage(limit, bought, unit);
}

/** "活动每家限购5盒，已购3盒". */
export function capMessage(limit: number, bought: number, unit: string): string {
  return bought > 0 ? `活动每家限购${limit}${unit}，已购${bought}${unit}` : `活动每家限购${limit}${unit}`;
}

/**
 * A group-buy line is paid at the member price (rank price, else base price; no ladder, no
 * coupon share) so that the difference to the group price is exact when the group forms.
 */
export function groupJoinPrice(g: Pick<GoodsFactRow, 'rankPrice' | 'basePrice' | 'rankPriceId'>) {
  return {
    price: g.rankPrice ?? g.basePrice,
    goodsPriceId: g.rankPrice !== null ? g.rankPriceId : null,
    ladderPriceId: null,
    couponEligible: false,
  };
}

export interface PromotionUnitsKey {
  promotionId: number;
  goodsId: number;
}

/** Units of each (promotion, goods) the company holds in orders that are not cancelled. */
export async function companyPromotionUnits(
  db: Db,
  companyId: number,
  keys: readonly PromotionUnitsKey[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (keys.length === 0) return out;
  const rows = await db
    .select({
      promotionId: orderLines.promotionId,
      goodsId: orderLines.goodsId,
      n: sql<number>`COALESCE(SUM(${orderLines.number}), 0)::int`,
    })
    .from(orderLines)
    .innerJoin(orders, sql`${orders.id} = ${orderLines.orderId}`)
    .where(
      and(
        sql`${orders.companyId} = ${companyId}`,
        ne(orders.status, 'cancelled'),
        inArray(orderLines.type, [1, 2]),
        inArray(orderLines.promotionId, [...new Set(keys.map((k) => k.promotionId))]),
      ),
    )
    .groupBy(orderLines.promotionId, orderLines.goodsId);
  for (const r of rows) out.set(`${r.promotionId}:${r.goodsId}`, r.n);
  return out;
}

/** Writes `bought` into the flash and group facts of a company (for its cart's caps). */
export async function fillCompanyBought(
  db: Db,
  companyId: number,
  promos: Pick<PromotionFacts, 'flashOf' | 'groupOf'>,
): Promise<void> {
  const capped = [...promos.flashOf, ...promos.groupOf].filter(([, f]) => f.perCompanyLimit > 0);
  if (capped.length === 0) return;
  const units = await companyPromotionUnits(
    db,
    companyId,
    capped.map(([goodsId, f]) => ({ promotionId: f.promotionId, goodsId })),
  );
  for (const [goodsId, f] of capped) f.bought = units.get(`${f.promotionId}:${goodsId}`) ?? 0;
}

/**
 * At checkout (under the company's cart lock): the first flash/group goods whose units in this
 * order plus those already held in live orders pass the promotion's per-company cap, or null.
 */
export async function overCompanyCap(
  tx: Db,
  companyId: number,
  units: readonly (PromotionUnitsKey & { n: number })[],
): Promise<{ goodsId: number; limit: number; bought: number } | null> {
  if (units.length === 0) return null;
  const caps = await tx
    .select({
      promotionId: promotionGoods.promotionId,
      goodsId: promotionGoods.goodsId,
      limit: promotionGoods.perCompanyLimit,
    })
    .from(promotionGoods)
    .where(inArray(promotionGoods.promotionId, [...new Set(units.map((u) => u.promotionId))]));
  const limitOf = new Map(caps.map((c) => [`${c.promotionId}:${c.goodsId}`, c.limit]));
  const held = await companyPromotionUnits(tx, companyId, units);
  for (const u of units) {
    const key = `${u.promotionId}:${u.goodsId}`;
    const limit = limitOf.get(key) ?? 0;
    const bought = held.get(key) ?? 0;
    if (limit > 0 && bought + u.n > limit) return { goodsId: u.goodsId, limit, bought };
  }
  return null;
}
