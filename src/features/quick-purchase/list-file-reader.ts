// Reads an uploaded purchase list on the device (so it works offline too) into the paste pad's
// text: CSV through papaparse after our own decoding (UTF-8 / GB18030, domain/list-file.ts), XLSX
// through exceljs (its first worksheet, cells as shown). Imported lazily by the paste pad: neither
// library belongs in the bundle every page loads.
import Papa from 'papaparse';
import { LIST_FILE_GARBLED, LIST_FILE_TOO_MANY, decodeListText, listFileKind, tableToPasteText } from '../../domain/list-file';
import { MAX_PASTE_LINES } from '../../domain/quick-purchase';

export type ListFileResult = { ok: true; text: string; lines: number } | { ok: false; message: string };

function csvRows(text: string): string[][] {
  // Delimiter guessed by papaparse (comma, tab, semicolon…); a one-column file has none to guess,
  // which papaparse reports but parses fine.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  return parsed.data.filter((row): row is string[] => Array.isArray(row)).map((row) => row.map((c) => String(c)));
}

async function xlsxRows(bytes: Uint8Array): Promise<string[][] | 'garbled' | 'too-many'> {
  const { Workbook } = await import('exceljs');
  const workbook = new Workbook();
  try {
    // exceljs's load takes a Buffer in its typings; its zip reader takes any byte array.
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch {
    return 'garbled';
  }
  const sheet = workbook.worksheets.find((ws) => ws.actualRowCount > 0) ?? workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  // +1 for a header row; more than that is refused before reading every cell.
  if (sheet.actualRowCount > MAX_PASTE_LINES + 1) return 'too-many';
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let i = 1; i <= row.cellCount; i += 1) cells.push(row.getCell(i).text ?? '');
    rows.push(cells);
  });
  return rows;
}

export async function readListFile(file: { name: string; arrayBuffer: () => Promise<ArrayBuffer> }): Promise<ListFileResult> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = listFileKind(file.name, bytes);
  if (!kind.ok) return kind;
  if (kind.kind === 'csv') {
    const decoded = decodeListText(bytes);
    if (!decoded.ok) return decoded;
    return tableToPasteText(csvRows(decoded.text));
  }
  const rows = await xlsxRows(bytes);
  if (rows === 'garbled') return { ok: false, message: LIST_FILE_GARBLED };
  if (rows === 'too-many') return { ok: false, message: LIST_FILE_TOO_MANY };
  return tableToPasteText(rows);
}
