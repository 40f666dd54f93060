// The goods columns a catalogue file's columns write, their SQL types, and which table holds each
// (goods_stock for stock and base price, migration 0034; goods_master for the rest): what the
// import's updates set and what its roll back restores (import-run.ts).
import type { CatalogueColumn } from '@domain/catalogue-file.ts';

/** The goods columns a file column writes (the record field of the same name holds each value). */
export const WRITES: Record<CatalogueColumn, readonly string[]> = {
  external_code: [],
  name: ['name', 'pinyin_full', 'pinyin_initials'],
  common_name: ['common_name'],
  ypgg: ['ypgg'],
  dosage_form: ['dosage_form'],
  bzdw: ['bzdw'],
  zbz: ['zbz'],
  mid_pack_strict: ['mid_pack_strict'],
  jzl: ['jzl'],
  manufacturer: ['manufacturer_id', 'sccj', 'sccj_pinyin_initials'],
  brand: ['brand_id'],
  category: ['category_id', 'category_l1', 'category_l2'],
  warehouse: ['warehouse_id'],
  approval_no: ['approval_no'],
  barcode: ['barcode'],
  base_price: ['base_price'],
  retail_price: ['retail_price'],
  stock: ['stock'],
  scope_class: ['scope_class'],
  is_rx: ['is_rx'],
  is_kx: ['is_kx'],
  is_jxq: ['is_jxq'],
  is_zy: ['is_zy'],
  is_qx: ['is_qx'],
  is_ephedrine: ['is_ephedrine'],
  ephedrine_limit: ['ephedrine_limit'],
  purchase_limit: ['purchase_limit'],
  min_buy: ['min_buy'],
  is_free_shipping: ['is_free_shipping'],
  is_dpby: ['is_dpby'],
  qg_number: ['qg_number'],
};

/** The SQL type of each goods column an update may write (the JSON record's field of that name). */
export const COLUMN_TYPES: Record<string, string> = {
  name: 'text',
  pinyin_full: 'text',
  pinyin_initials: 'text',
  common_name: 'text',
  ypgg: 'text',
  dosage_form: 'text',
  bzdw: 'text',
  zbz: 'int',
  mid_pack_strict: 'boolean',
  jzl: 'int',
  manufacturer_id: 'int',
  sccj: 'text',
  sccj_pinyin_initials: 'text',
  brand_id: 'int',
  category_id: 'int',
  category_l1: 'int',
  category_l2: 'int',
  warehouse_id: 'int',
  approval_no: 'text',
  barcode: 'text',
  base_price: 'int',
  retail_price: 'int',
  stock: 'int',
  scope_class: 'text',
  is_rx: 'boolean',
  is_kx: 'boolean',
  is_jxq: 'boolean',
  is_zy: 'boolean',
  is_qx: 'boolean',
  is_ephedrine: 'boolean',
  ephedrine_limit: 'int',
  purchase_limit: 'int',
  min_buy: 'int',
  is_free_shipping: 'boolean',
  is_dpby: 'boolean',
  qg_number: 'int',
};

/** The columns of goods_stock (migration 0034); every other column is the master row's. */
export const STOCK_COLUMNS: ReadonlySet<string> = new Set(['stock', 'base_price']);

/** The database columns a row's changed file columns write, split by the table they live in. */
export function tableColumns(changes: readonly CatalogueColumn[]): {
  all: string[];
  master: string[];
  stock: string[];
} {
  const all = [...new Set(changes.flatMap((k) => WRITES[k]))];
  return { all, master: all.filter((c) => !STOCK_COLUMNS.has(c)), stock: all.filter((c) => STOCK_COLUMNS.has(c)) };
}
