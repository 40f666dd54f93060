// One goods as the catalogue file's cells (docs/decisions/catalogue-file.md): how each column's
// value is written by the export and read back by the import, so the two are exact inverses. Money
// is written in yuan with two decimals and read to fen without float arithmetic; flags 是/否;
// the 经营范围 class by its licence name; maker, brand, category (as its path) and warehouse by name.
import {
  CATALOGUE_COLUMNS,
  CATEGORY_PATH_SEPARATOR,
  FLAG_NO,
  FLAG_YES,
  type CatalogueColumn,
} from '@domain/catalogue-file.ts';
import { SCOPE_CLASSES, isScopeClass } from '@domain/business-scope.ts';
import { yuanTextToFen } from '@domain/admin-goods.ts';
import { textProblem } from '../../../http/text-guard.ts';

/** A goods' file values: text, fen, counts and flags, master data by name. */
export type FileGoods = {
  [K in CatalogueColumn]: K extends FlagColumn ? boolean : K extends NumberColumn ? number : string;
};

type ColumnOfKind<Kind extends string> = Extract<(typeof CATALOGUE_COLUMNS)[number], { kind: Kind }>['key'];
export type FlagColumn = ColumnOfKind<'flag'>;
export type NumberColumn = ColumnOfKind<'yuan'> | ColumnOfKind<'count'>;

export const COLUMN = new Map(CATALOGUE_COLUMNS.map((c) => [c.key as CatalogueColumn, c]));

export const fenToYuanText = (fen: number): string => `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** The text a value is written as. */
export function cellOf(key: CatalogueColumn, value: string | number | boolean): string {
  const kind = COLUMN.get(key)!.kind;
  if (kind === 'flag') return value ? FLAG_YES : FLAG_NO;
  if (kind === 'yuan') return fenToYuanText(value as number);
  if (kind === 'count') return String(value);
  if (kind === 'scope')
    return isScopeClass(String(value)) ? SCOPE_CLASSES[value as keyof typeof SCOPE_CLASSES] : String(value);
  return String(value);
}

export const categoryPathText = (names: readonly string[]): string => names.join(CATEGORY_PATH_SEPARATOR);

const YES = new Set([FLAG_YES, '1', 'true', 'y', 'yes']);
const NO = new Set([FLAG_NO, '0', 'false', 'n', 'no']);
const SCOPE_BY_NAME = new Map<string, string>(Object.entries(SCOPE_CLASSES).map(([code, name]) => [name, code]));
const COUNT_MAX = 10_000_000;

export type ParsedCell = { ok: true; value: string | number | boolean | null } | { ok: false; message: string };

/**
 * A cell read back to its value; `null` for an empty cell of a column where empty means "as it
 * is" (numbers, flags, 经营范围, maker, category, warehouse). An empty text or brand cell is the
 * empty value (no 通用名, no brand).
 */
export function parseCell(key: CatalogueColumn, raw: string): ParsedCell {
  const s = raw.trim();
  const problem = textProblem(s, false);
  if (problem) return { ok: false, message: problem };
  const kind = COLUMN.get(key)!.kind;
  if (kind === 'text' || kind === 'brand') return { ok: true, value: s };
  if (s === '') return { ok: true, value: null };
  switch (kind) {
    case 'flag': {
      const v = s.toLowerCase();
      if (YES.has(v)) return { ok: true, value: true };
      if (NO.has(v)) return { ok: true, value: false };
      return { ok: false, message: `须填写“${FLAG_YES}”或“${FLAG_NO}”：${s.slice(0, 20)}` };
    }
    case 'yuan': {
      const text = s.replace(/^[¥￥]/, '');
      if (text.startsWith('-')) return { ok: false, message: '不能为负数' };
      const fen = yuanTextToFen(text);
      return fen === null
        ? { ok: false, message: `不是有效金额：${s.slice(0, 20)}（单位元，最多两位小数）` }
        : { ok: true, value: fen };
    }
    case 'count':
      if (/^-\d+$/.test(s)) return { ok: false, message: '不能为负数' };
      if (!/^\d{1,9}$/.test(s)) return { ok: false, message: `须为整数：${s.slice(0, 20)}` };
      return Number(s) > COUNT_MAX ? { ok: false, message: '数值过大' } : { ok: true, value: Number(s) };
    case 'scope': {
      const code = isScopeClass(s) ? s : SCOPE_BY_NAME.get(s);
      return code ? { ok: true, value: code } : { ok: false, message: `经营范围类别无效：${s.slice(0, 20)}` };
    }
    case 'category': {
      const parts = s.split(CATEGORY_PATH_SEPARATOR).map((p) => p.trim());
      if (parts.some((p) => p === '')) return { ok: false, message: `分类路径无效：${s.slice(0, 40)}` };
      return { ok: true, value: categoryPathText(parts) };
    }
    default:
      return { ok: true, value: s };
  }
}
