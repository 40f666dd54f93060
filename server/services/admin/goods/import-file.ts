// Reading an uploaded price/stock file (CSV or XLSX) into plain text rows, refusing hostile files
// before anything reads them in full: the size is capped, the type comes from the bytes (an XLSX
// is a ZIP; anything else must be UTF-8 text), a ZIP's declared uncompressed size is checked
// before exceljs inflates it (a small file that unpacks to gigabytes is refused), formulas are
// refused (the file's value is what it shows, and a formula would travel on to whoever opens an
// export), and the row count is capped.
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { validationError } from '../../../http/envelope.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@domain/admin-goods.ts';
import { excel } from '../../seldom-used-packages.ts';

/** Inflated size a workbook may declare; a 2,000-row sheet is well under 1 MiB. */
const XLSX_MAX_UNPACKED = 20 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 200;

const refuse = (msg: string) => validationError({ file: [msg] });

/** What a file may be; the price/stock import's by default, the catalogue import's larger. */
export interface ImportLimits {
  maxBytes: number;
  maxRows: number;
  maxUnpacked: number;
}
const PRICE_STOCK_LIMITS: ImportLimits = {
  maxBytes: IMPORT_MAX_BYTES,
  maxRows: IMPORT_MAX_ROWS,
  maxUnpacked: XLSX_MAX_UNPACKED,
};

export interface ImportTable {
  /** The header row's cells. */
  header: string[];
  /** Data rows with their spreadsheet row number (header = 1). */
  rows: { row: number; cells: string[] }[];
}

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle = (b: Uint8Array) => b.length >= 4 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;

/** Sum of the uncompressed sizes a ZIP's central directory declares, and its entry count; null when unreadable. */
export function zipDeclaredSize(b: Uint8Array): { entries: number; bytes: number } | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // End of central directory: the last 22 bytes, or earlier when a comment follows (≤ 64 KiB).
  for (let eocd = b.length - 22; eocd >= Math.max(0, b.length - 22 - 65_535); eocd--) {
    if (view.getUint32(eocd, true) !== 0x06054b50) continue;
    const entries = view.getUint16(eocd + 10, true);
    let at = view.getUint32(eocd + 16, true);
    let bytes = 0;
    for (let i = 0; i < entries; i++) {
      if (at + 46 > b.length || view.getUint32(at, true) !== 0x02014b50) return null;
      const size = view.getUint32(at + 24, true);
      // 0xFFFFFFFF means a ZIP64 size: far beyond any limit here.
      bytes += size === 0xffffffff ? Number.MAX_SAFE_INTEGER : size;
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return { entries, bytes };
  }
  return null;
}

/** A cell that a spreadsheet would run as a formula when the text is opened again. */
const looksLikeFormula = (s: string) => /^[=@]/.test(s) || /^\+[^\d.]/.test(s);

function capRows(table: ImportTable, limits: ImportLimits): ImportTable {
  if (table.rows.length > limits.maxRows) throw refuse(`一次最多导入${limits.maxRows}行`);
  return table;
}

const blankRow = (cells: string[]) => cells.every((c) => c.trim() === '');

function readCsv(bytes: Uint8Array, limits: ImportLimits): ImportTable {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw refuse('无法识别文件内容：请上传UTF-8编码的CSV或XLSX文件');
  }
  // Text, not a binary: control characters other than tab and line breaks do not occur in a CSV.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point: they mark a binary file.
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw refuse('无法识别文件内容：请上传CSV或XLSX文件');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, preview: limits.maxRows + 2 });
  const all = parsed.data.map((cells, i) => ({ row: i + 1, cells: cells.map((c) => String(c)) }));
  const [head, ...rest] = all.filter((r) => !blankRow(r.cells));
  if (!head) throw refuse('文件是空的');
  for (const r of [head, ...rest]) {
    const bad = r.cells.findIndex(looksLikeFormula);
    if (bad >= 0) throw refuse(`第${r.row}行含公式（${r.cells[bad].slice(0, 20)}），请只填写数值`);
  }
  return capRows({ header: head.cells, rows: rest }, limits);
}

function cellText(value: ExcelJS.CellValue, row: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') {
    if (looksLikeFormula(value)) throw refuse(`第${row}行含公式（${value.slice(0, 20)}），请只填写数值`);
    return value;
  }
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value) throw refuse(`第${row}行含公式，请将公式粘贴为数值后再上传`);
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return '';
}

async function readXlsx(bytes: Uint8Array, limits: ImportLimits): Promise<ImportTable> {
  const declared = zipDeclaredSize(bytes);
  if (!declared) throw refuse('XLSX文件已损坏，无法读取');
  if (declared.entries > XLSX_MAX_ENTRIES || declared.bytes > limits.maxUnpacked)
    throw refuse('XLSX文件解压后过大，请删除多余的工作表和内容');
  const workbook = new (excel().Workbook)();
  try {
    await workbook.xlsx.load(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer,
    );
  } catch {
    throw refuse('XLSX文件已损坏，无法读取');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw refuse('文件是空的');
  if (sheet.rowCount > limits.maxRows + 50) throw refuse(`一次最多导入${limits.maxRows}行`);
  const all: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    const cells: string[] = [];
    const width = Math.min(r.cellCount, 50);
    for (let col = 1; col <= width; col++) cells.push(cellText(r.getCell(col).value, rowNumber));
    all.push({ row: rowNumber, cells });
  });
  const [head, ...rest] = all.filter((r) => !blankRow(r.cells));
  if (!head) throw refuse('文件是空的');
  return capRows({ header: head.cells, rows: rest }, limits);
}

/** The uploaded `file` field read into a table; 422 on `file` for anything not a sane CSV or XLSX. */
export async function readImportFile(
  file: unknown,
  limits: ImportLimits = PRICE_STOCK_LIMITS,
): Promise<{ name: string; table: ImportTable }> {
  if (!(file instanceof File) || file.size === 0) throw refuse('请选择要导入的CSV或XLSX文件');
  if (file.size > limits.maxBytes) throw refuse(`文件不能超过${limits.maxBytes / 1024 / 1024}MB`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const name = file.name.slice(0, 100) || '导入文件';
  if (isZip(bytes)) return { name, table: await readXlsx(bytes, limits) };
  if (isOle(bytes)) throw refuse('不支持旧版XLS文件，请另存为XLSX或CSV');
  return { name, table: readCsv(bytes, limits) };
}
