// Checking a catalogue file row by row against the catalogue (docs/decisions/catalogue-file.md):
// the header names known columns once each and 外部编码; each row is a known code (update the
// columns present) or a new one (create); every cell is read by its column's rule and each problem
// is reported on its cell. A cell equal to the goods' current value is no change and is not
// checked again (older goods keep identifiers the stricter rules of new goods would refuse, and an
// export must import back unchanged). The identifier and cross-field rules are the console's
// (src/domain/admin-catalogue.ts, goodsEditProblems).
import type { Db } from '../../../db/client.ts';
import { validationError } from '../../../http/envelope.ts';
import { APPROVAL_NO_MESSAGE, EXTERNAL_CODE_RE, isApprovalNo, isBarcode } from '@domain/admin-catalogue.ts';
import { goodsEditProblems, PRICE_MAX_FEN } from '@domain/admin-goods.ts';
import {
  CATALOGUE_COLUMNS,
  CATALOGUE_REQUIRED_ON_CREATE,
  type CatalogueCellError,
  type CatalogueColumn,
  type CatalogueRowAction,
} from '@domain/catalogue-file.ts';
import type { ImportTable } from '../goods/import-file.ts';
import { COLUMN, parseCell, type FileGoods } from './cells.ts';
import { currentByCodes, fileGoodsOf, laddersOf, type CurrentRow } from './current.ts';
import { categoryPathProblem, loadMasterData, missingPaths, type MasterData } from './master-data.ts';
import { yieldToEventLoop } from './event-loop.ts';

type Header = Map<CatalogueColumn, number>;

/** Which cell holds which column: Chinese headers or English keys, any order, each once. */
export function catalogueHeader(cells: string[]): Header {
  const index: Header = new Map();
  const unknown: string[] = [];
  cells.forEach((raw, i) => {
    const h = raw.replace(/^\uFEFF/, '').trim();
    if (h === '') return;
    const col = CATALOGUE_COLUMNS.find((c) => c.header === h || c.key === h.toLowerCase());
    if (!col) unknown.push(h);
    else if (index.has(col.key)) throw validationError({ file: [`表头“${h}”出现了两次`] });
    else index.set(col.key, i);
  });
  if (unknown.length > 0)
    throw validationError({
      file: [`无法识别的表头：${unknown.slice(0, 5).join('、')}（可下载模板或导出现有商品查看列名）`],
    });
  if (!index.has('external_code')) throw validationError({ file: ['表头须包含“外部编码”列'] });
  return index;
}

/** Defaults of a new goods' columns the file leaves out (the 新建商品 form's). */
const DEFAULTS: FileGoods = {
  external_code: '',
  name: '',
  common_name: '',
  ypgg: '',
  dosage_form: '',
  bzdw: '',
  zbz: 1,
  mid_pack_strict: false,
  jzl: 1,
  manufacturer: '',
  brand: '',
  category: '',
  warehouse: '',
  approval_no: '',
  barcode: '',
  base_price: 0,
  retail_price: 0,
  stock: 0,
  scope_class: 'xy',
  is_rx: false,
  is_kx: false,
  is_jxq: false,
  is_zy: false,
  is_qx: false,
  is_ephedrine: false,
  ephedrine_limit: 0,
  purchase_limit: 0,
  min_buy: 1,
  is_free_shipping: false,
  is_dpby: false,
  qg_number: 0,
};

const TEXT_MAX: Partial<Record<CatalogueColumn, number>> = {
  name: 100,
  common_name: 100,
  ypgg: 60,
  dosage_form: 20,
  bzdw: 4,
  approval_no: 60,
  manufacturer: 60,
  brand: 40,
  warehouse: 30,
};
const REQUIRED_TEXT: ReadonlySet<CatalogueColumn> = new Set(['name', 'ypgg', 'bzdw']);
const AT_LEAST_ONE: ReadonlySet<CatalogueColumn> = new Set(['zbz', 'jzl', 'min_buy']);

