// The catalogue pack (issue 35, docs/offline.md "The catalogue pack"): every goods one
// price-and-visibility class may see, at one catalogue version, in chunks the device stores one by
// one. The server encodes (server/services/catalogue/pack-build.ts), the device decodes
// (src/local/catalogue-pack.ts); both use this file so the shape lives once.
//
// Columnar: a chunk is one array per field, so gzip/brotli see runs of similar values (names with
// names, prices with prices). Low-cardinality strings (maker, unit, warehouse, scope class) are
// dictionary-coded per chunk. Measured in bench/catalogue-pack.ts.
import type { GoodsListItem, LadderPriceStep } from './catalog.ts';
import { purchaseBlock, type PurchaseEntitlement } from './business-scope.ts';

/** Goods per chunk: one request, one stored transaction on the device, the unit a download resumes by. */
export const PACK_CHUNK_GOODS = 2_000;

/** Refusals of the pack endpoints, said to the buyer as they are. */
export const PACK_TEXTS = {
  wrongClass: '商品目录与当前账号不符，请重新下载',
  gone: '商品目录已更新，请重新下载',
  noCompany: '请先完善企业资料后再下载商品目录',
} as const;

/** One goods as the pack carries it, decoded. Prices are the class's (null when hidden). */
export interface PackGoods {
  id: number;
  name: string;
  common_name: string;
  /** Server pinyin keys (lower case, no spaces): full and initials of the name; initials of the maker. */
  py: string;
  pyi: string;
  sccj_pyi: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  zbz: number;
  mid_pack_strict: 0 | 1;
  jzl: number;
  min_buy: number;
  purchase_limit: number;
  image: string;
  price: number | null;
  base_price: number | null;
  retail_price: number | null;
  /** Ladder steps [from number, unit price fen], flattened pairs; [] when none or prices hidden. */
  ladder: number[];
  ladder_price_type: 0 | 1;
  stock: number;
  is_buy: 0 | 1;
  tags: string[];
  scope_class: string;
  approval_no: string;
  barcode: string;
  batch_no: string;
  produced_on: string;
  expires_on: string;
  category_id: number;
  category_l1: number;
  category_l2: number;
  manufacturer_id: number;
  brand_id: number | null;
  ck_id: number;
  ck_name: string;
  /** Bit set of PACK_FLAGS. */
  flags: number;
  free_shipping_number: number;
  qg_number: number;
  ephedrine_limit: number;
  type: number;
  sales: number;
  /** Seconds since epoch the goods was created (the 'newest' sort). */
  created: number;
}

export const PACK_FLAGS = [
  'is_free_shipping',
  'is_dpby',
  'is_youx',
  'is_jxq',
  'is_kx',
  'is_zy',
  'is_qx',
  'is_rx',
  'is_ephedrine',
] as const;
export type PackFlag = (typeof PACK_FLAGS)[number];

export const packFlag = (g: Pick<PackGoods, 'flags'>, f: PackFlag): 0 | 1 =>
  (g.flags >> PACK_FLAGS.indexOf(f)) & 1 ? 1 : 0;

export function packFlags(values: Record<PackFlag, boolean>): number {
  return PACK_FLAGS.reduce((bits, f, i) => (values[f] ? bits | (1 << i) : bits), 0);
}

/** Fields in column order. */
export const PACK_FIELDS = [
  'id',
  'name',
  'common_name',
  'py',
  'pyi',
  'sccj_pyi',
  'sccj',
  'ypgg',
  'bzdw',
  'zbz',
  'mid_pack_strict',
  'jzl',
  'min_buy',
  'purchase_limit',
  'image',
  'price',
  'base_price',
  'retail_price',
  'ladder',
  'ladder_price_type',
  'stock',
  'is_buy',
  'tags',
  'scope_class',
  'approval_no',
  'barcode',
  'batch_no',
  'produced_on',
  'expires_on',
  'category_id',
  'category_l1',
  'category_l2',
  'manufacturer_id',
  'brand_id',
  'ck_id',
  'ck_name',
  'flags',
  'free_shipping_number',
  'qg_number',
  'ephedrine_limit',
  'type',
  'sales',
  'created',
] as const satisfies readonly (keyof PackGoods)[];

/** Fields coded as indexes into the chunk's dictionary of that field. */
const DICTIONARY_FIELDS = new Set<keyof PackGoods>(['sccj', 'sccj_pyi', 'bzdw', 'ck_name', 'scope_class', 'ypgg']);

