// Goods in the operator console (issue 18, role 运营): the list's filters, the editor's input and
// its rules, and the bulk price/stock import's columns and limits. The server checks every rule;
// the console's editor checks the ladder rows with the same function before it sends them.
import { z } from 'zod';
import { SCOPE_CLASSES } from './business-scope.ts';
import { COMPANY_RANK_MAX, COMPANY_RANK_MIN } from './admin.ts';

/** Flags an operator filters the list by and switches in the editor (goods columns). */
export const GOODS_FLAGS = {
  kx: '控销',
  jxq: '近效期',
  ephedrine: '含麻黄碱',
  free_shipping: '包邮',
  dpby: '单品包邮',
} as const;
export type GoodsFlag = keyof typeof GOODS_FLAGS;
export const GOODS_FLAG_KEYS = Object.keys(GOODS_FLAGS) as GoodsFlag[];

export const GOODS_STOCK_FILTERS = { low: '库存紧张', out: '无货' } as const;
export type GoodsStockFilter = keyof typeof GOODS_STOCK_FILTERS;

export const GOODS_SORTS = ['id', 'name', 'base_price', 'stock', 'sales_count', 'updated_at'] as const;
export type GoodsSort = (typeof GOODS_SORTS)[number];

/** Upper bounds that keep a typo (an extra zero or ten) from reaching the shop. */
export const PRICE_MAX_FEN = 100_000_000; // ¥1,000,000
export const STOCK_MAX = 10_000_000;
export const LADDER_MAX = 10;
/** Pictures in a goods' gallery. */
export const GOODS_IMAGES_MAX = 10;
/** Public URL of a goods picture an operator uploaded (GET /api/goods/image/{id}). */
export const goodsImageUrl = (uploadId: number): string => `/api/goods/image/${uploadId}`;

/** One row of the console's goods list. */
export interface ConsoleGoodsRow {
  id: number;
  name: string;
  common_name: string;
  ypgg: string;
  sccj: string;
  approval_no: string;
  barcode: string;
  category: string;
  base_price: number;
  stock: number;
  sales_count: number;
  is_on_sale: boolean;
  flags: GoodsFlag[];
  /** ms since the epoch. */
  updated_at: number;
}

export interface GoodsCategoryOption {
  id: number;
  name: string;
  level: number;
  parent_id: number | null;
}

export interface LadderStep {
  min_number: number;
  price: number;
}

export interface RankPrice {
  rank: number;
  price: number;
}

export interface ConsoleInspectionReport {
  id: number;
  title: string;
  report_no: string;
  issuer: string;
  issued_on: string | null;
  file_name: string;
  size: number;
}

export interface ConsoleBatch {
  id: number;
  batch_no: string;
  produced_on: string | null;
  expires_on: string | null;
  reports: ConsoleInspectionReport[];
}

/** The editor's goods: everything an operator may change, plus what they need to see. */
export interface ConsoleGoods extends GoodsEdit {
  id: number;
  common_name: string;
  ypgg: string;
  bzdw: string;
  sccj: string;
  approval_no: string;
  barcode: string;
  category: string;
  /** The main picture (lists, cart) and the gallery of the goods detail. */
  image: string;
  images: string[];
  sales_count: number;
  updated_at: number;
  batches: ConsoleBatch[];
}

const money = (what: string) =>
  z.coerce
    .number({ error: `${what}须为整数（分）` })
    .int({ error: `${what}须为整数（分）` })
    .min(1, { error: `${what}须大于0` })
    .max(PRICE_MAX_FEN, { error: `${what}过高` });
const whole = (what: string, max: number) =>
  z.coerce
    .number({ error: `${what}须为整数` })
    .int({ error: `${what}须为整数` })
    .min(0, { error: `${what}不能为负数` })
    .max(max, { error: `${what}过大` });
