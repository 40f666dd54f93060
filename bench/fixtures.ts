// Buyers and carts for the ordering benches (checkout.ts in process, load.ts over HTTP).
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { addresses, cartLines, goods, wallets } from '../server/db/schema.ts';
import { insertBuyer, type Buyer } from '../tests/fixtures/catalogue.ts';
import { signCurrentContract } from '../tests/helpers/contract.ts';
import { clampQuantity, quantityRulesFor, type QuantityRules } from '../src/domain/quantity.ts';

const DAY = 86_400_000;

export interface OrderableGoods {
  id: number;
  warehouseId: number;
  basePrice: number;
  /** The quantity rules with stock topped up (src/domain/quantity.ts, as the checkout checks). */
  rules: QuantityRules;
}

/** A buyer that may order: approved, contract signed, a default address and a large balance. */
export async function orderingBuyer(db: Db, name: string, now: Date): Promise<{ buyer: Buyer; addressId: number }> {
  const buyer = await insertBuyer(db, 'approved', now, name);
  await signCurrentContract(db, buyer.companyId, new Date(now.getTime() - DAY));
  await db.insert(wallets).values({ companyId: buyer.companyId, balance: 1_000_000_000_000, points: 0 });
  const [addr] = await db
    .insert(addresses)
    .values({
      companyId: buyer.companyId,
      consignee: '压测',
      phone: '13800138000',
      province: '广东省',
      city: '广州市',
      district: '天河区',
      detail: '天河路1号',
      isDefault: true,
    })
    .returning({ id: addresses.id });
  return { buyer, addressId: addr.id };
}

/**
 * Up to `keep` buyable, non-控销, non-ephedrine goods in stock whose rules allow a line, read from
 * the first `candidates`; `ladderFirst` puts goods with ladder prices first.
 */
export async function orderableGoods(
  db: Db,
  opts: { candidates: number; keep: number; ladderFirst: boolean },
): Promise<OrderableGoods[]> {
  const rows = await db
    .select({
      id: goods.id,
      warehouseId: goods.warehouseId,
      basePrice: goods.basePrice,
      zbz: goods.zbz,
      minBuy: goods.minBuy,
      midPackStrict: goods.midPackStrict,
      purchaseLimit: goods.purchaseLimit,
    })
    .from(goods)
    .where(
      and(
        eq(goods.isBuy, true),
        eq(goods.isOnSale, true),
        eq(goods.isKx, false),
        eq(goods.isEphedrine, false),
        gt(goods.stock, 0),
      ),
    )
    .orderBy(...(opts.ladderFirst ? [sql`${goods.ladderPriceType} DESC`, asc(goods.id)] : [asc(goods.id)]))
    .limit(opts.candidates);
  return rows
    .map((g) => ({
      id: g.id,
      warehouseId: g.warehouseId,
      basePrice: g.basePrice,
      rules: quantityRulesFor({
        zbz: g.zbz,
        mid_pack_strict: g.midPackStrict,
        min_buy: g.minBuy,
        number: 1_000_000,
        purchase_limit: g.purchaseLimit,
        is_ephedrine: false,
        ephedrine_limit: 0,
        is_buy: true,
      }),
    }))
    .filter((g) => g.rules.max > 0)
    .slice(0, opts.keep);
}

/** Adds one cart line per goods (1, 2 or 3 times the smallest valid quantity); resolves the line ids. */
export async function addCartLines(db: Db, buyer: Buyer, chosen: readonly OrderableGoods[]): Promise<number[]> {
  const rows = await db
    .insert(cartLines)
    .values(
      chosen.map((g, i) => ({
        companyId: buyer.companyId,
        userId: buyer.userId,
        goodsId: g.id,
        warehouseId: g.warehouseId,
        number: clampQuantity(g.rules.min * (1 + (i % 3)), g.rules),
        price: g.basePrice,
      })),
    )
    .returning({ id: cartLines.id });
  return rows.map((r) => r.id);
}
