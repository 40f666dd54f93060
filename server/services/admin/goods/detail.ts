// One goods as the console's editor shows it: the editable state (prices, ladders, rank prices,
// stock, limits, flags, scope class) and its batches with their inspection reports (metadata only;
// the files are served by the buyer's /api/jybg routes and are not re-sent here).
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { categories, goods, goodsBatches, goodsLadderPrices, goodsPrices } from '../../../db/schema.ts';
import { notFound } from '../../../http/envelope.ts';
import type { ConsoleGoods, GoodsEdit } from '@domain/admin-goods.ts';
import { isScopeClass } from '@domain/business-scope.ts';
import { reportsOfBatches } from '../../quality-reports/search.ts';

export const GOODS_NOT_FOUND = '商品不存在';

type GoodsRow = typeof goods.$inferSelect;

/** The editable state of a goods row with its ladders and rank prices (the audit's before/after). */
export async function editableState(db: Db, g: GoodsRow): Promise<GoodsEdit> {
  const [ladders, ranks] = await Promise.all([
    db
      .select()
      .from(goodsLadderPrices)
      .where(eq(goodsLadderPrices.goodsId, g.id))
      .orderBy(asc(goodsLadderPrices.minNumber)),
    db.select().from(goodsPrices).where(eq(goodsPrices.goodsId, g.id)).orderBy(asc(goodsPrices.rank)),
  ]);
  return {
    name: g.name,
    approval_no: g.approvalNo,
    barcode: g.barcode,
    base_price: g.basePrice,
    retail_price: g.retailPrice,
    stock: g.stock,
    purchase_limit: g.purchaseLimit,
    ephedrine_limit: g.ephedrineLimit,
    min_buy: g.minBuy,
    zbz: g.zbz,
    mid_pack_strict: g.midPackStrict,
    qg_number: g.qgNumber,
    is_on_sale: g.isOnSale,
    is_kx: g.isKx,
    is_jxq: g.isJxq,
    is_ephedrine: g.isEphedrine,
    is_free_shipping: g.isFreeShipping,
    is_dpby: g.isDpby,
    scope_class: isScopeClass(g.scopeClass) ? g.scopeClass : 'xy',
    ladder_prices: ladders.map((l) => ({ min_number: l.minNumber, price: l.price })),
    rank_prices: ranks.map((r) => ({ rank: r.rank, price: r.price })),
    category_id: g.categoryId,
    manufacturer_id: g.manufacturerId,
    brand_id: g.brandId,
    warehouse_id: g.warehouseId,
  };
}

export async function consoleGoods(db: Db, id: number): Promise<ConsoleGoods> {
  const [row] = await db
    .select({ g: goods, category: categories.name })
    .from(goods)
    .innerJoin(categories, eq(categories.id, goods.categoryId))
    .where(eq(goods.id, id))
    .limit(1);
  if (!row) throw notFound(GOODS_NOT_FOUND);
  const { g } = row;
  const batches = await db
    .select()
    .from(goodsBatches)
    .where(eq(goodsBatches.goodsId, id))
    .orderBy(desc(goodsBatches.id));
  const reports = await reportsOfBatches(
    db,
    batches.map((b) => b.id),
  );
  return {
    ...(await editableState(db, g)),
    id: g.id,
    common_name: g.commonName,
    ypgg: g.ypgg,
    bzdw: g.bzdw,
    sccj: g.sccj,
    category: row.category,
    image: g.image,
    images: g.images,
    sales_count: g.salesCount,
    updated_at: g.updatedAt.getTime(),
    batches: batches.map((b) => ({
      id: b.id,
      batch_no: b.batchNo,
      produced_on: b.producedOn,
      expires_on: b.expiresOn,
      reports: reports
        .filter((r) => r.batchId === b.id)
        .map((r) => ({
          id: r.id,
          title: r.title,
          report_no: r.reportNo,
          issuer: r.issuer,
          issued_on: r.issuedOn,
          file_name: r.fileName,
          size: r.size,
        })),
    })),
  };
}
