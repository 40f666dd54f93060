// The e-invoice PDF (电子发票), written object by object with no library. Chinese text uses the
// standard CJK font STSong-Light through the Adobe-GB1 character collection with the UniGB-UCS2-H
// CMap: PDF readers supply that font themselves, so nothing is embedded and a one-page invoice is
// a few kilobytes. Strings are UTF-16BE hex; a character outside the BMP prints as '?'.
// Layout: A4 portrait, points; the table continues on further pages when lines do not fit, and the
// totals, amount in words and note close the last page.
import { createHash } from 'node:crypto';
import { formatFen } from '../../../src/domain/money.ts';
import { toChineseCapitalAmount } from '../../../src/domain/money-words.ts';

export interface InvoicePdfLine {
  name: string;
  spec: string;
  unit: string;
  number: number;
  /** fen */
  price: number;
  /** fen */
  amount: number;
}

export interface InvoicePdfData {
  /** e.g. 电子发票（普通发票） */
  title: string;
  invoiceNo: string;
  issuedAt: Date;
  orderNo: string;
  buyer: { name: string; taxNo: string };
  seller: { name: string; taxNo: string; address: string; licence: string };
  lines: InvoicePdfLine[];
  /** Rows after the goods: shipping (+), discounts and refunds (−), fen. */
  adjustments: { name: string; amount: number }[];
  /** fen; equals Σ line amounts + Σ adjustments. */
  total: number;
  note: string;
}

export const PDF_FONT = 'STSong-Light';

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const LEFT = 36;
const RIGHT = PAGE_W - 36;
const ROW_H = 18;
const TABLE_TOP = 668;
/** Lowest row baseline area on a page that continues, and on the last page (totals below it). */
const FLOOR_CONTINUED = 60;
const FLOOR_LAST = 196;

/** Columns of the line table: left edge, width, alignment. */
const COLUMNS = [
  { title: '项目名称', x: LEFT, w: 196, align: 'left' },
  { title: '规格型号', x: LEFT + 196, w: 96, align: 'left' },
  { title: '单位', x: LEFT + 292, w: 40, align: 'center' },
  { title: '数量', x: LEFT + 332, w: 50, align: 'right' },
  { title: '单价', x: LEFT + 382, w: 64, align: 'right' },
  { title: '金额', x: LEFT + 446, w: RIGHT - (LEFT + 446), align: 'right' },
] as const;

// ---- text ---------------------------------------------------------------------------------------

/** Advance of one character in em: the font's half-width Latin is 500/1000, CJK is 1000/1000. */
function charEm(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  return cp >= 0x20 && cp <= 0x7e ? 0.5 : 1;
}

export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) em += charEm(ch);
  return em * size;
}

/** UTF-16BE hex of the text for the UCS2 CMap; controls become spaces, non-BMP becomes '?'. */
export function utf16Hex(text: string): string {
  let hex = '';
  for (const ch of text) {
    let cp = ch.codePointAt(0) ?? 0x3f;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) cp = 0x20;
    if (cp > 0xffff) cp = 0x3f;
    hex += cp.toString(16).padStart(4, '0');
  }
  return hex.toUpperCase();
}

/** The text cut to `maxWidth` with an ellipsis when it does not fit. */
function fit(text: string, maxWidth: number, size: number): string {
  if (textWidth(text, size) <= maxWidth) return text;
  let out = '';
  for (const ch of text) {
    if (textWidth(`${out}${ch}…`, size) > maxWidth) break;
    out += ch;
  }
  return `${out}…`;
}

/** Greedy wrap into at most `maxLines` lines; the last one is cut with an ellipsis if needed. */
function wrap(text: string, maxWidth: number, size: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (textWidth(current + ch, size) > maxWidth) {
      if (lines.length === maxLines - 1) {
        lines.push(fit(chars.slice(i - [...current].length).join(''), maxWidth, size));
        return lines;
      }
      lines.push(current);
      current = ch;
    } else current += ch;
  }
  lines.push(current);
  return lines;
}

// ---- drawing ------------------------------------------------------------------------------------

const num = (n: number): string => (Math.round(n * 100) / 100).toString();

class Canvas {
  readonly ops: string[] = [];

