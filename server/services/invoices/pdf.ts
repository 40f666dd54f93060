// The e-invoice PDF (电子发票), drawn with pdfkit. Chinese text is set in Noto Sans SC embedded as a
// subset (the font of the e-contract and the delivery notes, ../pdf-font.ts), so the invoice reads
// the same in any viewer — a non-embedded standard CJK font showed boxes where the reader had no
// Adobe font pack. Characters the font lacks (outside the BMP) print as '?'.
// Layout: A4 portrait, points, measured from the bottom as in PDF itself; the table continues on
// further pages when lines do not fit, and the totals, amount in words and note close the last page.
import { formatFen } from '@domain/money.ts';
import { toChineseCapitalAmount } from '@domain/money-words.ts';
import { FONT_NAME, setInCjkFont } from '../pdf-font.ts';
import { pdfDocument } from '../seldom-used-packages.ts';
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

// ---- drawing ------------------------------------------------------------------------------------

/** Controls become spaces; what the font cannot show (outside the BMP) becomes '?'. */
export function printable(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    out += cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ? ' ' : cp > 0xffff ? '?' : ch;
  }
  return out;
}

/** A page of the invoice in PDF coordinates (y up from the bottom edge) over a pdfkit document. */
class Canvas {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  width(text: string, size: number): number {
    return this.doc.fontSize(size).widthOfString(printable(text));
  }

  text(x: number, y: number, text: string, size: number, align: 'left' | 'center' | 'right' = 'left'): void {
    if (text === '') return;
    const shown = printable(text);
    const w = this.width(shown, size);
    const left = align === 'left' ? x : align === 'center' ? x - w / 2 : x - w;
    this.doc.fillColor('black').text(shown, left, PAGE_H - y, { lineBreak: false, baseline: 'alphabetic' });
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.6): void {
    this.doc
      .lineWidth(width)
      .moveTo(x1, PAGE_H - y1)
      .lineTo(x2, PAGE_H - y2)
      .stroke();
  }

  rect(x: number, y: number, w: number, h: number, width = 0.8): void {
    this.doc
      .lineWidth(width)
      .rect(x, PAGE_H - y - h, w, h)
      .stroke();
  }

  /** Invoice forms print their frame in a brown-red; text stays black. */
  frameColour(): void {
    this.doc.strokeColor([153, 77, 38]);
  }

  /** The text cut to `maxWidth` with an ellipsis when it does not fit. */
  fit(text: string, maxWidth: number, size: number): string {
    if (this.width(text, size) <= maxWidth) return text;
    let out = '';
    for (const ch of text) {
      if (this.width(`${out}${ch}…`, size) > maxWidth) break;
      out += ch;
    }
    return `${out}…`;
  }

  /** Greedy wrap into at most `maxLines` lines; the last one is cut with an ellipsis if needed. */
  wrap(text: string, maxWidth: number, size: number, maxLines: number): string[] {
    const lines: string[] = [];
    let current = '';
    const chars = [...text];
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i];
      if (this.width(current + ch, size) > maxWidth) {
        if (lines.length === maxLines - 1) {
          lines.push(this.fit(chars.slice(i - [...current].length).join(''), maxWidth, size));
          return lines;
        }
        lines.push(current);
        current = ch;
      } else current += ch;
    }
    lines.push(current);
    return lines;
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
  const tw = c.width(d.title, titleSize);
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
  const buyerName = c.wrap(`名称：${d.buyer.name}`, half, 8.5, 2);
  party(LEFT, '购买方信息', [...buyerName, `统一社会信用代码/纳税人识别号：${d.buyer.taxNo || '—'}`]);
  party(mid, '销售方信息', [
    c.fit(`名称：${d.seller.name}`, half, 8.5),
    c.fit(`统一社会信用代码/纳税人识别号：${d.seller.taxNo}`, half, 8.5),
    c.fit(`地址：${d.seller.address}`, half, 8.5),
    c.fit(`药品经营许可证：${d.seller.licence}`, half, 8.5),
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
    const text = c.fit(row.cells[i], col.w - 8, 8.5);
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
  c.text(LEFT + 40, y - 14, c.fit(`订单号：${d.orderNo}`, RIGHT - LEFT - 48, 8.5), 8.5);
  c.text(LEFT + 40, y - 28, c.fit(d.note, RIGHT - LEFT - 48, 8.5), 8.5);
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
  for (const a of d.adjustments)
    rows.push({ cells: [a.name, '', '', '', '', a.amount < 0 ? `-${yuan(-a.amount)}` : yuan(a.amount)] });
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

function drawPage(c: Canvas, d: InvoicePdfData, rows: Row[], pageNo: number, pages: number): void {
  drawHeader(c, d, pageNo, pages);
  let y = drawTableHeader(c);
  for (const r of rows) y = drawRow(c, y, r);
  if (pageNo === pages) y = drawTotals(c, y, d);
  else c.line(LEFT, y, RIGHT, y, 0.4);
  drawFrame(c, y);
  c.text(LEFT, 40, '开票人：系统', 9);
  c.text(RIGHT, 40, d.seller.name, 9, 'right');
}

/** The invoice as PDF bytes. */
export function renderInvoicePdf(d: InvoicePdfData): Promise<Buffer> {
  const pages = paginate(rowsOf(d));
  const doc = new (pdfDocument())({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${d.title} ${d.invoiceNo}`, Author: d.seller.name, CreationDate: d.issuedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  setInCjkFont(doc);
  const c = new Canvas(doc);
  pages.forEach((rows, i) => {
    doc.addPage({ size: 'A4', margin: 0 });
    doc.font(FONT_NAME);
    drawPage(c, d, rows, i + 1, pages.length);
  });
  doc.end();
  return done;
}
