// The warehouse's printouts, as PDFs set in our embedded CJK font (pdfkit, server/services/
// pdf-font.ts), so they print the same on any machine:
// - 随货同行单 (delivery note, GSP): travels with a shipped order — each line's goods, 规格,
//   批准文号, manufacturer, the batch it left from and its 效期, quantity, price and amount.
// - 拣货单 (picking list): for an order waiting to ship — what to take from the shelves, by
//   warehouse, with the batch on sale now.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, goods, orderLines, orders, shipments, warehouses } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/envelope.ts';
import { setInCjkFont } from '../pdf-font.ts';
import { ORDER_NOT_FOUND } from './orders.ts';
import { DEFAULT_SELLER } from '../invoices/requests.ts';
import { formatFen } from '@domain/money.ts';
import { formatDateTime } from '@domain/time.ts';
import { pdfDocument } from '../seldom-used-packages.ts';

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

function newDoc(title: string): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new (pdfDocument())({
    size: 'A4',
    layout: 'landscape',
    margins: { top: 36, bottom: 36, left: 36, right: 36 },
    info: { Title: title, Author: DEFAULT_SELLER.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  setInCjkFont(doc);
  return { doc, done };
}

/** A ruled table that continues on a new page (header repeated) when the rows do not fit. */
function table(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]): void {
  const left = doc.page.margins.left;
  const rowH = 20;
  const drawRow = (cells: string[], bold: boolean) => {
    if (doc.y + rowH > doc.page.height - doc.page.margins.bottom - 40) {
      doc.addPage();
      drawRow(
        columns.map((c) => c.title),
        true,
      );
    }
    const y = doc.y;
    let x = left;
    doc.fontSize(bold ? 9.5 : 9);
    columns.forEach((c, i) => {
      doc.rect(x, y, c.width, rowH).stroke();
      doc.text(cells[i] ?? '', x + 3, y + 5, {
        width: c.width - 6,
        height: rowH - 6,
        align: c.align ?? 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += c.width;
    });
    doc.x = left;
    doc.y = y + rowH;
  };
  doc.lineWidth(0.5);
  drawRow(
    columns.map((c) => c.title),
    true,
  );
  for (const r of rows) drawRow(r, false);
}

async function loadOrder(db: Db, id: number) {
  const [o] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, o.companyId));
  const lines = await db
    .select({
      id: orderLines.id,
      goodsId: orderLines.goodsId,
      warehouseId: orderLines.warehouseId,
      name: orderLines.name,
      sccj: orderLines.sccj,
      ypgg: orderLines.ypgg,
      bzdw: orderLines.bzdw,
      batchNo: orderLines.batchNo,
      expiresOn: orderLines.expiresOn,
      number: orderLines.number,
      price: orderLines.price,
      amount: orderLines.amount,
      approvalNo: goods.approvalNo,
      currentBatch: goods.batchNo,
    })
    .from(orderLines)
    .innerJoin(goods, eq(goods.id, orderLines.goodsId))
    .where(eq(orderLines.orderId, o.id))
    .orderBy(asc(orderLines.id));
  return { o, company: company?.name ?? '', lines };
}

function heading(doc: PDFKit.PDFDocument, title: string, facts: string[]): void {
  doc.fontSize(16).text(`${DEFAULT_SELLER.name} ${title}`, { align: 'center' });
  doc.moveDown(0.4);
  doc.fontSize(9.5);
  for (const f of facts) doc.text(f);
  doc.moveDown(0.4);
}

export async function deliveryNotePdf(db: Db, id: number, now: Date): Promise<{ orderNo: string; pdf: Buffer }> {
  const { o, company, lines } = await loadOrder(db, id);
  const [ship] = await db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, o.id))
    .orderBy(asc(shipments.id))
    .limit(1);
  if (!ship) throw new AppError(409, 409, '订单尚未发货，没有随货同行单');
  const shipped = new Map(
    (ship.lines as { order_line_id: number; batch_no: string; expires_on: string | null; number: number }[]).map(
      (l) => [l.order_line_id, l],
    ),
  );
  const a = (o.address ?? {}) as Record<string, unknown>;
  const part = (k: string) => (typeof a[k] === 'string' ? (a[k] as string) : '');
  const to = `${part('consignee')} ${part('phone')} ${part('province')}${part('city')}${part('district')}${part('detail')}`;
  const { doc, done } = newDoc(`随货同行单 ${o.orderNo}`);
  heading(doc, '随货同行单', [
    `购货单位：${company}    订单号：${o.orderNo}    发货日期：${formatDateTime(ship.createdAt.getTime())}`,
    `收货地址：${to}`,
    `承运商：${ship.carrier}    运单号：${ship.trackingNo}    发货单位：${DEFAULT_SELLER.name}（${DEFAULT_SELLER.address}）`,
  ]);
  let total = 0;
  const rows = lines.map((l, i) => {
    const s = shipped.get(l.id);
    total += l.amount;
    return [
      String(i + 1),
      l.name,
      l.ypgg,
      l.approvalNo,
      l.sccj,
      s?.batch_no ?? l.batchNo,
      s?.expires_on ?? l.expiresOn ?? '',
      l.bzdw,
      String(s?.number ?? l.number),
      formatFen(l.price),
      formatFen(l.amount),
    ];
  });
  table(
    doc,
    [
      { title: '序号', width: 30, align: 'center' },
      { title: '商品名称', width: 130 },
      { title: '规格', width: 80 },
      { title: '批准文号', width: 95 },
      { title: '生产企业', width: 120 },
      { title: '批号', width: 65 },
      { title: '效期至', width: 62 },
      { title: '单位', width: 30, align: 'center' },
      { title: '数量', width: 40, align: 'right' },
      { title: '单价', width: 58, align: 'right' },
      { title: '金额', width: 60, align: 'right' },
    ],
    rows,
  );
  doc.moveDown(0.6);
  doc.fontSize(9.5).text(`合计金额：¥${formatFen(total)}    打印时间：${formatDateTime(now.getTime())}`);
  doc.moveDown(0.4);
  doc.text('发货人：____________    复核人：____________    收货人签字：____________    质量状况：合格');
  doc.end();
  return { orderNo: o.orderNo, pdf: await done };
}

