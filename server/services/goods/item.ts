// The GoodsListItem shape (src/domain/catalog.ts) that lists, zones, search results, favourites, the
// flash sale and recommendations share. A page of items is one statement whatever its size: the
// rows by id with the warehouse name, the viewer's per-rank price, the ladder prices (a
// correlated json_agg on goods_ladder_prices_uq) and whether the viewer's company has each in its
// favourites (an EXISTS on the favorites primary key). Each extra round trip costs more than
// these index probes (PGlite: ~0.3 ms a statement).
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favorites, goods, goodsLadderPrices, goodsPrices, warehouses } from '../../db/schema.ts';
import type { GoodsListItem, LadderPriceStep } from '@domain/catalog.ts';
import { rankPriceJoin, toGoodsCard } from './card.ts';
import { pricesVisibleTo, type Viewer } from '../price-visibility.ts';

/** Columns of a list item that do not depend on the viewer. */
const baseFields = {
  id: goods.id,
  name: goods.name,
  commonName: goods.commonName,
  sccj: goods.sccj,
  ypgg: goods.ypgg,
  bzdw: goods.bzdw,
  zbz: goods.zbz,
  image: goods.image,
  basePrice: goods.basePrice,
  retailPrice: goods.retailPrice,
  stock: goods.stock,
  isBuy: goods.isBuy,
  tags: goods.tags,
  scopeClass: goods.scopeClass,
  approvalNo: goods.approvalNo,
  batchNo: goods.batchNo,
  producedOn: goods.producedOn,
  expiresOn: goods.expiresOn,
  ladderPriceType: goods.ladderPriceType,
  midPackStrict: goods.midPackStrict,
  jzl: goods.jzl,
  minBuy: goods.minBuy,
  purchaseLimit: goods.purchaseLimit,
  isFreeShipping: goods.isFreeShipping,
  freeShippingNumber: goods.freeShippingNumber,
  isDpby: goods.isDpby,
  qgNumber: goods.qgNumber,
  isYoux: goods.isYoux,
  isJxq: goods.isJxq,
  isKx: goods.isKx,
  isZy: goods.isZy,
  isQx: goods.isQx,
  isRx: goods.isRx,
  isEphedrine: goods.isEphedrine,
  ephedrineLimit: goods.ephedrineLimit,
  type: goods.type,
  warehouseId: goods.warehouseId,
  warehouseName: warehouses.name,
  brandId: goods.brandId,
  salesCount: goods.salesCount,
};

/** Ladder steps by quantity; null when there are none or prices are hidden. */
function laddersOf(viewer: Viewer): SQL<LadderPriceStep[] | null> {
  if (!pricesVisibleTo(viewer)) return sql<null>`NULL::json`;
  return sql<LadderPriceStep[] | null>`(
    SELECT json_agg(json_build_object('id', ${goodsLadderPrices.id}, 'number', ${goodsLadderPrices.minNumber},
                                      'price', ${goodsLadderPrices.price}) ORDER BY ${goodsLadderPrices.minNumber})
    FROM ${goodsLadderPrices} WHERE ${goodsLadderPrices.goodsId} = ${goods.id})`;
}

function favoriteOf(viewer: Viewer): SQL<boolean> {
  if (viewer.companyId === null) return sql<boolean>`false`;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${favorites}
    WHERE ${favorites.companyId} = ${viewer.companyId} AND ${favorites.goodsId} = ${goods.id})`;
}

/**
 * Columns of one list item for this viewer; select them from goods joined as itemJoins() says
 * (warehouses for the name, goods_prices for the viewer's rank price).
 */
export function goodsItemFields(viewer: Viewer) {
  return {
    ...baseFields,
    rankPrice: sql<number | null>`${goodsPrices.price}`,
    ladders: laddersOf(viewer),
    favorite: favoriteOf(viewer),
  };
}

export interface GoodsItemRow {
  id: number;
  name: string;
  commonName: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  zbz: number;
  image: string;
  basePrice: number;
  rankPrice: number | null;
  retailPrice: number;
  stock: number;
  isBuy: boolean;
  tags: string[];
  scopeClass: string;
  approvalNo: string;
  batchNo: string;
  producedOn: string | null;
  expiresOn: string | null;
  ladderPriceType: number;
  midPackStrict: boolean;
  jzl: number;
  minBuy: number;
  purchaseLimit: number;
  isFreeShipping: boolean;
  freeShippingNumber: number;
  isDpby: boolean;
  qgNumber: number;
  isYoux: boolean;
  isJxq: boolean;
  isKx: boolean;
  isZy: boolean;
  isQx: boolean;
  isRx: boolean;
  isEphedrine: boolean;
  ephedrineLimit: number;
  type: number;
  warehouseId: number;
  warehouseName: string;
  brandId: number | null;
  salesCount: number;
  ladders: LadderPriceStep[] | null;
  favorite: boolean;
}

/** The warehouse join goodsItemFields needs (warehouse_id is NOT NULL). */
export const warehouseJoin = eq(warehouses.id, goods.warehouseId);

const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

export function toGoodsListItem(row: GoodsItemRow, viewer: Viewer): GoodsListItem {
  const show = pricesVisibleTo(viewer);
  return {
    // The card fields and their price rule come from the one card mapping.
    ...toGoodsCard(row, viewer),
    common_name: row.commonName,
    approval_no: row.approvalNo,
    batch_no: row.batchNo,
    produced_on: row.producedOn ?? '',
    expires_on: row.expiresOn ?? '',
    retail_price: show ? row.retailPrice : null,
    ladder_price: show ? (row.ladders ?? []) : [],
    ladder_price_type: row.ladderPriceType === 1 ? 1 : 0,
    mid_pack_strict: flag(row.midPackStrict),
    jzl: row.jzl,
    min_buy: row.minBuy,
    purchase_limit: row.purchaseLimit,
    is_free_shipping: flag(row.isFreeShipping),
    free_shipping_number: row.freeShippingNumber,
    is_dpby: flag(row.isDpby),
    qg_number: row.qgNumber,
    is_youx: flag(row.isYoux),
    is_jxq: flag(row.isJxq),
    is_kx: flag(row.isKx),
    is_zy: flag(row.isZy),
    is_qx: flag(row.isQx),
    is_rx: flag(row.isRx),
    is_ephedrine: flag(row.isEphedrine),
    ephedrine_limit: row.ephedrineLimit,
    type: row.type,
    ck_id: row.warehouseId,
    ck_name: row.warehouseName,
    brand_id: row.brandId,
    sales: row.salesCount,
    is_favorite: flag(row.favorite),
  };
}

/**
 * The items for `ids`, in that order (ids not found are skipped). Callers choose the ids, and with
 * them what the viewer may see (on sale, 控销); this only loads and shapes.
 */
export async function loadGoodsItems(db: Db, viewer: Viewer, ids: readonly number[]): Promise<GoodsListItem[]> {
  if (ids.length === 0) return [];
  const rows: GoodsItemRow[] = await db
    .select(goodsItemFields(viewer))
    .from(goods)
    .innerJoin(warehouses, warehouseJoin)
    .leftJoin(goodsPrices, rankPriceJoin(viewer))
    .where(inArray(goods.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toGoodsListItem(row, viewer)] : [];
  });
}
