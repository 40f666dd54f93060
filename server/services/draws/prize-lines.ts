// Lucky-draw goods prizes (docs/decisions/lucky-draw.md): a won prize of kind `goods` (ref_id = the
// goods) waits on its draw record (used_order_id null) and rides on the company's next order as a
// 0-price line of type 6. Checkout checks the stock after what the order itself takes: a prize the
// stock cannot cover stays pending for a later order (a free goods must not block a paid order).
// Placing the order marks the records with a conditional UPDATE, so a prize is used once even when
// two orders race.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drawPrizes, drawRecords, goods } from '../../db/schema.ts';
import { badRequest } from '../../http/envelope.ts';
import { anyId } from '../cart/packed.ts';
import type { PrizeLineView } from '@domain/lucky-draw.ts';

export type { PrizeLineView };

export interface OrderPrize {
  view: PrizeLineView;
  warehouseId: number;
  sccj: string;
  stock: number;
}

/** One unit per won record: a draw prize is one goods. */
const PRIZE_UNITS = 1;

/** The company's won goods prizes not yet carried by an order, oldest first. */
export async function pendingGoodsPrizes(db: Db, companyId: number) {
  return db
    .select({
      recordId: drawRecords.id,
      prizeName: drawRecords.prizeName,
      goodsId: goods.id,
      name: goods.name,
      ypgg: goods.ypgg,
      bzdw: goods.bzdw,
      sccj: goods.sccj,
      image: goods.image,
      stock: goods.stock,
      warehouseId: goods.warehouseId,
    })
    .from(drawRecords)
    .innerJoin(drawPrizes, eq(drawPrizes.id, drawRecords.prizeId))
    .innerJoin(goods, eq(goods.id, drawPrizes.refId))
    .where(and(eq(drawRecords.companyId, companyId), eq(drawPrizes.kind, 'goods'), isNull(drawRecords.usedOrderId)))
    .orderBy(asc(drawRecords.id));
}

export async function orderPrizes(
  db: Db,
  companyId: number,
  taken: ReadonlyMap<number, number>,
): Promise<OrderPrize[]> {
  const rows = await pendingGoodsPrizes(db, companyId);
  const used = new Map(taken);
  return rows.map((r) => {
    const already = used.get(r.goodsId) ?? 0;
    const given = r.stock - already >= PRIZE_UNITS;
    if (given) used.set(r.goodsId, already + PRIZE_UNITS);
    return {
      view: {
        record_id: r.recordId,
        prize_name: r.prizeName,
        goods_id: r.goodsId,
        name: r.name,
        ypgg: r.ypgg,
        bzdw: r.bzdw,
        goods_image: r.image,
        number: PRIZE_UNITS,
        price: 0,
        given: given ? 1 : 0,
      },
      warehouseId: r.warehouseId,
      sccj: r.sccj,
      stock: r.stock,
    };
  });
}

/** Marks the prizes the order carries as used by it; a record already used elsewhere fails the order. */
export async function consumePrizes(
  tx: Db,
  companyId: number,
  orderId: number,
  prizes: readonly PrizeLineView[],
): Promise<void> {
  const ids = prizes.filter((p) => p.given === 1).map((p) => p.record_id);
  if (ids.length === 0) return;
  const done = await tx
    .update(drawRecords)
    .set({ usedOrderId: orderId })
    .where(and(anyId(drawRecords.id, ids), eq(drawRecords.companyId, companyId), isNull(drawRecords.usedOrderId)))
    .returning({ id: drawRecords.id });
  if (done.length !== ids.length) throw badRequest('抽奖奖品已随其他订单发放，请刷新后重新提交');
}
