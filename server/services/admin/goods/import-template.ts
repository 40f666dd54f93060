// The import's template: the header row the reader expects, as CSV (UTF-8 with BOM, so Excel opens
// the Chinese headers correctly) or XLSX (a second sheet 说明 explains each column; only the first
// sheet is ever read).
import Papa from 'papaparse';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS } from '@domain/admin-goods.ts';
import { excel } from '../../seldom-used-packages.ts';

export function csvTemplate(): Uint8Array {
  const text = `\uFEFF${Papa.unparse([IMPORT_COLUMNS.map((c) => c.header)])}\r\n`;
  return new TextEncoder().encode(text);
}

export async function xlsxTemplate(): Promise<Uint8Array> {
  const workbook = new (excel().Workbook)();
  const sheet = workbook.addWorksheet('价格库存');
  sheet.addRow(IMPORT_COLUMNS.map((c) => c.header));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((col) => (col.width = 16));
  // Text cells for codes, so a long barcode is not turned into 6.9E+12 by Excel.
  sheet.getColumn(2).numFmt = '@';
  const notes = workbook.addWorksheet('说明');
  notes.addRow(['列', '说明']);
  for (const c of IMPORT_COLUMNS) notes.addRow([c.header, c.note]);
  notes.addRow(['', `只读取第一个工作表；最多${IMPORT_MAX_ROWS}行；不支持公式；有任何一行错误时整个文件都不会导入。`]);
  notes.columns.forEach((col) => (col.width = 40));
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
