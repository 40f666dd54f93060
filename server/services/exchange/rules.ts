// 换购 on the server (src/domain/exchange.ts has the rule): the active exchange promotions, the
// goods their tiers offer, and a company's stored choices. Malformed rules are ignored, like 满赠's.
import { and, eq, gt, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { exchangeChoices, goods, promotionGoods, promotions } from '../../db/schema.ts';
import { anyId } from '../cart/packed.ts';
import type { ExchangeChoice, ExchangeRule } from '@domain/exchange.ts';

export const EXCHANGE_KIND = 'exchange';

export const exchangeRulesSchema = z.object({
  tiers: z
    .array(
      z.object({
        amount: z.number().int().positive(),
        goods: z
          .array(
            z.object({
              goods_id: z.number().int().positive(),
              price: z.number().int().nonnegative(),
              limit: z.number().int().positive(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

/** Active exchange promotions with their member goods (two statements). */
export async function loadExchangeRules(db: Db, now: Date, onlyId?: number): Promise<ExchangeRule[]> {
  const conds = [
    eq(promotions.kind, EXCHANGE_KIND),
    eq(promotions.isActive, true),
    lte(promotions.startsAt, now),
    gt(promotions.endsAt, now),
  ];
  if (onlyId !== undefined) conds.push(eq(promotions.id, onlyId));
  const rows = await db
    .select({ id: promotions.id, name: promotions.name, rules: promotions.rules, allGoods: promotions.allGoods })
    .from(promotions)
    .where(and(...conds))
    .orderBy(promotions.sort, promotions.id);
  if (rows.length === 0) return [];
  const members = await db
    .select({ promotionId: promotionGoods.promotionId, goodsId: promotionGoods.goodsId })
    .from(promotionGoods)
    .where(
      anyId(
        promotionGoods.promotionId,
        rows.map((r) => r.id),
      ),
    );
  const out: ExchangeRule[] = [];
  for (const r of rows) {
    const parsed = exchangeRulesSchema.safeParse(r.rules);
    if (!parsed.success) continue;
    const set = new Set(members.filter((m) => m.promotionId === r.id).map((m) => m.goodsId));
    out.push({ id: r.id, name: r.name, allGoods: r.allGoods, members: set, tiers: parsed.data.tiers });
  }
  return out;
}

export interface ExchangeGoodsRow {
  id: number;
  name: string;
  ypgg: string;
  bzdw: string;
  sccj: string;
  image: string;
  stock: number;
  isOnSale: boolean;
  basePrice: number;
  warehouseId: number;
}

export async function loadExchangeGoods(db: Db, ids: readonly number[]): Promise<Map<number, ExchangeGoodsRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: goods.id,
      name: goods.name,
      ypgg: goods.ypgg,
      bzdw: goods.bzdw,
      sccj: goods.sccj,
      image: goods.image,
      stock: goods.stock,
      isOnSale: goods.isOnSale,
      basePrice: goods.basePrice,
      warehouseId: goods.warehouseId,
    })
    .from(goods)
    .where(anyId(goods.id, [...new Set(ids)]));
  return new Map(rows.map((g) => [g.id, g]));
}

export async function loadChoices(db: Db, companyId: number): Promise<ExchangeChoice[]> {
  const rows = await db
    .select({
      promotionId: exchangeChoices.promotionId,
      goodsId: exchangeChoices.goodsId,
      number: exchangeChoices.number,
      price: exchangeChoices.price,
    })
    .from(exchangeChoices)
    .where(eq(exchangeChoices.companyId, companyId));
  return rows;
}

export async function dropChoices(db: Db, companyId: number, promotionIds: readonly number[]): Promise<void> {
  if (promotionIds.length === 0) return;
  await db
    .delete(exchangeChoices)
    .where(and(eq(exchangeChoices.companyId, companyId), anyId(exchangeChoices.promotionId, promotionIds)));
}
