// The whole catalogue as a file (issue 32 §2): the columns an export writes and an import reads,
// keyed by the external code, their limits, and the answers of the dry run. One list of columns
// for both directions, so export → edit → import round-trips exactly
// (docs/decisions/catalogue-file.md).

/** A 20,000-goods file is about 4 MB as CSV; a distributor's whole ERP is up to 50,000 goods. */
export const CATALOGUE_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const CATALOGUE_FILE_MAX_ROWS = 50_000;
/** What an XLSX of that many rows may declare unpacked (its sheet XML is ~10× the CSV). */
export const CATALOGUE_XLSX_MAX_UNPACKED = 400 * 1024 * 1024;

/** Pictures in bulk: a ZIP of images named by external code (`KY000123.jpg`, `KY000123-2.png`). */
/** Under the multipart body cap (25 MB, server/http/body.ts). */
export const PICTURES_ZIP_MAX_BYTES = 24 * 1024 * 1024;
export const PICTURES_ZIP_MAX_ENTRIES = 2_000;
export const PICTURES_ZIP_MAX_UNPACKED = 200 * 1024 * 1024;

/** How a column's cell reads and writes. */
export type CatalogueCellKind =
  | 'text'
  | 'yuan'
  | 'count'
  | 'flag'
  | 'scope'
  | 'maker'
  | 'brand'
  | 'category'
  | 'warehouse';

export const CATALOGUE_COLUMNS = [
  {
    key: 'external_code',
    header: '外部编码',
    kind: 'text',
    note: '必填；字母、数字和 - _ .，最多40位；已有编码更新该商品，新编码新建商品',
  },
  { key: 'name', header: '商品名称', kind: 'text', note: '新建时必填，最多100字' },
  { key: 'common_name', header: '通用名', kind: 'text', note: '最多100字' },
  { key: 'ypgg', header: '规格', kind: 'text', note: '新建时必填，最多60字' },
  { key: 'dosage_form', header: '剂型', kind: 'text', note: '最多20字' },
  { key: 'bzdw', header: '包装单位', kind: 'text', note: '新建时必填，最多4字' },
  { key: 'zbz', header: '中包装', kind: 'count', note: '整数，至少为1' },
  { key: 'mid_pack_strict', header: '按中包装购买', kind: 'flag', note: '是/否' },
  { key: 'jzl', header: '件装量', kind: 'count', note: '整数，至少为1' },
  { key: 'manufacturer', header: '生产厂家', kind: 'maker', note: '新建时必填；按名称匹配' },
  { key: 'brand', header: '品牌', kind: 'brand', note: '按名称匹配；留空为无品牌' },
  { key: 'category', header: '分类', kind: 'category', note: '新建时必填；分类路径，如 中成药/感冒用药，须为最末一级' },
  { key: 'warehouse', header: '仓库', kind: 'warehouse', note: '新建时必填；按名称匹配已有仓库' },
  { key: 'approval_no', header: '批准文号', kind: 'text', note: '如 国药准字H20043020；中药饮片可留空' },
  { key: 'barcode', header: '条形码', kind: 'text', note: '8、12、13或14位数字且校验位正确；可留空' },
  { key: 'base_price', header: '基础价', kind: 'yuan', note: '新建时必填；单位元，最多两位小数' },
  { key: 'retail_price', header: '建议零售价', kind: 'yuan', note: '单位元，最多两位小数；0为不显示' },
  { key: 'stock', header: '库存', kind: 'count', note: '整数，不能为负' },
  { key: 'scope_class', header: '经营范围', kind: 'scope', note: '如 化学药制剂、中成药、中药饮片、第二类医疗器械' },
  { key: 'is_rx', header: '处方药', kind: 'flag', note: '是/否' },
  { key: 'is_kx', header: '控销', kind: 'flag', note: '是/否' },
  { key: 'is_jxq', header: '近效期', kind: 'flag', note: '是/否' },
  { key: 'is_zy', header: '中药', kind: 'flag', note: '是/否' },
  { key: 'is_qx', header: '器械', kind: 'flag', note: '是/否' },
  { key: 'is_ephedrine', header: '含麻黄碱', kind: 'flag', note: '是/否；是则须填写麻黄碱每单限购' },
  { key: 'ephedrine_limit', header: '麻黄碱每单限购', kind: 'count', note: '整数' },
  { key: 'purchase_limit', header: '每单限购', kind: 'count', note: '整数；0为不限' },
  { key: 'min_buy', header: '起订量', kind: 'count', note: '整数，至少为1' },
  { key: 'is_free_shipping', header: '包邮', kind: 'flag', note: '是/否' },
  { key: 'is_dpby', header: '单品包邮', kind: 'flag', note: '是/否；是则须填写单品包邮起订量' },
  { key: 'qg_number', header: '单品包邮起订量', kind: 'count', note: '整数' },
] as const satisfies readonly { key: string; header: string; kind: CatalogueCellKind; note: string }[];

export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number]['key'];

/** Columns a new goods cannot do without (the others take the editor's defaults). */
export const CATALOGUE_REQUIRED_ON_CREATE: readonly CatalogueColumn[] = [
  'name',
  'ypgg',
  'bzdw',
  'manufacturer',
  'category',
  'warehouse',
  'base_price',
];

/** Flags are written 是/否 and read from 是/否, 1/0, true/false, Y/N. */
export const FLAG_YES = '是';
export const FLAG_NO = '否';

/** A category path's separator (`中成药/感冒用药`). */
export const CATEGORY_PATH_SEPARATOR = '/';

/** One problem of one cell (column is the file's header text; null for the row as a whole). */
export interface CatalogueCellError {
  column: string | null;
  message: string;
}

export type CatalogueRowAction = 'create' | 'update' | 'unchanged';

/** One row of the dry run. */
export interface CatalogueRowPreview {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  external_code: string;
  action: CatalogueRowAction | null;
  goods_id: number | null;
  name: string;
  /** Headers of the cells that change (update) — empty for a new goods. */
  changes: string[];
  errors: CatalogueCellError[];
}

export interface CatalogueImportPreview {
  file_name: string;
  rows_total: number;
  created: number;
  updated: number;
  unchanged: number;
  invalid: number;
  /** Master data the file names that does not exist yet: created on apply with 创建缺少的厂家/品牌/分类. */
  to_create: { makers: string[]; brands: string[]; categories: string[] };
  /** Rows that create, change or fail (unchanged rows are only counted), in file order, at most ROWS_SHOWN. */
  rows: CatalogueRowPreview[];
  applied: boolean;
}

/** Rows of the dry run's answer (the counts cover the whole file). */
export const CATALOGUE_PREVIEW_ROWS_SHOWN = 5_000;

export interface PicturesImportResult {
  /** Pictures added, and to how many goods. */
  added: number;
  goods: number;
}
