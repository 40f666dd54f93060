// 满赠 on the server (src/domain/gifts.ts has the rule): the active gift promotions, the gift lines
// an order reached with their stock checked against what the order already takes, and the cart
// lines' gift_data. The checkout quote adds the given gifts as order units of type 2 (price 0),
// so stock is reserved for them with the rest of the order in one statement.
import { and, eq, gt, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { goods, promotionGoods, promotions } from '../../db/schema.ts';
import { anyId } from '../cart/packed.ts';
import {
  GIFT_DATA_TYPE,
  giftBase,
  reachedGiftTier,
  type GiftBaseLine,
  type GiftLineView,
  type GiftRule,
} from '@domain/gifts.ts';
import type { CartState } from '@domain/cart-types.ts';

const giftRules = z.object({
  tiers: z
    .array(
      z.object({
        amount: z.number().int().positive(),
        goods_id: z.number().int().positive(),
        number: z.number().int().positive(),
      }),
    )
    .min(1),
});

/** Active 满赠 promotions with their member goods: two statements. Malformed rules are ignored. */
export async function loadGiftRules(db: Db, now: Date): Promise<GiftRule[]> {
  const rows = await db
    .select({ id: promotions.id, name: promotions.name, rules: promotions.rules, allGoods: promotions.allGoods })
    .from(promotions)
    .where(
      and(
        eq(promotions.kind, 'gift'),
        eq(promotions.isActive, true),
        lte(promotions.startsAt, now),
        gt(promotions.endsAt, now),
      ),
    )
    .orderBy(promotions.sort, promotions.id);
  const out: GiftRule[] = [];
  if (rows.length === 0) return out;
  const members = await db
    .select({ promotionId: promotionGoods.promotionId, goodsId: promotionGoods.goodsId })
    .from(promotionGoods)
    .where(
      anyId(
        promotionGoods.promotionId,
        rows.map((r) => r.id),
      ),
    );
  for (const r of rows) {
    const parsed = giftRules.safeParse(r.rules);
    if (!parsed.success) continue;
    const set = new Set(members.filter((m) => m.promotionId === r.id).map((m) => m.goodsId));
    out.push({ id: r.id, name: r.name, allGoods: r.allGoods, members: set, tiers: parsed.data.tiers });
  }
  return out;
}

export interface GivenGift {
  view: GiftLineView;
  warehouseId: number;
  sccj: string;
  stock: number;
}

/**
 * The gift lines `lines` reach. `taken` is what the order already takes of each goods (units), so
 * a gift that is also bought is only given when the stock covers both.
 */
export async function orderGifts(
  db: Db,
  lines: readonly GiftBaseLine[],
  taken: ReadonlyMap<number, number>,
  now: Date,
): Promise<GivenGift[]> {
  const rules = await loadGiftRules(db, now);
  const reached = rules.flatMap((rule) => {
    const tier = reachedGiftTier(rule, giftBase(rule, lines));
    return tier ? [{ rule, tier }] : [];
  });
  if (reached.length === 0) return [];
  const rows = await db
    .select({
      id: goods.id,
      name: goods.name,
      ypgg: goods.ypgg,
      bzdw: goods.bzdw,
      image: goods.image,
      stock: goods.stock,
      sccj: goods.sccj,
      warehouseId: goods.warehouseId,
      isOnSale: goods.isOnSale,
    })
    .from(goods)
    .where(
      anyId(
        goods.id,
        reached.map((r) => r.tier.goods_id),
      ),
    );
  const byId = new Map(rows.map((g) => [g.id, g]));
  const used = new Map(taken);
  const out: GivenGift[] = [];
  for (const { rule, tier } of reached) {
    const g = byId.get(tier.goods_id);
    if (!g) continue;
    const already = used.get(g.id) ?? 0;
    const given = g.isOnSale && g.stock - already >= tier.number;
    if (given) used.set(g.id, already + tier.number);
    out.push({
      view: {
        promotion_id: rule.id,
        promotion_name: rule.name,
        threshold: tier.amount,
        goods_id: g.id,
        name: g.name,
        ypgg: g.ypgg,
        bzdw: g.bzdw,
        goods_image: g.image,
        number: tier.number,
        price: 0,
        given: given ? 1 : 0,
      },
      warehouseId: g.warehouseId,
      sccj: g.sccj,
      stock: g.stock,
    });
  }
  return out;
}

/**
 * gift_data of each cart line (SPEC §3): type 1 on the lines of a gift promotion, total = gift
 * units the selected lines reach now (0 below the first tier).
 */
export async function applyGiftData(db: Db, state: CartState, now: Date): Promise<void> {
  const rules = await loadGiftRules(db, now);
  if (rules.length === 0) return;
  const selected: GiftBaseLine[] = state.data
    .filter((l) => l.is_selected === 1)
    .map((l) => ({ goodsId: l.goods.id, type: l.type, amount: l.raw_price ?? 0 }));
  for (const rule of rules) {
    const tier = reachedGiftTier(rule, giftBase(rule, selected));
    for (const l of state.data) {
      if (l.type === 0 && (rule.allGoods || rule.members.has(l.goods.id)) && l.gift_data.type === 0) {
        l.gift_data = { total: tier?.number ?? 0, type: GIFT_DATA_TYPE };
      }
    }
  }
}