/** Which column a goodsEditProblems key is about. */
const PROBLEM_COLUMN: Record<string, CatalogueColumn> = {
  qg_number: 'qg_number',
  ephedrine_limit: 'ephedrine_limit',
  purchase_limit: 'purchase_limit',
};

export interface CheckedRow {
  row: number;
  code: string;
  action: CatalogueRowAction | null;
  current: CurrentRow | null;
  /** The goods as it will be (current or defaults, with the file's cells). */
  next: FileGoods;
  changes: CatalogueColumn[];
  errors: CatalogueCellError[];
}

export interface CheckedFile {
  rows: CheckedRow[];
  md: MasterData;
  toCreate: { makers: string[]; brands: string[]; categories: string[] };
}

export async function checkCatalogueFile(
  db: Db,
  table: ImportTable,
  createMissing: boolean,
  lock: boolean,
): Promise<CheckedFile> {
  if (table.rows.length === 0) throw validationError({ file: ['文件中没有数据行'] });
  const header = catalogueHeader(table.header);
  const codeAt = header.get('external_code')!;
  const codes = [...new Set(table.rows.map((r) => (r.cells[codeAt] ?? '').trim()).filter((c) => c !== ''))];
  const md = await loadMasterData(db);
  const found = await currentByCodes(db, codes, lock);
  const byCode = new Map(found.map((g) => [g.externalCode, g]));
  const ladders = header.has('base_price')
    ? await laddersOf(
        db,
        found.map((g) => g.id),
      )
    : new Map<number, { min_number: number; price: number }[]>();
  const toCreate = { makers: new Set<string>(), brands: new Set<string>(), categories: new Set<string>() };
  const firstRowOf = new Map<string, number>();

  const checkRow = ({ row, cells }: ImportTable['rows'][number]): CheckedRow => {
    const errors: CatalogueCellError[] = [];
    const err = (col: CatalogueColumn | null, message: string) =>
      errors.push({ column: col === null ? null : COLUMN.get(col)!.header, message });
    const code = (cells[codeAt] ?? '').trim();
    const current = byCode.get(code) ?? null;
    const base = current ? fileGoodsOf(current, md) : { ...DEFAULTS, external_code: code };
    const next: FileGoods = { ...base };
    const changes: CatalogueColumn[] = [];
    if (code === '') err('external_code', '请填写外部编码');
    else if (!EXTERNAL_CODE_RE.test(code)) err('external_code', '外部编码只能包含字母、数字和 - _ .，最多40位');
    else if (firstRowOf.has(code)) err('external_code', `与第${firstRowOf.get(code)}行外部编码重复`);
    else firstRowOf.set(code, row);
    const creating = current === null;

    for (const [key, at] of header) {
      if (key === 'external_code') continue;
      const parsed = parseCell(key, cells[at] ?? '');
      if (!parsed.ok) {
        err(key, parsed.message);
        continue;
      }
      if (parsed.value === null) continue; // empty: as it is (update) or the default (create)
      const value = parsed.value;
      if (!creating && value === base[key]) continue; // no change: not checked again
      const problem = cellProblem(key, value, md, createMissing, toCreate);
      if (problem) {
        err(key, problem);
        continue;
      }
      (next as Record<CatalogueColumn, string | number | boolean>)[key] = value;
      if (!creating) changes.push(key);
    }

    if (creating) {
      for (const key of CATALOGUE_REQUIRED_ON_CREATE) {
        const empty = next[key] === '' || next[key] === 0;
        if (empty && !errors.some((e) => e.column === COLUMN.get(key)!.header))
          err(key, `新建商品须填写${COLUMN.get(key)!.header}`);
      }
    }
    // Cross-field rules, when this row makes or changes a goods.
    if (errors.length === 0 && (creating || changes.length > 0)) {
      const problems = goodsEditProblems({
        base_price: next.base_price,
        ladder_prices: creating ? [] : (ladders.get(current.id) ?? []),
        rank_prices: [],
        is_dpby: next.is_dpby,
        qg_number: next.qg_number,
        is_ephedrine: next.is_ephedrine,
        ephedrine_limit: next.ephedrine_limit,
        min_buy: next.min_buy,
        purchase_limit: next.purchase_limit,
      });
      for (const [field, messages] of Object.entries(problems)) {
        const col = PROBLEM_COLUMN[field] ?? (field.startsWith('ladder_prices') ? 'base_price' : null);
        for (const m of messages) err(col, col === 'base_price' ? `${m}（该商品的阶梯价请在编辑页调整）` : m);
      }
    }
    const action: CatalogueRowAction | null =
      errors.length > 0 ? null : creating ? 'create' : changes.length > 0 ? 'update' : 'unchanged';
    return { row, code, action, current, next, changes, errors };
  };
  const rows: CheckedRow[] = [];
  for (const [i, tableRow] of table.rows.entries()) {
    rows.push(checkRow(tableRow));
    // Checking 20,000 rows takes about a second: the process's other requests get their turns.
    if (i % 500 === 499) await yieldToEventLoop();
  }

  // A new category one row files goods under cannot also be the parent of another row's new one.
  const planned = [...toCreate.categories];
  for (const r of rows) {
    if (r.action === null || !toCreate.categories.has(r.next.category)) continue;
    if (planned.some((p) => p.startsWith(`${r.next.category}/`))) {
      r.errors.push({
        column: COLUMN.get('category')!.header,
        message: `“${r.next.category}”在本文件中还有下级分类，请填写最末一级分类`,
      });
      r.action = null;
    }
  }

  return {
    rows,
    md,
    toCreate: { makers: [...toCreate.makers], brands: [...toCreate.brands], categories: [...toCreate.categories] },
  };
}

