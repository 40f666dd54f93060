// An uploaded purchase list (CSV or XLSX) turned into the paste pad's text: the pure rules —
// which files are taken, how a CSV's bytes are decoded, which rows are goods — shared by the
// page (which parses on the device, so an upload works offline too) and its tests. The workbook
// and CSV readers themselves live with the page (papaparse / exceljs, a lazy chunk).
import { MAX_PASTE_LINES } from './quick-purchase';

/** Largest file taken: a 1,000-line list is ~50 KB as CSV and ~40 KB as XLSX; 2 MB is generous. */
export const MAX_LIST_FILE_BYTES = 2 * 1024 * 1024;

export const LIST_FILE_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const LIST_FILE_TOO_BIG = '文件不能超过2MB';
export const LIST_FILE_WRONG_TYPE = '仅支持 CSV 或 Excel（.xlsx）文件';
export const LIST_FILE_OLD_EXCEL = '不支持旧版 Excel（.xls）文件，请在 Excel 中另存为 .xlsx 或 .csv 后上传';
export const LIST_FILE_EMPTY = '文件中没有商品行，请按模板填写后上传';
export const LIST_FILE_GARBLED = '文件内容无法识别（可能已损坏或不是文本表格），请按模板重新保存后上传';
export const LIST_FILE_TOO_MANY = `文件最多${MAX_PASTE_LINES}个商品行`;

export type ListFileKind = 'csv' | 'xlsx';

export type Refusal = { ok: false; message: string };

/**
 * Which reader a file needs, from its content first (a renamed file is read as what it is) and
 * its name second. XLSX is a zip (PK\x03\x04); legacy .xls is an OLE2 container, which exceljs
 * cannot read, so it is refused with how to convert it rather than as garbage.
 */
export function listFileKind(name: string, bytes: Uint8Array): { ok: true; kind: ListFileKind } | Refusal {
  if (bytes.length === 0) return { ok: false, message: LIST_FILE_EMPTY };
  if (bytes.length > MAX_LIST_FILE_BYTES) return { ok: false, message: LIST_FILE_TOO_BIG };
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return { ok: true, kind: 'xlsx' };
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return { ok: false, message: LIST_FILE_OLD_EXCEL };
  const lower = name.toLowerCase();
  if (lower.endsWith('.xlsx')) return { ok: false, message: LIST_FILE_GARBLED };
  if (lower.endsWith('.xls')) return { ok: false, message: LIST_FILE_OLD_EXCEL };
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return { ok: true, kind: 'csv' };
  return { ok: false, message: LIST_FILE_WRONG_TYPE };
}

// Controls other than tab/CR/LF never occur in a text table: their presence means binary content
// (an image renamed .csv, a damaged file), not a list.
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/u;

function decodeWith(label: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A CSV's text. UTF-8 (with or without the BOM Excel's "CSV UTF-8" writes), UTF-16 with its BOM
 * (Excel's "Unicode text"), else GB18030 — what Chinese Excel and most clinic systems write as
 * "CSV" (a superset of GBK and GB2312). Strict decoding both ways: bytes valid in neither, or text
 * with binary control characters, are refused rather than matched as mojibake.
 */
export function decodeListText(bytes: Uint8Array): { ok: true; text: string; encoding: string } | Refusal {
  const has = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  let text: string | null = null;
  let encoding = '';
  if (has(0xef, 0xbb, 0xbf)) [text, encoding] = [decodeWith('utf-8', bytes.subarray(3)), 'utf-8'];
  else if (has(0xff, 0xfe)) [text, encoding] = [decodeWith('utf-16le', bytes.subarray(2)), 'utf-16le'];
  else if (has(0xfe, 0xff)) [text, encoding] = [decodeWith('utf-16be', bytes.subarray(2)), 'utf-16be'];
  else {
    text = decodeWith('utf-8', bytes);
    encoding = 'utf-8';
    if (text === null) [text, encoding] = [decodeWith('gb18030', bytes), 'gb18030'];
  }
  if (text === null || BINARY.test(text)) return { ok: false, message: LIST_FILE_GARBLED };
  return { ok: true, text, encoding };
}

/** A header cell names a column rather than a goods: the template's and the usual ones. */
const HEADER_CELL =
  /^(商品|商品名称|名称|品名|药品名称|通用名|商品编码|编码|条形码|条码|批准文号|规格|生产厂家|厂家|数量|采购数量|单位|备注|序号)/u;

function isHeader(cells: readonly string[]): boolean {
  const filled = cells.filter((c) => c !== '');
  return (
    filled.some((c) => /数量|名称|品名|条形码|条码|批准文号|编码/u.test(c)) && filled.every((c) => HEADER_CELL.test(c))
  );
}

/**
 * The rows of a table as the paste pad's text: one line per goods row, cells joined by tabs (as
 * pasting from Excel gives), so the same line rule and matcher apply. A header row (the template's,
 * or any row of column names) and blank rows are dropped; tabs and line breaks inside a cell become
 * spaces so a cell never splits a line.
 */
export function tableToPasteText(
  rows: readonly (readonly string[])[],
): { ok: true; text: string; lines: number } | Refusal {
  const lines: string[] = [];
  let first = true;
  for (const row of rows) {
    const cells = row.map((c) => c.replace(/[\t\r\n]+/gu, ' ').trim());
    if (cells.every((c) => c === '')) continue;
    if (first && isHeader(cells)) {
      first = false;
      continue;
    }
    first = false;
    // Trailing empty cells (a quantity column left blank) would otherwise hide nothing, but keep
    // the line tidy for the buyer who edits it.
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    lines.push(cells.join('\t'));
  }
  if (lines.length === 0) return { ok: false, message: LIST_FILE_EMPTY };
  if (lines.length > MAX_PASTE_LINES) return { ok: false, message: LIST_FILE_TOO_MANY };
  return { ok: true, text: lines.join('\n'), lines: lines.length };
}

/** The downloadable template: a header row and two example rows (UTF-8 with BOM, so Excel shows it). */
export const LIST_TEMPLATE_NAME = '快捷采购清单模板.csv';
export const LIST_TEMPLATE_CSV =
  '\ufeff商品（名称/批准文号/条形码/商品编码）,规格,数量\r\n阿莫西林胶囊,0.25g*24粒,10\r\n6901234567892,,5\r\n';
