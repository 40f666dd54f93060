// The GoodsCard shape (src/domain/contracts.ts) that hot goods, lists and the cart drawer share,
// with prices applied through the visibility rule.
import { and, eq, sql } from 'drizzle-orm';
import { goods, goodsPrices } from '../../db/schema.ts';
import type { GoodsCard } from '@domain/contracts.ts';
import { pricesVisibleTo, type Viewer } from '../price-visibility.ts';
import { purchaseBlock } from '@domain/business-scope.ts';

/** Columns to select for a card; join goodsPrices with rankPriceJoin(viewer) for `rankPrice`. */
export const goodsCardFields = {
  id: goods.id,
  name: goods.name,
  sccj: goods.sccj,
  ypgg: goods.ypgg,
  bzdw: goods.bzdw,
  zbz: goods.zbz,
  image: goods.image,
  basePrice: goods.basePrice,
  rankPrice: sql<number | null>`${goodsPrices.price}`,
  stock: goods.stock,
  isBuy: goods.isBuy,
  tags: goods.tags,
  scopeClass: goods.scopeClass,
};

/** LEFT JOIN condition for the viewer's per-rank price (goods_prices_uq makes it one row at most). */
export const rankPriceJoin = (v: Viewer) => and(eq(goodsPrices.goodsId, goods.id), eq(goodsPrices.rank, v.rank));

export interface GoodsCardRow {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  zbz: number;
  image: string;
  basePrice: number;
  rankPrice: number | null;
  stock: number;
  isBuy: boolean;
  tags: string[];
  scopeClass: string;
}

export function toGoodsCard(row: GoodsCardRow, v: Viewer): GoodsCard {
  const show = pricesVisibleTo(v);
  return {
    id: row.id,
    name: row.name,
    sccj: row.sccj,
    ypgg: row.ypgg,
    bzdw: row.bzdw,
    zbz: row.zbz,
    goods_image: row.image,
    price: show ? (row.rankPrice ?? row.basePrice) : null,
    base_price: show ? row.basePrice : null,
    number: row.stock,
    is_buy: row.isBuy ? 1 : 0,
    tags: row.tags,
    // Said on the tile and the detail page instead of 加入购物车; the cart refuses it the same way.
    buy_block: purchaseBlock(v.entitlement, row.scopeClass),
  };
}
