// What the cart needs to know about goods, read in a fixed number of statements whatever the cart
// size (no N+1): goods with the rank price, ladder steps, and the active promotions the goods are in.
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { goods, goodsLadderPrices, goodsPrices, promotionGoods, promotions, warehouses } from '../../db/schema.ts';
import type { LadderStepWithId } from '@domain/cart.ts';
import type { DiscountTier, ManjianTier, PromotionPricing, TierPromotion } from '@domain/cart-types.ts';
import { anyId, packed } from './packed.ts';
import { isPromoPricedKind, PROMO_PRICED_KINDS } from '@domain/daily-special.ts';

/** Goods columns every cart view and check reads (with the member rank's price). */
export const goodsFactFields = {
  id: goods.id,
  name: goods.name,
  sccj: goods.sccj,
  ypgg: goods.ypgg,
  zbz: goods.zbz,
  image: goods.image,
  warehouseId: goods.warehouseId,
  isBuy: goods.isBuy,
  isOnSale: goods.isOnSale,
  isKx: goods.isKx,
  scopeClass: goods.scopeClass,
  stock: goods.stock,
  basePrice: goods.basePrice,
  rankPrice: sql<number | null>`${goodsPrices.price}`,
  rankPriceId: sql<number | null>`${goodsPrices.id}`,
  ladderPriceType: goods.ladderPriceType,
  bzdw: goods.bzdw,
  tags: goods.tags,
  isFreeShipping: goods.isFreeShipping,
  freeShippingNumber: goods.freeShippingNumber,
  isDpby: goods.isDpby,
  qgNumber: goods.qgNumber,
  isYoux: goods.isYoux,
  type: goods.type,
  isJxq: goods.isJxq,
  midPackStrict: goods.midPackStrict,
  minBuy: goods.minBuy,
  purchaseLimit: goods.purchaseLimit,
  isEphedrine: goods.isEphedrine,
  ephedrineLimit: goods.ephedrineLimit,
};

export interface GoodsFactRow {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  zbz: number;
  image: string;
  warehouseId: number;
  isBuy: boolean;
  isOnSale: boolean;
  isKx: boolean;
  /** 经营范围 class (src/domain/business-scope.ts). */
  scopeClass: string;
  stock: number;
  basePrice: number;
  rankPrice: number | null;
  rankPriceId: number | null;
  ladderPriceType: number;
  bzdw: string;
  tags: string[];
  isFreeShipping: boolean;
  freeShippingNumber: number;
  isDpby: boolean;
  qgNumber: number;
  isYoux: boolean;
  type: number;
  isJxq: boolean;
  midPackStrict: boolean;
  minBuy: number;
  purchaseLimit: number;
  isEphedrine: boolean;
  ephedrineLimit: number;
}

export interface GoodsFacts extends GoodsFactRow {
  ladder: LadderStepWithId[];
}

/** LEFT JOIN condition for the rank's price (goods_prices_uq: at most one row). */
export const rankJoin = (rank: number) => and(eq(goodsPrices.goodsId, goods.id), eq(goodsPrices.rank, rank));

/** Goods by id with the rank price and ladders: two statements. */
export async function loadGoodsFacts(db: Db, ids: readonly number[], rank: number): Promise<Map<number, GoodsFacts>> {
  const out = new Map<number, GoodsFacts>();
  if (ids.length === 0) return out;
  const p = packed(goodsFactFields);
  const [row] = await db
    .select({ goods: p.expr })
    .from(goods)
    .leftJoin(goodsPrices, rankJoin(rank))
    .where(anyId(goods.id, ids));
  const rows = p.unpack(row?.goods);
  const ladders = await loadLadders(db, ids);
  for (const r of rows) out.set(r.id, { ...r, ladder: ladders.get(r.id) ?? [] });
  return out;
}