/** One chunk as sent (JSON). */
export interface PackChunk {
  class: string;
  version: number;
  index: number;
  count: number;
  /** Column per field of PACK_FIELDS, in that order. */
  cols: unknown[][];
  /** Per dictionary field: its distinct values; the column holds indexes. */
  dict: Record<string, string[]>;
}

/** Encodes goods as one chunk. */
export function encodePackChunk(cls: string, version: number, index: number, goods: readonly PackGoods[]): PackChunk {
  const dict: Record<string, string[]> = {};
  const cols = PACK_FIELDS.map((f) => {
    if (!DICTIONARY_FIELDS.has(f)) return goods.map((g) => g[f]);
    const values: string[] = [];
    const at = new Map<string, number>();
    const col = goods.map((g) => {
      const v = g[f] as string;
      let i = at.get(v);
      if (i === undefined) {
        i = values.length;
        values.push(v);
        at.set(v, i);
      }
      return i;
    });
    dict[f] = values;
    return col;
  });
  return { class: cls, version, index, count: goods.length, cols, dict };
}

/** Throws on a chunk whose shape is not this version's. */
export function checkPackChunk(chunk: PackChunk): void {
  if (!Array.isArray(chunk.cols) || chunk.cols.length !== PACK_FIELDS.length)
    throw new Error('catalogue pack: unexpected chunk shape');
}

/** The chunk's columns with dictionary indexes replaced by their values (checked first). */
export function plainColumns(chunk: PackChunk): unknown[][] {
  checkPackChunk(chunk);
  return PACK_FIELDS.map((f, c) => {
    const col = chunk.cols[c]!;
    if (!DICTIONARY_FIELDS.has(f)) return col;
    const values = chunk.dict[f]!;
    return col.map((v) => values[v as number]);
  });
}

/** Column index of each field. */
const COLUMN = Object.fromEntries(PACK_FIELDS.map((f, c) => [f, c])) as Record<keyof PackGoods, number>;

const col = (cols: readonly unknown[][], f: keyof PackGoods, r: number): unknown => cols[COLUMN[f]]![r];

/**
 * The goods at row `r` of a chunk's plain columns. An object literal, so every goods shares one
 * shape: built key by key from PACK_FIELDS, 20,000 goods took ~0.4 s at 4× CPU on the device.
 */
export function packGoodsAt(cols: readonly unknown[][], r: number): PackGoods {
  return {
    id: col(cols, 'id', r) as number,
    name: col(cols, 'name', r) as string,
    common_name: col(cols, 'common_name', r) as string,
    py: col(cols, 'py', r) as string,
    pyi: col(cols, 'pyi', r) as string,
    sccj_pyi: col(cols, 'sccj_pyi', r) as string,
    sccj: col(cols, 'sccj', r) as string,
    ypgg: col(cols, 'ypgg', r) as string,
    bzdw: col(cols, 'bzdw', r) as string,
    zbz: col(cols, 'zbz', r) as number,
    mid_pack_strict: col(cols, 'mid_pack_strict', r) as 0 | 1,
    jzl: col(cols, 'jzl', r) as number,
    min_buy: col(cols, 'min_buy', r) as number,
    purchase_limit: col(cols, 'purchase_limit', r) as number,
    image: col(cols, 'image', r) as string,
    price: col(cols, 'price', r) as number | null,
    base_price: col(cols, 'base_price', r) as number | null,
    retail_price: col(cols, 'retail_price', r) as number | null,
    ladder: col(cols, 'ladder', r) as number[],
    ladder_price_type: col(cols, 'ladder_price_type', r) as 0 | 1,
    stock: col(cols, 'stock', r) as number,
    is_buy: col(cols, 'is_buy', r) as 0 | 1,
    tags: col(cols, 'tags', r) as string[],
    scope_class: col(cols, 'scope_class', r) as string,
    approval_no: col(cols, 'approval_no', r) as string,
    barcode: col(cols, 'barcode', r) as string,
    batch_no: col(cols, 'batch_no', r) as string,
    produced_on: col(cols, 'produced_on', r) as string,
    expires_on: col(cols, 'expires_on', r) as string,
    category_id: col(cols, 'category_id', r) as number,
    category_l1: col(cols, 'category_l1', r) as number,
    category_l2: col(cols, 'category_l2', r) as number,
    manufacturer_id: col(cols, 'manufacturer_id', r) as number,
    brand_id: col(cols, 'brand_id', r) as number | null,
    ck_id: col(cols, 'ck_id', r) as number,
    ck_name: col(cols, 'ck_name', r) as string,
    flags: col(cols, 'flags', r) as number,
    free_shipping_number: col(cols, 'free_shipping_number', r) as number,
    qg_number: col(cols, 'qg_number', r) as number,
    ephedrine_limit: col(cols, 'ephedrine_limit', r) as number,
    type: col(cols, 'type', r) as number,
    sales: col(cols, 'sales', r) as number,
    created: col(cols, 'created', r) as number,
  };
}

