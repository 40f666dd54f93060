// The catalogue export (issue 32 §2): the goods the console's list filters find, in the import's
// columns and cell forms (cells.ts), as CSV (UTF-8 with BOM for Excel) or XLSX (every cell text,
// so a barcode stays digits and a price keeps its two decimals). Importing the file unchanged
// changes nothing (docs/decisions/catalogue-file.md).
import Papa from 'papaparse';
import { and, asc, count, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { goods } from '../../../db/schema.ts';
import { validationError } from '../../../http/envelope.ts';
import { CATALOGUE_COLUMNS, CATALOGUE_FILE_MAX_ROWS } from '@domain/catalogue-file.ts';
import { whereOf, type GoodsListQuery } from '../goods/list.ts';
import { cellOf } from './cells.ts';
import { CURRENT_FIELDS, fileGoodsOf } from './current.ts';
import { loadMasterData } from './master-data.ts';
import { excel } from '../../seldom-used-packages.ts';

export type CatalogueExportQuery = Pick<GoodsListQuery, 'q' | 'category' | 'onSale' | 'stock' | 'flag'>;

/**
 * The header and one text row per goods, by goods id. Goods without an external code (the points
 * mall's hidden twins) are not the catalogue's: a file could not name them.
 */
export async function catalogueRows(db: Db, query: CatalogueExportQuery): Promise<string[][]> {
  const where = and(whereOf(query), ne(goods.externalCode, ''));
  const [{ total }] = await db.select({ total: count() }).from(goods).where(where);
  if (total > CATALOGUE_FILE_MAX_ROWS)
    throw validationError({ file: [`一次最多导出${CATALOGUE_FILE_MAX_ROWS}个商品，请缩小筛选范围`] });
  const md = await loadMasterData(db);
  const rows = await db.select(CURRENT_FIELDS).from(goods).where(where).orderBy(asc(goods.id));
  return [
    CATALOGUE_COLUMNS.map((c) => c.header),
    ...rows.map((row) => {
      const g = fileGoodsOf(row, md);
      return CATALOGUE_COLUMNS.map((c) => cellOf(c.key, g[c.key]));
    }),
  ];
}

export function catalogueCsv(rows: string[][]): Uint8Array {
  return new TextEncoder().encode(`\uFEFF${Papa.unparse(rows)}\r\n`);
}

export async function catalogueXlsx(rows: string[][]): Promise<Uint8Array> {
  const workbook = new (excel().Workbook)();
  const sheet = workbook.addWorksheet('商品资料');
  sheet.columns = CATALOGUE_COLUMNS.map(() => ({ width: 16, style: { numFmt: '@' } }));
  for (const r of rows) sheet.addRow(r);
  sheet.getRow(1).font = { bold: true };
  const notes = workbook.addWorksheet('说明');
  notes.addRow(['列', '说明']);
  for (const c of CATALOGUE_COLUMNS) notes.addRow([c.header, c.note]);
  notes.addRow([
    '',
    `只读取第一个工作表；按外部编码匹配：已有编码只更新文件中出现的列，新编码新建商品（未上架）；数字、开关、厂家、分类、仓库留空表示不修改；最多${CATALOGUE_FILE_MAX_ROWS}行；不支持公式；有任何一行错误时整个文件都不会导入。`,
  ]);
  notes.columns.forEach((col) => (col.width = 40));
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}
