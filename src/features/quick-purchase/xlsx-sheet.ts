// The cells of an XLSX workbook's first non-empty sheet, as text — just enough of the format to
// read a purchase list: the zip container (stored or deflated entries, inflated by the browser's
// own DecompressionStream), the shared strings and the sheet XML. Written here rather than taking
// exceljs into the shop: exceljs is ~930 KB (256 KB gzip), far over the lazy-chunk and precache
// budgets (DESIGN.md), and a buyer's list needs none of its styles, formulas or writing.
// Anything this does not understand (encrypted, zip64, another container) reads as null.

/** Largest inflated entry: a 1,000-row sheet is well under 1 MB; more is a zip bomb, not a list. */
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;

interface ZipEntry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function centralDirectory(bytes: Uint8Array): Map<string, ZipEntry> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: 22 bytes plus a comment of at most 65,535.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= 0 && i >= bytes.length - 22 - 0xffff; i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const names = new TextDecoder();
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const entry: ZipEntry = {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    };
    // Bit 0: encrypted — a password-protected workbook cannot be read.
    if ((flags & 1) === 0) entries.set(names.decode(bytes.subarray(at + 46, at + 46 + nameLength)), entry);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

async function inflate(data: Uint8Array): Promise<Uint8Array | null> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > MAX_ENTRY_BYTES) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function readEntry(bytes: Uint8Array, entries: Map<string, ZipEntry>, name: string): Promise<string | null> {
  const entry = entries.get(name);
  if (!entry || entry.size > MAX_ENTRY_BYTES) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) return null;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  let raw: Uint8Array | null;
  if (entry.method === 0) raw = data;
  else if (entry.method === 8) raw = await inflate(data).catch(() => null);
  else return null;
  return raw === null ? null : new TextDecoder().decode(raw);
}

const ENTITY: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/giu, (_, e: string) => {
    if (e[0] !== '#') return ENTITY[e.toLowerCase()] ?? '';
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const attr = (attrs: string, name: string): string | null =>
  new RegExp(`\\b${name}="([^"]*)"`, 'u').exec(attrs)?.[1] ?? null;

/** The text of an <si> or <is>: every <t> run, without phonetic guides (<rPh>). */
function runText(xml: string): string {
  const body = xml.replace(/<rPh\b[\s\S]*?<\/rPh>/gu, '');
  let out = '';
  for (const m of body.matchAll(/<t\b[^>]*>([\s\S]*?)<\/t>/gu)) out += unescapeXml(m[1]);
  return out;
}

function sharedStrings(xml: string | null): string[] {
  if (xml === null) return [];
  return Array.from(xml.matchAll(/<si\b[^>]*>([\s\S]*?)<\/si>|<si\b[^>]*\/>/gu), (m) => runText(m[1] ?? ''));
}

/** "6.901234567892E+12" as Excel stores a long barcode → "6901234567892"; float noise trimmed. */
function numberText(v: string): string {
  const n = Number(v);
  if (!Number.isFinite(n)) return v;
  if (Number.isInteger(n) && Math.abs(n) < Number.MAX_SAFE_INTEGER) return n.toFixed(0);
  return String(Number(n.toPrecision(12)));
}

function columnIndex(ref: string | null, fallback: number): number {
  const letters = ref ? /^([A-Z]+)/u.exec(ref)?.[1] : undefined;
  if (!letters) return fallback;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function sheetRows(xml: string, strings: readonly string[]): string[][] {
  const rows: string[][] = [];
  for (const row of xml.matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/gu)) {
    const cells: string[] = [];
    let next = 0;
    for (const c of (row[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/gu)) {
      const attrs = c[1];
      const inner = c[2] ?? '';
      const col = columnIndex(attr(attrs, 'r'), next);
      next = col + 1;
      const type = attr(attrs, 't');
      const v = /<v\b[^>]*>([\s\S]*?)<\/v>/u.exec(inner)?.[1];
      let text = '';
      if (type === 'inlineStr') text = runText(/<is\b[^>]*>([\s\S]*?)<\/is>/u.exec(inner)?.[1] ?? '');
      else if (v === undefined) text = '';
      else if (type === 's') text = strings[Number(v)] ?? '';
      else if (type === 'str' || type === 'e') text = unescapeXml(v);
      else if (type === 'b') text = v === '1' ? 'TRUE' : 'FALSE';
      else text = numberText(unescapeXml(v));
      while (cells.length < col) cells.push('');
      cells[col] = text;
    }
    rows.push(cells);
  }
  return rows;
}

/** The sheets in the workbook's tab order, as zip paths. */
async function sheetPaths(bytes: Uint8Array, entries: Map<string, ZipEntry>): Promise<string[]> {
  const [workbook, rels] = await Promise.all([
    readEntry(bytes, entries, 'xl/workbook.xml'),
    readEntry(bytes, entries, 'xl/_rels/workbook.xml.rels'),
  ]);
  const targets = new Map<string, string>();
  for (const m of (rels ?? '').matchAll(/<Relationship\b([^>]*)\/?>/gu)) {
    const id = attr(m[1], 'Id');
    const target = attr(m[1], 'Target');
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//u, '')}`);
  }
  const ordered = Array.from(
    (workbook ?? '').matchAll(/<sheet\b([^>]*)\/?>/gu),
    (m) => targets.get(attr(m[1], 'r:id') ?? '') ?? '',
  ).filter((p) => p !== '');
  // A workbook without the relations part still names its sheets by convention.
  return ordered.length > 0
    ? ordered
    : [...entries.keys()].filter((k) => /^xl\/worksheets\/sheet\d+\.xml$/u.test(k)).sort();
}

/**
 * The rows of the first sheet that has any (cells as text, '' for gaps), [] for a workbook with
 * none, null when the bytes are not a workbook this can read.
 */
export async function readXlsxRows(bytes: Uint8Array): Promise<string[][] | null> {
  const entries = centralDirectory(bytes);
  if (!entries) return null;
  const paths = await sheetPaths(bytes, entries);
  if (paths.length === 0) return null;
  const strings = sharedStrings(await readEntry(bytes, entries, 'xl/sharedStrings.xml'));
  for (const path of paths) {
    const xml = await readEntry(bytes, entries, path);
    if (xml === null) return null;
    const rows = sheetRows(xml, strings).filter((r) => r.some((c) => c.trim() !== ''));
    if (rows.length > 0) return rows;
  }
  return [];
}
