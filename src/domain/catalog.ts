// Catalogue response shapes (SPEC §3 goods fields, §7 goods/focus calls). Server and page share them.
import type { GoodsCard } from './contracts';
import type { Page } from './envelope';
import { positiveIntParam } from './params';

export interface LadderPriceStep {
  /** ladder_price_id */
  id: number;
  /** From this many units… */
  number: number;
  /** …this unit price (fen). */
  price: number;
}

/** A goods row as every list view, zone, search result and favourite shows it. */
export interface GoodsListItem extends GoodsCard {
  common_name: string;
  /** 批准文号 */
  approval_no: string;
  batch_no: string;
  /** ISO dates (YYYY-MM-DD) or '' */
  produced_on: string;
  expires_on: string;
  retail_price: number | null;
  /** Empty when prices are hidden. */
  ladder_price: LadderPriceStep[];
  ladder_price_type: 0 | 1;
  mid_pack_strict: 0 | 1;
  /** 件装量 */
  jzl: number;
  min_buy: number;
  purchase_limit: number;
  is_free_shipping: 0 | 1;
  free_shipping_number: number;
  is_dpby: 0 | 1;
  qg_number: number;
  is_youx: 0 | 1;
  is_jxq: 0 | 1;
  is_kx: 0 | 1;
  is_zy: 0 | 1;
  is_qx: 0 | 1;
  is_rx: 0 | 1;
  is_ephedrine: 0 | 1;
  ephedrine_limit: number;
  /** Goods kind: 0 normal, 1 flash sale, 3 combination. */
  type: number;
  ck_id: number;
  ck_name: string;
  brand_id: number | null;
  sales: number;
  /** 1 when the signed-in company has it in favourites. */
  is_favorite: 0 | 1;
  /**
   * 1 when the goods was taken off sale (下架). Only favourites carry such goods (marked 已下架,
   * `is_buy` 0): every other list leaves them out. Absent elsewhere.
   */
  off_sale?: 0 | 1;
}

export interface GoodsDetail extends GoodsListItem {
  images: string[];
  description: string;
  storage: string;
  dosage_form: string;
  barcode: string;
  category_path: { id: number; name: string }[];
  brand: { id: number; name: string; logo: string } | null;
}

export type GoodsSort = 'default' | 'sales' | 'price_asc' | 'price_desc' | 'newest';
export type GoodsZone = 'jxq' | 'kx' | 'zy' | 'qx' | 'yx' | 'youx';

/** GET /api/goods/list query (all optional). Prices in fen. */
export interface GoodsListQuery {
  page?: number;
  page_size?: number;
  keywords?: string;
  /** 1 medicine name, 2 manufacturer */
  type?: 1 | 2;
  category_id?: number;
  manufacturer_id?: number;
  brand_id?: number;
  /** Comma-separated badge tags, e.g. "优,新" */
  tags?: string;
  zone?: GoodsZone;
  /** SPEC §9: the free-shipping zone uses yx=1. */
  yx?: 0 | 1;
  price_min?: number;
  price_max?: number;
  in_stock?: 0 | 1;
  sort?: GoodsSort;
}

/** The list's `total` is exact up to this and capped there (counting every match is the costly part). */
export const LIST_TOTAL_CAP = 2_000;

/** "2000+" for a capped total. */
export function listTotalText(total: number): string {
  return total >= LIST_TOTAL_CAP ? `${LIST_TOTAL_CAP}+` : String(total);
}

export interface GoodsListResult extends Page<GoodsListItem> {
  /** Filter options for the current query (manufacturers/brands among the matches). */
  facets: {
    manufacturers: { id: number; name: string; count: number }[];
    brands: { id: number; name: string }[];
  };
}

/** GET /api/goods/activities?goods_id= — promotions that apply to a goods. */
export interface GoodsActivity {
  id: number;
  kind: string;
  name: string;
  description: string;
  starts_at: number;
  ends_at: number;
  /** Tier texts, e.g. "满1000减50". */
  rules: string[];
  /** Flash sale and group buy of this goods: the promotion price (null when prices are hidden). */
  price?: number | null;
  /** Group buy: the target units (成团数量) and the units joined so far. */
  group_size?: number;
  joined?: number;
  /** Flash sale and group buy: per-company cap (0 = none); flash sale: units left (null = no cap). */
  per_company_limit?: number;
  remaining?: number | null;
}

/** GET /api/index/spike — today's flash sale; times are seconds. */
export interface FlashSale {
  id: number;
  name: string;
  start_time: number;
  end_time: number;
  timestamp: number;
  list: (GoodsListItem & {
    spike_price: number | null;
    spike_stock: number;
    sold: number;
    /** Per-company cap, 0 = none. */ per_company_limit?: number;
  })[];
}

export interface FocusItem {
  image: string;
  url: string;
  title: string;
}

export interface BrandInfo {
  id: number;
  name: string;
  logo: string;
  banner: string;
  description: string;
  focus: FocusItem[];
}

/** The goods id of /list/info/:id: a positive integer, or null for anything else. */
export function parseGoodsId(raw: unknown): number | null {
  return positiveIntParam(raw);
}
