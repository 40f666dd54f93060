// 药品追溯码 of a shipment (issue 34 §2, docs/decisions/trace-codes.md): checked and stored by the
// ship moves (console and ERP), read back per order line for the buyer, and written as the
// buyer's CSV / XLSX download. The rule of a code lives in src/domain/trace-codes.ts.
import Papa from 'papaparse';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, traceCodes } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/envelope.ts';
import { lineCodeProblems, normalizeTraceCode, tooManyCodes } from '@domain/trace-codes.ts';
import { excel } from '../seldom-used-packages.ts';

export interface ShipLineCodes {
  /** Index of the line in the request (for the error's field name). */
  index: number;
  orderLineId: number;
  units: number;
  batchNo: string;
  codes: readonly string[];
}

export interface CheckedCodes {
  errors: Record<string, string[]>;
  rows: { orderLineId: number; batchNo: string; code: string }[];
}

/**
 * Every line's codes normalised and checked: the format, at most one per unit, no code twice in the
 * shipment, and none already shipped on any order. Errors name each code at
 * `lines.<i>.trace_codes.<j>`; the line's count at `lines.<i>.trace_codes`.
 */
export async function checkShipmentCodes(db: Db, lines: readonly ShipLineCodes[]): Promise<CheckedCodes> {
  const errors: Record<string, string[]> = {};
  const rows: CheckedCodes['rows'] = [];
  const inShipment = new Set<string>();
  const normalized = lines.map((l) => l.codes.map(normalizeTraceCode));
  const all = [...new Set(normalized.flat())].filter((c) => c !== '');
  const taken = new Set(
    all.length === 0
      ? []
      : (await db.select({ code: traceCodes.code }).from(traceCodes).where(inArray(traceCodes.code, all))).map(
          (r) => r.code,
        ),
  );
  lines.forEach((line, li) => {
    const codes = normalized[li]!;
    const count = tooManyCodes(codes.length, line.units);
    if (count) errors[`lines.${line.index}.trace_codes`] = [count];
    const problems = lineCodeProblems(codes, inShipment);
    codes.forEach((code, j) => {
      const problem = problems.get(j) ?? (taken.has(code) ? `追溯码${code}已发货，同一盒药不能重复发货` : null);
      if (problem) errors[`lines.${line.index}.trace_codes.${j}`] = [problem];
      else rows.push({ orderLineId: line.orderLineId, batchNo: line.batchNo, code });
    });
    for (const c of codes) inShipment.add(c);
  });
  return { errors, rows };
}

export async function storeShipmentCodes(
  db: Db,
  orderId: number,
  rows: CheckedCodes['rows'],
  source: 'console' | 'erp',
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  try {
    await db.insert(traceCodes).values(
      rows.map((r) => ({
        orderId,
        orderLineId: r.orderLineId,
        batchNo: r.batchNo,
        code: r.code,
        source,
        createdAt: now,
      })),
    );
  } catch (err) {
    // Another order shipped one of these codes between the check and this write.
    if (isUniqueViolation(err)) throw new AppError(409, 409, '追溯码已在其他订单发货，请核对后重试');
    throw err;
  }
}

/** The codes of an order, per order line id, in the order they were given. */
export async function codesByLine(db: Db, orderId: number): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ lineId: traceCodes.orderLineId, code: traceCodes.code })
    .from(traceCodes)
    .where(eq(traceCodes.orderId, orderId))
    .orderBy(asc(traceCodes.id));
  const out = new Map<number, string[]>();
  for (const r of rows) {
    const list = out.get(r.lineId) ?? [];
    list.push(r.code);
    out.set(r.lineId, list);
  }
  return out;
}

export const TRACE_FILE_COLUMNS = ['订单编号', '商品名称', '规格', '生产厂家', '批号', '效期', '药品追溯码'] as const;

/** The download's rows: a header, then one row per box (code), by line then scan order. */
export async function traceCodeRows(db: Db, orderId: number, orderNo: string): Promise<string[][]> {
  const rows = await db
    .select({
      name: orderLines.name,
      ypgg: orderLines.ypgg,
      sccj: orderLines.sccj,
      batchNo: traceCodes.batchNo,
      expiresOn: orderLines.expiresOn,
      code: traceCodes.code,
    })
    .from(traceCodes)
    .innerJoin(orderLines, eq(orderLines.id, traceCodes.orderLineId))
    .where(eq(traceCodes.orderId, orderId))
    .orderBy(asc(traceCodes.orderLineId), asc(traceCodes.id));
  return [
    [...TRACE_FILE_COLUMNS],
    ...rows.map((r) => [orderNo, r.name, r.ypgg, r.sccj, r.batchNo, r.expiresOn ?? '', r.code]),
  ];
}

/** UTF-8 with a BOM so Excel opens the Chinese headers right; codes are plain digits. */
export function traceCodesCsv(rows: string[][]): Uint8Array {
  return new TextEncoder().encode(`\uFEFF${Papa.unparse(rows)}\r\n`);
}

/** Every cell text (numFmt @): a 20-digit code as a number would lose its last digits. */
export async function traceCodesXlsx(rows: string[][]): Promise<Uint8Array> {
  const workbook = new (excel().Workbook)();
  const sheet = workbook.addWorksheet('药品追溯码');
  sheet.columns = TRACE_FILE_COLUMNS.map((_, i) => ({
    width: i === TRACE_FILE_COLUMNS.length - 1 ? 26 : 16,
    style: { numFmt: '@' },
  }));
  for (const r of rows) sheet.addRow(r);
  sheet.getRow(1).font = { bold: true };
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}