/** JSON booleans, and the '0'/'1'/'true'/'false' of a form. */
const flag = z.preprocess(
  (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
  z.boolean({ error: '开关值无效' }),
);

const refId = (msg: string) =>
  z.coerce.number({ error: msg }).int({ error: msg }).min(1, { error: msg }).max(2_147_483_647, { error: msg });

const text = (what: string, max: number) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(1, { error: `请填写${what}` })
    .max(max, { error: `${what}最多${max}个字` });

/** The editor's input (POST /api/admin/goods/{id}): the whole editable state, replaced at once. */
export const goodsEditSchema = z.object({
  name: text('商品名称', 100),
  approval_no: z.string().trim().max(60, { error: '批准文号最多60个字' }).default(''),
  barcode: z
    .string()
    .trim()
    .regex(/^\d{0,20}$/, { error: '条形码须为数字（最多20位）' })
    .default(''),
  base_price: money('基础价'),
  retail_price: whole('建议零售价', PRICE_MAX_FEN).default(0),
  stock: whole('库存', STOCK_MAX),
  purchase_limit: whole('每单限购', STOCK_MAX).default(0),
  ephedrine_limit: whole('含麻黄碱每单限购', STOCK_MAX).default(0),
  min_buy: whole('起订量', STOCK_MAX).min(1, { error: '起订量至少为1' }).default(1),
  zbz: whole('中包装', 10_000).min(1, { error: '中包装至少为1' }),
  mid_pack_strict: flag.default(false),
  qg_number: whole('单品包邮起订量', STOCK_MAX).default(0),
  is_on_sale: flag,
  is_kx: flag,
  is_jxq: flag,
  is_ephedrine: flag,
  is_free_shipping: flag,
  is_dpby: flag,
  scope_class: z.enum(Object.keys(SCOPE_CLASSES) as [keyof typeof SCOPE_CLASSES, ...(keyof typeof SCOPE_CLASSES)[]], {
    error: '经营范围类别无效',
  }),
  ladder_prices: z
    .array(
      z.object({
        min_number: whole('阶梯起购数量', STOCK_MAX).min(2, { error: '阶梯起购数量至少为2' }),
        price: money('阶梯价'),
      }),
      { error: '阶梯价格式错误' },
    )
    .max(LADDER_MAX, { error: `阶梯价最多${LADDER_MAX}档` })
    .default([]),
  rank_prices: z
    .array(
      z.object({
        rank: z.coerce
          .number({ error: '会员等级无效' })
          .int({ error: '会员等级无效' })
          .min(COMPANY_RANK_MIN, { error: '会员等级无效' })
          .max(COMPANY_RANK_MAX, { error: '会员等级无效' }),
        price: money('等级价'),
      }),
      { error: '等级价格式错误' },
    )
    .max(COMPANY_RANK_MAX, { error: '等级价过多' })
    .default([]),
  // Where the goods hangs (issue 32): absent keeps it; each checked by the same service as 新建商品
  // (a leaf category, a maker, brand and warehouse that exist).
  category_id: refId('请选择分类').optional(),
  manufacturer_id: refId('请选择生产厂家').optional(),
  /** null: no brand. */
  brand_id: z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), refId('品牌无效').nullable()).optional(),
  warehouse_id: refId('请选择仓库').optional(),
});
export type GoodsEditInput = z.input<typeof goodsEditSchema>;
export type GoodsEdit = z.output<typeof goodsEditSchema>;

/**
 * The cross-field rules zod's per-field checks cannot say: ladder quantities strictly ascending,
 * ladder prices never rising and never above the base price, one price per rank, 单品包邮 with
 * its quantity, 含麻黄碱 with its cap, a per-order cap not below the minimum order. Field keys match the 422's (`ladder_prices.1.min_number`).
 */
export function goodsEditProblems(
  g: Pick<
    GoodsEdit,
    | 'base_price'
    | 'ladder_prices'
    | 'rank_prices'
    | 'is_dpby'
    | 'qg_number'
    | 'is_ephedrine'
    | 'ephedrine_limit'
    | 'min_buy'
    | 'purchase_limit'
  >,
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, msg: string) => void (problems[field] ??= []).push(msg);
  g.ladder_prices.forEach((step, i) => {
    if (step.price > g.base_price) add(`ladder_prices.${i}.price`, '阶梯价不能高于基础价');
    if (i === 0) return;
    const prev = g.ladder_prices[i - 1];
    if (step.min_number <= prev.min_number) add(`ladder_prices.${i}.min_number`, '阶梯数量须逐档递增');
    if (step.price > prev.price) add(`ladder_prices.${i}.price`, '数量越多价格不能越高');
  });
  const ranks = new Set<number>();
  g.rank_prices.forEach((rp, i) => {
    if (ranks.has(rp.rank)) add(`rank_prices.${i}.rank`, '同一等级只能设一个价格');
    ranks.add(rp.rank);
  });
  if (g.is_dpby && g.qg_number < 1) add('qg_number', '单品包邮须填写起订数量');
  if (g.is_ephedrine && g.ephedrine_limit < 1) add('ephedrine_limit', '含麻黄碱商品须填写每单限购');
  // A cap below the minimum order would make the goods impossible to buy.
  if (g.purchase_limit > 0 && g.purchase_limit < g.min_buy) add('purchase_limit', '每单限购不能小于起订量');
  return problems;
}

/**
 * Yuan as typed (digits, at most 2 decimals, e.g. "12.5") to fen, exactly — no float arithmetic
 * on money; null for anything else. The editor's price inputs and the import's price column.
 */
export function yuanTextToFen(s: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

// ---------------------------------------------------------------------------------------------
// Bulk price/stock import
// ---------------------------------------------------------------------------------------------

/** Upload limits of the import (docs/decisions/console-goods.md). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 2_000;

/**
 * The import's columns: a goods is found by 商品编号 or 条形码 (one of them), then 价格 (yuan,
 * ≤ 2 decimals) and/or 库存; an empty cell leaves that value as it is. Headers may be the
 * Chinese or the English names.
 */
export const IMPORT_COLUMNS = [
  { key: 'goods_id', header: '商品编号', note: '商品编号与条形码填一个' },
  { key: 'barcode', header: '条形码', note: '商品编号与条形码填一个' },
  { key: 'price', header: '价格', note: '基础价，单位元，最多两位小数；留空不改' },
  { key: 'stock', header: '库存', note: '整数，不能为负；留空不改' },
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]['key'];

/** One row of the dry run: what it would change, or why it cannot. */
export interface ImportRowPreview {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  goods_id: number | null;
  name: string | null;
  price: { from: number; to: number } | null;
  stock: { from: number; to: number } | null;
  errors: string[];
}

export interface ImportPreview {
  file_name: string;
  rows: ImportRowPreview[];
  /** Rows with an error; apply refuses the whole file while this is above 0. */
  invalid: number;
  /** Rows that change something. */
  changes: number;
  applied: boolean;
}
