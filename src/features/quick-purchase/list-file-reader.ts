// Reads an uploaded purchase list on the device (so it works offline too) into the paste pad's
// text: CSV through papaparse after our own decoding (UTF-8 / GB18030, domain/list-file.ts), XLSX
// through our small reader (xlsx-sheet.ts: its first non-empty sheet, cells as text). Imported
// lazily by the paste pad: none of it belongs in the bundle every page loads.
import Papa from 'papaparse';
import { LIST_FILE_GARBLED, decodeListText, listFileKind, tableToPasteText } from '../../domain/list-file';
import { readXlsxRows } from './xlsx-sheet';

export type ListFileResult = { ok: true; text: string; lines: number } | { ok: false; message: string };

function csvRows(text: string): string[][] {
  // Delimiter guessed by papaparse (comma, tab, semicolon…); a one-column file has none to guess,
  // which papaparse reports but parses fine.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  return parsed.data.filter((row): row is string[] => Array.isArray(row)).map((row) => row.map((c) => String(c)));
}

export async function readListFile(file: {
  name: string;
  arrayBuffer: () => Promise<ArrayBuffer>;
}): Promise<ListFileResult> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = listFileKind(file.name, bytes);
  if (!kind.ok) return kind;
  if (kind.kind === 'csv') {
    const decoded = decodeListText(bytes);
    if (!decoded.ok) return decoded;
    return tableToPasteText(csvRows(decoded.text));
  }
  const rows = await readXlsxRows(bytes);
  if (rows === null) return { ok: false, message: LIST_FILE_GARBLED };
  return tableToPasteText(rows);
}
