// The shop's own catalogue in the console (issue 32 §1): creating goods, 上架/下架 with a reason,
// and the master data (categories, brands, manufacturers, warehouses). The rules of a new goods'
// identifiers (批准文号, barcode, external code) live here once: the server's schemas, the
// console's form and the seed's self-check use the same functions.
import { z } from 'zod';
import { goodsEditSchema } from './admin-goods.ts';
import { CATEGORY_PATH_SEPARATOR } from './catalogue-file.ts';

/** Category levels (一级/二级/三级); goods hang on a leaf. */
export const CATEGORY_LEVELS_MAX = 3;
/** Which menu a root category belongs to (SPEC category_yx/zy/qx; 包邮 is a goods flag). */
export const CATEGORY_ZONES = { standard: '常规', zy: '中药', qx: '器械' } as const;
export type CategoryZone = keyof typeof CATEGORY_ZONES;

const APPROVAL_FORMATS: readonly RegExp[] = [
  // 药品: 国药准字 + H 化学药, Z 中药, S 生物制品, J 进口分包装, B 保健药品, F 药用辅料, T 体外诊断 + 8 digits.
  /^国药准字[HZSJBFT]\d{8}$/,
  // 进口药品注册证号 (H/Z/S + 8 digits, 医药产品注册证 with a C).
  /^[HZS]C?\d{8}$/,
  // 医疗器械: 备案 (粤械备20150012号, 粤穗械备…) and 注册证 (国械注准/进/许 + 11 digits, 省械注准…).
  /^[\u4e00-\u9fa5]{1,3}械备\d{8}号?$/,
  /^[\u4e00-\u9fa5]{1,2}械注[准进许]\d{11}$/,
  // 保健食品 (国食健注G…, 国食健字J…, 食健备G…, old 卫食健字(2003)第0001号).
  /^国食健[注字][GJ]\d{8}$/,
  /^食健备[GJ]\d{10,14}$/,
  /^卫食健字\(\d{4}\)第\d{4}号$/,
  // 消毒产品 (粤卫消证字(2015)第0001号).
  /^[\u4e00-\u9fa5]{0,2}卫消证字\(\d{4}\)第\d{4}号$/,
];

export const APPROVAL_NO_MESSAGE = '批准文号格式不正确（如 国药准字H20043020、国械注准20153660432、粤械备20150012号）';

/** A 批准文号 / 注册证号 / 备案号 in one of the formats above ('' = none, e.g. 中药饮片). */
export const isApprovalNo = (s: string): boolean => s === '' || APPROVAL_FORMATS.some((re) => re.test(s));