  text(x: number, y: number, text: string, size: number, align: 'left' | 'center' | 'right' = 'left'): void {
    if (text === '') return;
    const w = textWidth(text, size);
    const left = align === 'left' ? x : align === 'center' ? x - w / 2 : x - w;
    this.ops.push(`BT /F1 ${num(size)} Tf ${num(left)} ${num(y)} Td <${utf16Hex(text)}> Tj ET`);
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.6): void {
    this.ops.push(`${num(width)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
  }

  rect(x: number, y: number, w: number, h: number, width = 0.8): void {
    this.ops.push(`${num(width)} w ${num(x)} ${num(y)} ${num(w)} ${num(h)} re S`);
  }

  /** Invoice forms print their frame in a brown-red; text stays black. */
  frameColour(): void {
    this.ops.push('0.6 0.3 0.15 RG 0 g');
  }
}

const yuan = (fen: number): string => formatFen(fen);

function shanghaiDate(d: Date): string {
  const local = new Date(d.getTime() + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCFullYear()}年${pad(local.getUTCMonth() + 1)}月${pad(local.getUTCDate())}日`;
}

function drawHeader(c: Canvas, d: InvoicePdfData, pageNo: number, pages: number): void {
  c.frameColour();
  const titleSize = 20;
  c.text(PAGE_W / 2, 792, d.title, titleSize, 'center');
  const tw = textWidth(d.title, titleSize);
  c.line(PAGE_W / 2 - tw / 2, 786, PAGE_W / 2 + tw / 2, 786, 0.8);
  c.line(PAGE_W / 2 - tw / 2, 783, PAGE_W / 2 + tw / 2, 783, 0.8);
  c.text(RIGHT, 806, `发票号码：${d.invoiceNo}`, 9, 'right');
  c.text(RIGHT, 792, `开票日期：${shanghaiDate(d.issuedAt)}`, 9, 'right');
  if (pages > 1) c.text(RIGHT, 778, `第${pageNo}页 / 共${pages}页`, 9, 'right');

  // Buyer | seller box.
  const top = 766;
  const bottom = 688;
  const mid = PAGE_W / 2;
  c.rect(LEFT, bottom, RIGHT - LEFT, top - bottom);
  c.line(mid, top, mid, bottom);
  const half = mid - LEFT - 16;
  const party = (x: number, label: string, rows: string[]) => {
    c.text(x + 8, top - 15, label, 10);
    let y = top - 31;
    for (const r of rows) {
      c.text(x + 8, y, r, 8.5);
      y -= 13;
    }
  };
  const buyerName = wrap(`名称：${d.buyer.name}`, half, 8.5, 2);
  party(LEFT, '购买方信息', [...buyerName, `统一社会信用代码/纳税人识别号：${d.buyer.taxNo || '—'}`]);
  party(mid, '销售方信息', [
    fit(`名称：${d.seller.name}`, half, 8.5),
    fit(`统一社会信用代码/纳税人识别号：${d.seller.taxNo}`, half, 8.5),
    fit(`地址：${d.seller.address}`, half, 8.5),
    fit(`药品经营许可证：${d.seller.licence}`, half, 8.5),
  ]);
}

function drawTableHeader(c: Canvas): number {
  const y = TABLE_TOP;
  c.line(LEFT, y, RIGHT, y);
  for (const col of COLUMNS) {
    const x = col.align === 'left' ? col.x + 4 : col.align === 'center' ? col.x + col.w / 2 : col.x + col.w - 4;
    c.text(x, y - 13, col.title, 9, col.align);
  }
  c.line(LEFT, y - ROW_H, RIGHT, y - ROW_H, 0.4);
  return y - ROW_H;
}

type Row = { cells: [string, string, string, string, string, string] };

function drawRow(c: Canvas, top: number, row: Row): number {
  COLUMNS.forEach((col, i) => {
    const text = fit(row.cells[i], col.w - 8, 8.5);
    const x = col.align === 'left' ? col.x + 4 : col.align === 'center' ? col.x + col.w / 2 : col.x + col.w - 4;
    c.text(x, top - 12.5, text, 8.5, col.align);
  });
  return top - ROW_H;
}

function drawTotals(c: Canvas, top: number, d: InvoicePdfData): number {
  let y = top;
  c.line(LEFT, y, RIGHT, y, 0.4);
  c.text(LEFT + 4, y - 13, '合计', 9);
  c.text(RIGHT - 4, y - 13, `¥${yuan(d.total)}`, 9, 'right');
  y -= ROW_H;
  c.line(LEFT, y, RIGHT, y, 0.4);
  c.text(LEFT + 4, y - 15, '价税合计（大写）', 9.5);
  c.text(LEFT + 96, y - 15, toChineseCapitalAmount(d.total), 10.5);
  c.text(RIGHT - 4, y - 15, `（小写）¥${yuan(d.total)}`, 10, 'right');
  y -= 22;
  c.line(LEFT, y, RIGHT, y);
  // Note box.
  const noteTop = y;
  c.text(LEFT + 4, y - 14, '备注', 9);
  c.text(LEFT + 40, y - 14, fit(`订单号：${d.orderNo}`, RIGHT - LEFT - 48, 8.5), 8.5);
  c.text(LEFT + 40, y - 28, fit(d.note, RIGHT - LEFT - 48, 8.5), 8.5);
  y -= 40;
  c.line(LEFT, y, RIGHT, y);
  c.line(LEFT + 34, noteTop, LEFT + 34, y, 0.4);
  return y;
}

function drawFrame(c: Canvas, bottom: number): void {
  c.line(LEFT, TABLE_TOP, LEFT, bottom);
  c.line(RIGHT, TABLE_TOP, RIGHT, bottom);
}

// ---- pages and file ------------------------------------------------------------------------------

function rowsOf(d: InvoicePdfData): Row[] {
  const rows: Row[] = d.lines.map((l) => ({
    cells: [l.name, l.spec, l.unit, String(l.number), yuan(l.price), yuan(l.amount)],
  }));
  for (const a of d.adjustments) rows.push({ cells: [a.name, '', '', '', '', a.amount < 0 ? `-${yuan(-a.amount)}` : yuan(a.amount)] });
  return rows;
}

function paginate(rows: Row[]): Row[][] {
  const perFull = Math.floor((TABLE_TOP - ROW_H - FLOOR_CONTINUED) / ROW_H);
  const perLast = Math.floor((TABLE_TOP - ROW_H - FLOOR_LAST) / ROW_H);
  const pages: Row[][] = [];
  let rest = rows;
  while (rest.length > perLast) {
    pages.push(rest.slice(0, perFull));
    rest = rest.slice(perFull);
  }
  pages.push(rest);
  return pages;
}

function pageContent(d: InvoicePdfData, rows: Row[], pageNo: number, pages: number): string {
  const c = new Canvas();
  drawHeader(c, d, pageNo, pages);
  let y = drawTableHeader(c);
  for (const r of rows) y = drawRow(c, y, r);
  if (pageNo === pages) y = drawTotals(c, y, d);
  else c.line(LEFT, y, RIGHT, y, 0.4);
  drawFrame(c, y);
  c.text(LEFT, 40, '开票人：系统', 9);
  c.text(RIGHT, 40, d.seller.name, 9, 'right');
  return c.ops.join('\n');
}

function pdfDate(d: Date): string {
  const local = new Date(d.getTime() + 8 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `D:${local.getUTCFullYear()}${p(local.getUTCMonth() + 1)}${p(local.getUTCDate())}${p(local.getUTCHours())}${p(local.getUTCMinutes())}${p(local.getUTCSeconds())}+08'00'`;
}

/** The invoice as PDF bytes (PDF 1.7, uncompressed content streams, no embedded font). */
export function renderInvoicePdf(d: InvoicePdfData): Uint8Array {
  const pages = paginate(rowsOf(d));
  // Object numbers: 1 catalog, 2 pages, 3 font, 4 CID font, 5 descriptor, 6 info, then page+content pairs.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 7 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = `<< /Type /Font /Subtype /Type0 /BaseFont /${PDF_FONT} /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>`;
  objects[4] =
    `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /${PDF_FONT}` +
    ' /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >>' +
    ' /FontDescriptor 5 0 R /DW 1000 /W [1 95 500] >>';
  objects[5] =
    `<< /Type /FontDescriptor /FontName /${PDF_FONT} /Flags 6 /FontBBox [-25 -254 1000 880]` +
    ' /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>';
  objects[6] =
    `<< /Title <FEFF${utf16Hex(`${d.title} ${d.invoiceNo}`)}> /Producer (yaodian-b2b invoice-pdf)` +
    ` /CreationDate (${pdfDate(d.issuedAt)}) >>`;
  pages.forEach((rows, i) => {
    const content = pageContent(d, rows, i + 1, pages.length);
    objects[pageIds[i]] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}]` +
      ` /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`;
    // Content is ASCII only (text is hex), so its length in characters is its length in bytes.
    objects[pageIds[i] + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });

  // The binary comment line marks the file as binary for transfer tools (PDF 32000 §7.5.2).
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = out.length;
  const size = objects.length;
  out += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let id = 1; id < size; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  const fileId = createHash('md5').update(out, 'latin1').digest('hex');
  out += `trailer\n<< /Size ${size} /Root 1 0 R /Info 6 0 R /ID [<${fileId}> <${fileId}>] >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  // Every character above is below 0x100, so latin1 maps characters to bytes one to one.
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
