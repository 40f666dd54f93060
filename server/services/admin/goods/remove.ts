// Deleting a goods (issue 32 §1): only one never ordered — an ordered goods is history (orders,
// invoices, after-sales read it) and is retired (下架) instead. What belongs to the goods alone
// goes with it (ladders, rank prices, carts, favourites, alerts); anything else still pointing at
// it (a batch with reports, a promotion, a product request) refuses the delete with its reason.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import {
  cartLines,
  exchangeChoices,
  favorites,
  goods,
  goodsAlerts,
  goodsBatches,
  goodsLadderPrices,
  goodsPrices,
  orderLines,
  pointsGoods,
  productRequests,
  promotionGoods,
} from '../../../db/schema.ts';
import { AppError, notFound } from '../../../http/envelope.ts';
import { noteCatalogueChange } from '../../catalogue/changes.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { GOODS_NOT_FOUND } from './detail.ts';

export const ORDERED_GOODS = '该商品已有订单，不能删除，请改为下架';

const refuse = (msg: string) => new AppError(409, 409, msg);

/** What keeps a goods from being deleted, each with the console's refusal (ordered, in a promotion, …). */
export const GOODS_KEEPERS = [
  [orderLines, ORDERED_GOODS],
  [promotionGoods, '该商品在促销活动中，请先移出活动或改为下架'],
  [goodsBatches, '该商品已有批次和检验报告，不能删除，请改为下架'],
  [pointsGoods, '该商品是积分商城商品，不能删除'],
  [productRequests, '该商品关联了品种求购记录，不能删除，请改为下架'],
] as const;

/** What belongs to a goods alone and goes with it (a buyer's cart line too, for the console's delete). */
export const GOODS_OWN_ROWS = [
  goodsLadderPrices,
  goodsPrices,
  cartLines,
  favorites,
  goodsAlerts,
  exchangeChoices,
] as const;

export async function deleteConsoleGoods(db: Db, actor: Actor, id: number, now: Date): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const [row] = await tx.select().from(goods).where(eq(goods.id, id)).limit(1).for('update');
    if (!row) throw notFound(GOODS_NOT_FOUND);
    for (const [table, refusal] of GOODS_KEEPERS) {
      const used = await tx.select({ goodsId: table.goodsId }).from(table).where(eq(table.goodsId, id)).limit(1);
      if (used.length > 0) throw refuse(refusal);
    }
    for (const table of GOODS_OWN_ROWS) await tx.delete(table).where(eq(table.goodsId, id));
    await tx.delete(goods).where(eq(goods.id, id));
    await writeAudit(
      tx,
      actor,
      {
        action: 'goods.delete',
        targetType: 'goods',
        targetId: id,
        before: { external_code: row.externalCode, name: row.name, ypgg: row.ypgg, sccj: row.sccj },
      },
      now,
    );
    await noteCatalogueChange(tx, [id], 'deleted', now, { controlled: new Map([[id, row.isKx]]) });
    return { id };
  });
}