/** The GS1 check digit of the digits before it (EAN-8, UPC-A, EAN-13, GTIN-14). */
export function gs1CheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) sum += Number(payload[payload.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** '' or an EAN-8, UPC-A, EAN-13 or GTIN-14 whose last digit is its check digit. */
export function isBarcode(s: string): boolean {
  if (s === '') return true;
  if (!/^(\d{8}|\d{12,14})$/.test(s)) return false;
  return gs1CheckDigit(s.slice(0, -1)) === Number(s.at(-1));
}

/** The distributor's own goods code: the key of every import and of the ERP link. */
export const EXTERNAL_CODE_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

const text = (what: string, max: number) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(1, { error: `请填写${what}` })
    .max(max, { error: `${what}最多${max}个字` });
const optionalText = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${what}最多${max}个字` })
    .default('');
const id = (msg: string) =>
  z.coerce.number({ error: msg }).int({ error: msg }).min(1, { error: msg }).max(2_147_483_647, { error: msg });
const flag = z.preprocess(
  (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
  z.boolean({ error: '开关值无效' }),
);

/**
 * A new goods (POST /api/admin/goods): everything the editor takes, plus what only creation sets
 * (names, form, maker, brand, category, warehouse, external code, kind flags, description). A new
 * goods starts off sale: putting it on sale is its own audited move (上架).
 */
export const goodsCreateSchema = goodsEditSchema.omit({ is_on_sale: true }).extend({
  external_code: z
    .string({ error: '请填写外部编码' })
    .trim()
    .min(1, { error: '请填写外部编码' })
    .regex(EXTERNAL_CODE_RE, { error: '外部编码只能包含字母、数字和 - _ .，最多40位' }),
  common_name: optionalText('通用名', 100),
  ypgg: text('规格', 60),
  dosage_form: optionalText('剂型', 20),
  bzdw: text('包装单位', 4),
  jzl: z.coerce
    .number({ error: '件装量须为整数' })
    .int({ error: '件装量须为整数' })
    .min(1, { error: '件装量至少为1' })
    .max(100_000, { error: '件装量过大' })
    .default(1),
  approval_no: z
    .string()
    .trim()
    .max(60, { error: '批准文号最多60个字' })
    .refine(isApprovalNo, { error: APPROVAL_NO_MESSAGE })
    .default(''),
  barcode: z.string().trim().refine(isBarcode, { error: '条形码须为8、12、13或14位数字且校验位正确' }).default(''),
  manufacturer_id: id('请选择生产厂家'),
  brand_id: z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), id('品牌无效').nullable()).default(null),
  category_id: id('请选择分类'),
  warehouse_id: id('请选择仓库'),
  // What the editor requires (it always sends the whole state) is optional here.
  is_kx: flag.default(false),
  is_jxq: flag.default(false),
  is_ephedrine: flag.default(false),
  is_free_shipping: flag.default(false),
  is_dpby: flag.default(false),
  scope_class: goodsEditSchema.shape.scope_class.default('xy'),
  is_rx: flag.default(false),
  is_zy: flag.default(false),
  is_qx: flag.default(false),
  description: z.string().max(100_000, { error: '商品说明过长' }).default(''),
});
export type GoodsCreateInput = z.input<typeof goodsCreateSchema>;
export type GoodsCreate = z.output<typeof goodsCreateSchema>;

/** 上架/下架 (POST /api/admin/goods/{id}/sale): the move and why. */
export const goodsSaleSchema = z.object({
  on_sale: flag,
  reason: text('原因', 200),
});

/**
 * A category name never holds the path separator: the catalogue file names a category by its path
 * (`中成药/感冒用药`), and a `/` inside a name would split it on the way back in
 * (docs/decisions/catalogue-file.md). The full-width ／ reads the same and is allowed.
 */
export const CATEGORY_NAME_SLASH = '分类名称不能包含“/”（导入导出文件用它分隔分类层级），可改用全角“／”';
export const isCategoryName = (name: string): boolean => !name.includes(CATEGORY_PATH_SEPARATOR);

export const categorySchema = z.object({
  name: text('分类名称', 20).refine(isCategoryName, { error: CATEGORY_NAME_SLASH }),
  parent_id: z
    .preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), id('上级分类无效').nullable())
    .default(null),
  logo: optionalText('图标', 300),
  logo1: optionalText('选中图标', 300),
  sort: z.coerce
    .number({ error: '排序须为整数' })
    .int({ error: '排序须为整数' })
    .min(0, { error: '排序不能为负数' })
    .max(100_000, { error: '排序过大' })
    .default(0),
  zone: z
    .enum(Object.keys(CATEGORY_ZONES) as [CategoryZone, ...CategoryZone[]], { error: '专区无效' })
    .default('standard'),
  is_show: flag.default(true),
});
export type CategoryInput = z.output<typeof categorySchema>;

export const categoryMoveSchema = z.object({
  parent_id: z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), id('上级分类无效').nullable()),
});

export const brandSchema = z.object({
  name: text('品牌名称', 40),
  logo: optionalText('品牌标志', 300),
  banner: optionalText('品牌专区图', 300),
  description: optionalText('品牌介绍', 2000),
  manufacturer_id: z
    .preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), id('生产厂家无效').nullable())
    .default(null),
  sort: z.coerce
    .number({ error: '排序须为整数' })
    .int({ error: '排序须为整数' })
    .min(0, { error: '排序不能为负数' })
    .max(100_000, { error: '排序过大' })
    .default(0),
  is_show: flag.default(true),
});
export type BrandInput = z.output<typeof brandSchema>;

export const makerSchema = z.object({
  name: text('厂家名称', 60),
  short_name: optionalText('简称', 20),
  province: optionalText('省份', 10),
});
export type MakerInput = z.output<typeof makerSchema>;

export const makerMergeSchema = z.object({ into: id('请选择合并到的厂家') });

export const warehouseSchema = z.object({
  name: text('仓库名称', 30),
  region: optionalText('地区', 30),
});
export type WarehouseInput = z.output<typeof warehouseSchema>;

export interface ConsoleCategory {
  id: number;
  parent_id: number | null;
  level: number;
  name: string;
  logo: string;
  logo1: string;
  sort: number;
  zone: CategoryZone;
  is_show: boolean;
  goods_count: number;
}

export interface ConsoleBrand {
  id: number;
  name: string;
  logo: string;
  banner: string;
  description: string;
  manufacturer_id: number | null;
  sort: number;
  is_show: boolean;
  goods_count: number;
}

export interface ConsoleMaker {
  id: number;
  name: string;
  short_name: string;
  pinyin_initials: string;
  province: string;
  goods_count: number;
}

export interface ConsoleWarehouse {
  id: number;
  name: string;
  region: string;
  goods_count: number;
}