/** What is wrong with a value that would change a goods, or null. Missing master data is noted in `toCreate`. */
function cellProblem(
  key: CatalogueColumn,
  value: string | number | boolean,
  md: MasterData,
  createMissing: boolean,
  toCreate: { makers: Set<string>; brands: Set<string>; categories: Set<string> },
): string | null {
  const header = COLUMN.get(key)!.header;
  const max = TEXT_MAX[key];
  if (typeof value === 'string') {
    if (REQUIRED_TEXT.has(key) && value === '') return `请填写${header}`;
    if (max !== undefined && value.length > max) return `${header}最多${max}个字`;
  }
  switch (key) {
    case 'approval_no':
      return isApprovalNo(value as string) ? null : APPROVAL_NO_MESSAGE;
    case 'barcode':
      return isBarcode(value as string) ? null : '条形码须为8、12、13或14位数字且校验位正确';
    case 'base_price':
      if ((value as number) === 0) return '基础价须大于0';
      return (value as number) > PRICE_MAX_FEN ? '基础价过高' : null;
    case 'retail_price':
      return (value as number) > PRICE_MAX_FEN ? '建议零售价过高' : null;
    case 'manufacturer':
      if (md.makers.has(value as string)) return null;
      if (!createMissing) return `生产厂家不存在：${value}（可勾选“创建缺少的厂家、品牌和分类”）`;
      toCreate.makers.add(value as string);
      return null;
    case 'brand':
      if (value === '' || md.brands.has(value as string)) return null;
      if (!createMissing) return `品牌不存在：${value}（可勾选“创建缺少的厂家、品牌和分类”）`;
      toCreate.brands.add(value as string);
      return null;
    case 'warehouse':
      return md.warehouses.has(value as string) ? null : `仓库不存在：${value}`;
    case 'category': {
      const path = value as string;
      const node = md.categoriesByPath.get(path);
      if (node) return node.hasChildren ? `“${path}”下还有下级分类，请填写最末一级分类` : null;
      if (!createMissing) return `分类不存在：${path}（可勾选“创建缺少的厂家、品牌和分类”）`;
      const problem = categoryPathProblem(md, path, toCreate.categories);
      if (problem) return problem;
      for (const p of missingPaths(md, path)) toCreate.categories.add(p);
      return null;
    }
    default:
      if (AT_LEAST_ONE.has(key) && (value as number) < 1) return `${header}至少为1`;
      return null;
  }
}
