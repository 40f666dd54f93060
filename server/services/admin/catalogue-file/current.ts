// Goods as they are, in the catalogue file's terms: what the export writes and what the import
// compares a row with (a cell equal to this is no change).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { goods } from '../../../db/schema.ts';
import { rowsOf } from '../../goods/search.ts';
import type { MasterData } from './master-data.ts';
import type { FileGoods } from './cells.ts';

export const CURRENT_FIELDS = {
  id: goods.id,
  externalCode: goods.externalCode,
  name: goods.name,
  commonName: goods.commonName,
  ypgg: goods.ypgg,
  dosageForm: goods.dosageForm,
  bzdw: goods.bzdw,
  zbz: goods.zbz,
  midPackStrict: goods.midPackStrict,
  jzl: goods.jzl,
  sccj: goods.sccj,
  manufacturerId: goods.manufacturerId,
  brandId: goods.brandId,
  categoryId: goods.categoryId,
  warehouseId: goods.warehouseId,
  approvalNo: goods.approvalNo,
  barcode: goods.barcode,
  basePrice: goods.basePrice,
  retailPrice: goods.retailPrice,
  stock: goods.stock,
  scopeClass: goods.scopeClass,
  isRx: goods.isRx,
  isKx: goods.isKx,
  isJxq: goods.isJxq,
  isZy: goods.isZy,
  isQx: goods.isQx,
  isEphedrine: goods.isEphedrine,
  ephedrineLimit: goods.ephedrineLimit,
  purchaseLimit: goods.purchaseLimit,
  minBuy: goods.minBuy,
  isFreeShipping: goods.isFreeShipping,
  isDpby: goods.isDpby,
  qgNumber: goods.qgNumber,
};

export type CurrentRow = {
  [K in keyof typeof CURRENT_FIELDS]: (typeof CURRENT_FIELDS)[K]['_']['data'] | (K extends 'brandId' ? null : never);
};

export function fileGoodsOf(g: CurrentRow, md: MasterData): FileGoods {
  return {
    external_code: g.externalCode,
    name: g.name,
    common_name: g.commonName,
    ypgg: g.ypgg,
    dosage_form: g.dosageForm,
    bzdw: g.bzdw,
    zbz: g.zbz,
    mid_pack_strict: g.midPackStrict,
    jzl: g.jzl,
    manufacturer: g.sccj,
    brand: g.brandId === null ? '' : (md.brandNames.get(g.brandId) ?? ''),
    category: md.categoriesById.get(g.categoryId)?.path ?? '',
    warehouse: md.warehouseNames.get(g.warehouseId) ?? '',
    approval_no: g.approvalNo,
    barcode: g.barcode,
    base_price: g.basePrice,
    retail_price: g.retailPrice,
    stock: g.stock,
    scope_class: g.scopeClass,
    is_rx: g.isRx,
    is_kx: g.isKx,
    is_jxq: g.isJxq,
    is_zy: g.isZy,
    is_qx: g.isQx,
    is_ephedrine: g.isEphedrine,
    ephedrine_limit: g.ephedrineLimit,
    purchase_limit: g.purchaseLimit,
    min_buy: g.minBuy,
    is_free_shipping: g.isFreeShipping,
    is_dpby: g.isDpby,
    qg_number: g.qgNumber,
  };
}

/**
 * Goods whose external code is one of `codes`: one JSON parameter (no limit on how many, unlike
 * bound parameters), matched through `= ANY(array)` with the partial unique index's own predicate,
 * so it is an index scan. (`IN (SELECT json_…)` could not use the partial index and, with stale
 * statistics after a large import, the planner re-scanned goods per code: quadratic.)
 */
export const externalCodeIn = (codes: readonly string[]): SQL =>
  sql`${goods.externalCode} <> '' AND ${goods.externalCode} = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(codes)}::json)))`;

/** The goods of these external codes, locked for the apply when `lock`. */
export async function currentByCodes(db: Db, codes: readonly string[], lock: boolean): Promise<CurrentRow[]> {
  if (codes.length === 0) return [];
  const q = db.select(CURRENT_FIELDS).from(goods).where(externalCodeIn(codes)).orderBy(goods.id);
  return lock ? await q.for('update') : await q;
}

/** Each goods' ladder steps (ascending quantity): a new base price may not fall under them. */
export async function laddersOf(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { min_number: number; price: number }[]>> {
  const out = new Map<number, { min_number: number; price: number }[]>();
  if (ids.length === 0) return out;
  const rows = rowsOf<{ goods_id: number; min_number: number; price: number }>(
    await db.execute(
      sql`SELECT goods_id, min_number, price FROM goods_ladder_prices WHERE goods_id = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(ids)}::json)::int)) ORDER BY goods_id, min_number`,
    ),
  );
  for (const r of rows) {
    const list = out.get(r.goods_id) ?? [];
    list.push({ min_number: r.min_number, price: r.price });
    out.set(r.goods_id, list);
  }
  return out;
}
