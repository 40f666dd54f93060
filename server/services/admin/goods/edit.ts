// Saving the console's goods editor: the whole editable state replaced in one transaction with
// its audit row (only the fields that changed, before and after). Moving the goods to another leaf
// category, maker, brand or warehouse goes through the checks of 新建商品 (placement.ts). A new name gets new pinyin
// search keys at once (search_grams is a generated column and follows by itself); a stock or
// save is one catalogue change (noteCatalogueChange: its log row, the buyers' 到货/降价 alerts in
// the same transaction, the caches after the commit), like every other goods write.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { cartLines, goods, goodsLadderPrices, goodsPrices } from '../../../db/schema.ts';
import { notFound, validationError } from '../../../http/envelope.ts';
import { goodsEditProblems, type GoodsEdit } from '@domain/admin-goods.ts';
import { searchKeysFor } from '../../search-keys.ts';
import { noteCatalogueChange } from '../../catalogue/changes.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { editableState, GOODS_NOT_FOUND } from './detail.ts';
import { resolvePlacement } from './placement.ts';

const PLACEMENT_KEYS = ['category_id', 'manufacturer_id', 'brand_id', 'warehouse_id'] as const;

/** The keys whose values differ, as { before, after } with only those keys. */
export function changedFields<T extends object>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

export interface SavedGoods {
  id: number;
  changed: string[];
  alerts_fired: number;
}

export async function saveConsoleGoods(
  db: Db,
  actor: Actor,
  id: number,
  input: GoodsEdit,
  now: Date,
): Promise<SavedGoods> {
  const problems = goodsEditProblems(input);
  if (Object.keys(problems).length > 0) throw validationError(problems);
  return withTx(db, async (tx) => {
    const [row] = await tx.select().from(goods).where(eq(goods.id, id)).limit(1).for('update');
    if (!row) throw notFound(GOODS_NOT_FOUND);
    // 上架/下架 has its own move with a reason (sale.ts).
    if (input.is_on_sale !== row.isOnSale)
      throw validationError({ is_on_sale: ['上架、下架请使用上架/下架操作并填写原因'] });
    const before = await editableState(tx, row);
    // Where it hangs is kept unless the editor names it (older clients send none of these).
    const where = {
      category_id: input.category_id ?? row.categoryId,
      manufacturer_id: input.manufacturer_id ?? row.manufacturerId,
      brand_id: input.brand_id === undefined ? row.brandId : input.brand_id,
      warehouse_id: input.warehouse_id ?? row.warehouseId,
    };
    const next: GoodsEdit = { ...input, ...where };
    const diff = changedFields(before, next);
    const changed = Object.keys(diff.after);
    if (changed.length === 0) return { id, changed, alerts_fired: 0 };
    const moved = PLACEMENT_KEYS.some((k) => k in diff.after);
    // The same checks as 新建商品 (a leaf category, references that exist), on their fields.
    const place = moved ? await resolvePlacement(tx, where) : null;
    const keys = input.name !== row.name ? searchKeysFor(input.name) : null;
    await tx
      .update(goods)
      .set({
        ...place,
        name: input.name,
        ...(keys ? { pinyinFull: keys.pinyinFull, pinyinInitials: keys.pinyinInitials } : {}),
        approvalNo: input.approval_no,
        barcode: input.barcode,
        basePrice: input.base_price,
        retailPrice: input.retail_price,
        stock: input.stock,
        purchaseLimit: input.purchase_limit,
        ephedrineLimit: input.ephedrine_limit,
        minBuy: input.min_buy,
        zbz: input.zbz,
        midPackStrict: input.mid_pack_strict,
        qgNumber: input.qg_number,
        isOnSale: input.is_on_sale,
        isKx: input.is_kx,
        isJxq: input.is_jxq,
        isEphedrine: input.is_ephedrine,
        isFreeShipping: input.is_free_shipping,
        isDpby: input.is_dpby,
        scopeClass: input.scope_class,
        ladderPriceType: input.ladder_prices.length > 0 ? 1 : 0,
        updatedAt: now,
      })
      .where(eq(goods.id, id));
    // Lines already in carts record the warehouse they ship from.
    if ('warehouse_id' in diff.after)
      await tx.update(cartLines).set({ warehouseId: where.warehouse_id }).where(eq(cartLines.goodsId, id));
    if ('ladder_prices' in diff.after) {
      await tx.delete(goodsLadderPrices).where(eq(goodsLadderPrices.goodsId, id));
      if (input.ladder_prices.length > 0) {
        await tx
          .insert(goodsLadderPrices)
          .values(input.ladder_prices.map((l) => ({ goodsId: id, minNumber: l.min_number, price: l.price })));
      }
    }
    if ('rank_prices' in diff.after) {
      await tx.delete(goodsPrices).where(eq(goodsPrices.goodsId, id));
      if (input.rank_prices.length > 0) {
        await tx
          .insert(goodsPrices)
          .values(input.rank_prices.map((r) => ({ goodsId: id, rank: r.rank, price: r.price })));
      }
    }
    await writeAudit(
      tx,
      actor,
      { action: 'goods.update', targetType: 'goods', targetId: id, before: diff.before, after: diff.after },
      now,
    );
    const alerts = await noteCatalogueChange(tx, [id], 'edited', now);
    return { id, changed, alerts_fired: alerts };
  });
}