/** Decodes a chunk; throws on a chunk whose shape is not this version's. */
export function decodePackChunk(chunk: PackChunk): PackGoods[] {
  // Dictionaries resolved once per column, not once per value (the device decodes whole packs);
  // plainColumns checks the chunk's shape first.
  const cols = plainColumns(chunk);
  const out: PackGoods[] = [];
  for (let r = 0; r < chunk.count; r++) out.push(packGoodsAt(cols, r));
  return out;
}

/** The goods ids of a chunk (its first column). */
export const packChunkIds = (chunk: PackChunk): number[] => chunk.cols[0] as number[];

/** The per-company part a class pack cannot carry. */
export interface PackOverlay {
  /** 经营范围 and lapsed required certificates: decides buy_block on the device, as the server does. */
  entitlement: PurchaseEntitlement;
  /**
   * Goods priced for this company alone (goods id → fen). The shop has no per-company prices
   * today (prices are per rank), so this is empty; the device applies it when present.
   */
  prices: Record<string, number>;
}

/** GET /api/goods/pack: what to download. */
export interface PackManifest {
  /** The price-and-visibility class: approval, 控销 entitlement, rank — never one buyer. */
  class: string;
  /** The catalogue version the pack was built at; follow with /api/goods/changes?since=version. */
  version: number;
  /** When the server built it (ISO time). */
  built_at: string;
  goods: number;
  chunks: number;
  /** Compressed bytes of all chunks (brotli), and uncompressed JSON bytes, for the progress bar. */
  bytes: number;
  raw_bytes: number;
  /** Chunk i is at `${href}/${i}`. */
  href: string;
  overlay: PackOverlay;
}

/** A pack goods as the list item pages show, for this company (buy_block from its entitlement). */
export function packGoodsToListItem(g: PackGoods, overlay: PackOverlay | null, favorite = false): GoodsListItem {
  const own = overlay?.prices[String(g.id)];
  const ladder: LadderPriceStep[] = [];
  for (let i = 0; i + 1 < g.ladder.length; i += 2)
    ladder.push({ id: i / 2 + 1, number: g.ladder[i]!, price: g.ladder[i + 1]! });
  return {
    id: g.id,
    name: g.name,
    sccj: g.sccj,
    ypgg: g.ypgg,
    bzdw: g.bzdw,
    zbz: g.zbz,
    goods_image: g.image,
    price: g.price === null ? null : (own ?? g.price),
    base_price: g.base_price,
    number: g.stock,
    is_buy: g.is_buy,
    tags: g.tags,
    buy_block: overlay ? purchaseBlock(overlay.entitlement, g.scope_class) : null,
    common_name: g.common_name,
    approval_no: g.approval_no,
    batch_no: g.batch_no,
    produced_on: g.produced_on,
    expires_on: g.expires_on,
    retail_price: g.retail_price,
    ladder_price: ladder,
    ladder_price_type: g.ladder_price_type,
    mid_pack_strict: g.mid_pack_strict,
    jzl: g.jzl,
    min_buy: g.min_buy,
    purchase_limit: g.purchase_limit,
    is_free_shipping: packFlag(g, 'is_free_shipping'),
    free_shipping_number: g.free_shipping_number,
    is_dpby: packFlag(g, 'is_dpby'),
    qg_number: g.qg_number,
    is_youx: packFlag(g, 'is_youx'),
    is_jxq: packFlag(g, 'is_jxq'),
    is_kx: packFlag(g, 'is_kx'),
    is_zy: packFlag(g, 'is_zy'),
    is_qx: packFlag(g, 'is_qx'),
    is_rx: packFlag(g, 'is_rx'),
    is_ephedrine: packFlag(g, 'is_ephedrine'),
    ephedrine_limit: g.ephedrine_limit,
    type: g.type,
    ck_id: g.ck_id,
    ck_name: g.ck_name,
    brand_id: g.brand_id,
    sales: g.sales,
    is_favorite: favorite ? 1 : 0,
  };
}