/** Ladder steps per goods, lowest step first. */
export async function loadLadders(db: Db, ids: readonly number[]): Promise<Map<number, LadderStepWithId[]>> {
  const out = new Map<number, LadderStepWithId[]>();
  if (ids.length === 0) return out;
  const p = packed(
    {
      id: goodsLadderPrices.id,
      goodsId: goodsLadderPrices.goodsId,
      number: goodsLadderPrices.minNumber,
      price: goodsLadderPrices.price,
    },
    sql`${goodsLadderPrices.goodsId}, ${goodsLadderPrices.minNumber}`,
  );
  const [row] = await db
    .select({ ladders: p.expr })
    .from(goodsLadderPrices)
    .where(anyId(goodsLadderPrices.goodsId, ids));
  const rows = p.unpack(row?.ladders);
  for (const r of rows) {
    let list = out.get(r.goodsId);
    if (!list) out.set(r.goodsId, (list = []));
    list.push({ id: r.id, number: r.number, price: r.price });
  }
  return out;
}

/** Warehouse names (a handful of rows). */
export async function loadWarehouseNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(inArray(warehouses.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---------------------------------------------------------------------------------------------
// Promotions
// ---------------------------------------------------------------------------------------------

const manjianRules = z.object({
  tiers: z.array(z.object({ amount: z.number().int().positive(), reduce: z.number().int().nonnegative() })).min(1),
});
const discountRules = z.object({
  tiers: z.array(z.object({ amount: z.number().int().positive(), percent: z.number().int().min(1).max(100) })).min(1),
});

export interface FlashFact {
  promotionId: number;
  /** The promotion kind that prices the line (the cart labels the line after it). */
  kind: PromotionPricing;
  price: number;
  /** Units left in the flash sale (null = no cap). */
  remaining: number | null;
  /** Per-company cap (0 = none). */
  perCompanyLimit: number;
  /** Units the company already holds in live orders of this promotion (filled for a buyer). */
  bought?: number;
}

export interface PromotionFacts {
  /** Active 满减/满折 promotions that at least one of the goods joins, in display order. */
  tiers: TierPromotion[];
  /** goods id → the tier promotion it joins (manjian before discount, then sort). */
  tierOf: Map<number, number>;
  /** goods id → its active flash sale. */
  flashOf: Map<number, FlashFact>;
  /** goods id → its running group buy (same terms: price, joined-so-far cap, per-company cap). */
  groupOf: Map<number, FlashFact>;
  /** Active tier promotions for every goods (all_goods), for next_hint. */
  allGoodsTierIds: Set<number>;
}

const TIER_KINDS = ['manjian', 'discount'] as const;

/** The flash sale (type 1) or group buy (type 2) a cart line of this type prices by, or null. */
export function promoFactOf(
  promos: Pick<PromotionFacts, 'flashOf' | 'groupOf'>,
  type: number,
  goodsId: number,
): FlashFact | null {
  if (type === 1) return promos.flashOf.get(goodsId) ?? null;
  if (type === 2) return promos.groupOf.get(goodsId) ?? null;
  return null;
}

/** Active promotions (tiers and flash sales) with the given goods' membership: one statement. */
export async function loadPromotionFacts(db: Db, goodsIds: readonly number[], now: Date): Promise<PromotionFacts> {
  const ids = goodsIds.length > 0 ? [...goodsIds] : [0];
  const rows = await db
    .select({
      id: promotions.id,
      kind: promotions.kind,
      name: promotions.name,
      rules: promotions.rules,
      allGoods: promotions.allGoods,
      goodsId: promotionGoods.goodsId,
      price: promotionGoods.price,
      stockLimit: promotionGoods.stockLimit,
      sold: promotionGoods.sold,
      perCompanyLimit: promotionGoods.perCompanyLimit,
    })
    .from(promotions)
    .leftJoin(promotionGoods, and(eq(promotionGoods.promotionId, promotions.id), anyId(promotionGoods.goodsId, ids)))
    .where(
      and(
        inArray(promotions.kind, [...TIER_KINDS, ...PROMO_PRICED_KINDS, 'group']),
        eq(promotions.isActive, true),
        lte(promotions.startsAt, now),
        gt(promotions.endsAt, now),
      ),
    )
    // manjian < discount < flash alphabetically is not an accident we rely on: order explicitly.
    .orderBy(
      sql`CASE ${promotions.kind} WHEN 'manjian' THEN 0 WHEN 'discount' THEN 1 ELSE 2 END`,
      asc(promotions.sort),
      asc(promotions.id),
    );

  const parsed = new Map<number, TierPromotion | null>();
  const tierOrder: number[] = [];
  const members = new Map<number, Set<number>>();
  const allGoodsTierIds = new Set<number>();
  const flashOf = new Map<number, FlashFact>();
  const groupOf = new Map<number, FlashFact>();
  for (const r of rows) {
    // Flash sales and daily specials price a type-1 line; group buys a type-2 line.
    if (isPromoPricedKind(r.kind) || r.kind === 'group') {
      const byGoods = r.kind === 'group' ? groupOf : flashOf;
      if (r.goodsId !== null && r.price !== null && !byGoods.has(r.goodsId)) {
        byGoods.set(r.goodsId, {
          promotionId: r.id,
          kind: r.kind === 'group' ? 'group' : isPromoPricedKind(r.kind) ? r.kind : 'flash',
          price: r.price,
          remaining: r.stockLimit && r.stockLimit > 0 ? Math.max(0, r.stockLimit - (r.sold ?? 0)) : null,
          perCompanyLimit: r.perCompanyLimit ?? 0,
        });
      }
      continue;
    }
    if (!parsed.has(r.id)) {
      parsed.set(r.id, parseTierPromotion(r.id, r.kind, r.name, r.rules));
      tierOrder.push(r.id);
      if (r.allGoods) allGoodsTierIds.add(r.id);
    }
    if (r.goodsId !== null) {
      let set = members.get(r.id);
      if (!set) members.set(r.id, (set = new Set()));
      set.add(r.goodsId);
    }
  }

  const tierOf = new Map<number, number>();
  const used = new Set<number>();
  for (const gid of goodsIds) {
    for (const pid of tierOrder) {
      if (!parsed.get(pid)) continue;
      if (allGoodsTierIds.has(pid) || members.get(pid)?.has(gid)) {
        tierOf.set(gid, pid);
        used.add(pid);
        break;
      }
    }
  }
  const tiers = tierOrder.filter((pid) => used.has(pid)).map((pid) => parsed.get(pid)!);
  return { tiers, tierOf, flashOf, groupOf, allGoodsTierIds };
}

/** A promotion row as a TierPromotion; null when its rules are malformed (it is then ignored). */
export function parseTierPromotion(id: number, kind: string, name: string, rules: unknown): TierPromotion | null {
  if (kind === 'manjian') {
    const r = manjianRules.safeParse(rules);
    return r.success ? { id, kind: 'manjian', name, tiers: r.data.tiers as ManjianTier[] } : null;
  }
  if (kind === 'discount') {
    const r = discountRules.safeParse(rules);
    return r.success ? { id, kind: 'discount', name, tiers: r.data.tiers as DiscountTier[] } : null;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Combinations (组合购, cart line type 3)
// ---------------------------------------------------------------------------------------------

export interface CombinationMember extends GoodsFactRow {
  /** Combination unit price (fen) or null to keep the goods' price. */
  promoPrice: number | null;
  /** Units per set. */
  quantity: number;
}

export interface CombinationFacts {
  id: number;
  name: string;
  /** Lowest goods id first: the member a type-3 cart line is keyed on. */
  members: CombinationMember[];
}

/** Active combinations by id, with their member goods: one statement. */
export async function loadCombinations(
  db: Db,
  ids: readonly number[],
  rank: number,
  now: Date,
): Promise<Map<number, CombinationFacts>> {
  const out = new Map<number, CombinationFacts>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      ...goodsFactFields,
      promotionId: promotions.id,
      promotionName: promotions.name,
      promoPrice: promotionGoods.price,
      quantity: promotionGoods.quantity,
    })
    .from(promotions)
    .innerJoin(promotionGoods, eq(promotionGoods.promotionId, promotions.id))
    .innerJoin(goods, eq(goods.id, promotionGoods.goodsId))
    .leftJoin(goodsPrices, rankJoin(rank))
    .where(
      and(
        inArray(promotions.id, [...ids]),
        eq(promotions.kind, 'combination'),
        eq(promotions.isActive, true),
        lte(promotions.startsAt, now),
        gt(promotions.endsAt, now),
      ),
    )
    .orderBy(asc(promotions.id), asc(goods.id));
  for (const r of rows) {
    const { promotionId, promotionName, ...member } = r;
    let combo = out.get(promotionId);
    if (!combo) out.set(promotionId, (combo = { id: promotionId, name: promotionName, members: [] }));
    combo.members.push({ ...member, quantity: Math.max(1, member.quantity) });
  }
  return out;
}