export async function pickingListPdf(db: Db, id: number, now: Date): Promise<{ orderNo: string; pdf: Buffer }> {
  const { o, company, lines } = await loadOrder(db, id);
  if (o.status !== 'paid') throw new AppError(409, 409, '只有待发货订单可以打印拣货单');
  const whIds = [...new Set(lines.map((l) => l.warehouseId))];
  const whRows =
    whIds.length === 0
      ? []
      : await db
          .select({ id: warehouses.id, name: warehouses.name })
          .from(warehouses)
          .where(inArray(warehouses.id, whIds));
  const whName = new Map(whRows.map((w) => [w.id, w.name]));
  const { doc, done } = newDoc(`拣货单 ${o.orderNo}`);
  heading(doc, '拣货单', [
    `购货单位：${company}    订单号：${o.orderNo}    打印时间：${formatDateTime(now.getTime())}`,
  ]);
  const sorted = [...lines].sort((a, b) => a.warehouseId - b.warehouseId || a.name.localeCompare(b.name, 'zh'));
  table(
    doc,
    [
      { title: '序号', width: 30, align: 'center' },
      { title: '仓库', width: 70 },
      { title: '商品名称', width: 150 },
      { title: '规格', width: 95 },
      { title: '生产企业', width: 140 },
      { title: '建议批号', width: 80 },
      { title: '单位', width: 35, align: 'center' },
      { title: '数量', width: 50, align: 'right' },
      { title: '已拣', width: 60, align: 'center' },
    ],
    sorted.map((l, i) => [
      String(i + 1),
      whName.get(l.warehouseId) ?? '',
      l.name,
      l.ypgg,
      l.sccj,
      l.batchNo || l.currentBatch,
      l.bzdw,
      String(l.number),
      '□',
    ]),
  );
  doc.moveDown(0.6);
  doc.fontSize(9.5).text('拣货人：____________    复核人：____________');
  doc.end();
  return { orderNo: o.orderNo, pdf: await done };
}
