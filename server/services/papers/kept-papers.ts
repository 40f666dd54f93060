// GET /api/user/papers: what the device keeps so a clinic can show an inspector its papers with no
// connection (src/domain/papers.ts, docs/decisions/papers-offline.md). The e-contract of the
// company the session acts for, the reports of every batch delivered to it in the last 12 months
// (the batch on the order line, or the one its shipment names), and the 随货同行单 of its orders
// shipped in that time. Only goods the buyer may see have reports here, as on /jybg.
import { and, desc, eq, exists, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, orders, shipments } from '../../db/schema.ts';
import { rowsOf } from '../goods/search.ts';
import { visible, withReports, type BatchRow } from '../quality-reports/search.ts';
import { contractView } from '../contracts/view.ts';
import { deliveryNotePath, PAPERS_KEPT_MONTHS, type PapersManifest } from '@domain/papers.ts';

const CONTRACT_VIEW_PATH = '/api/user/contract';

/** Addresses are kept per device; a clinic of many orders still keeps a bounded number. */
export const PAPERS_MAX_NOTES = 200;
export const PAPERS_MAX_BATCHES = 500;

export async function keptPapers(
  db: Db,
  viewer: { companyId: number; isSpecial: boolean },
  now: Date,
): Promise<PapersManifest> {
  const from = new Date(now);
  from.setMonth(from.getMonth() - PAPERS_KEPT_MONTHS);
  const [contract, company, shipped] = await Promise.all([
    contractView(db, viewer.companyId),
    db
      .select({ url: companies.qualityInspectionUrl })
      .from(companies)
      .where(eq(companies.id, viewer.companyId))
      .limit(1),
    db
      .select({ id: orders.id, orderNo: orders.orderNo, shippedAt: orders.shippedAt })
      .from(orders)
      .where(
        and(
          eq(orders.companyId, viewer.companyId),
          isNotNull(orders.shippedAt),
          gte(orders.shippedAt, from),
          // The note is printed from the shipment; an order marked shipped without one has none.
          exists(
            db
              .select({ one: sql`1` })
              .from(shipments)
              .where(eq(shipments.orderId, orders.id)),
          ),
        ),
      )
      .orderBy(desc(orders.shippedAt), desc(orders.id))
      .limit(PAPERS_MAX_NOTES),
  ]);
  const withService = (company[0]?.url ?? '') !== '';
  const batches = withService ? await withReports(db, await receivedBatches(db, viewer, from)) : [];
  const delivery_notes = shipped.map((o) => ({
    order_id: o.id,
    order_no: o.orderNo,
    shipped_at: o.shippedAt!.toISOString(),
    href: deliveryNotePath(o.id),
  }));
  const keep = [
    CONTRACT_VIEW_PATH,
    ...(contract.pdf_url ? [contract.pdf_url] : []),
    ...batches.flatMap((b) => b.reports.map((r) => r.file_url)),
    ...delivery_notes.map((n) => n.href),
  ];
  return { contract: { view: CONTRACT_VIEW_PATH, pdf: contract.pdf_url }, batches, delivery_notes, keep };
}

/** Batches delivered to the company since `from` (order line's batch, or its shipment's), with reports. */
async function receivedBatches(
  db: Db,
  viewer: { companyId: number; isSpecial: boolean },
  from: Date,
): Promise<BatchRow[]> {
  return rowsOf<BatchRow>(
    await db.execute(sql`
      WITH delivered AS (
        SELECT DISTINCT ol.goods_id, coalesce(sl.batch_no, ol.batch_no) AS batch_no
        FROM orders o
        JOIN order_lines ol ON ol.order_id = o.id
        LEFT JOIN shipments s ON s.order_id = o.id
        LEFT JOIN LATERAL (
          SELECT l->>'batch_no' AS batch_no FROM jsonb_array_elements(s.lines) l
          WHERE (l->>'order_line_id')::int = ol.id AND coalesce(l->>'batch_no', '') <> '' LIMIT 1
        ) sl ON true
        WHERE o.company_id = ${viewer.companyId} AND o.shipped_at IS NOT NULL AND o.shipped_at >= ${from.toISOString()}
      )
      SELECT b.id AS "batchId", goods.id AS "goodsId", goods.name, goods.sccj, goods.ypgg, goods.approval_no AS "approvalNo", b.batch_no AS "batchNo",
             b.produced_on::text AS "producedOn", b.expires_on::text AS "expiresOn"
      FROM delivered d
      JOIN goods_batches b ON b.goods_id = d.goods_id AND b.batch_no = d.batch_no
      JOIN goods ON goods.id = b.goods_id
      WHERE ${visible(viewer.isSpecial)} AND EXISTS (SELECT 1 FROM inspection_reports r WHERE r.batch_id = b.id)
      ORDER BY goods.name, b.batch_no
      LIMIT ${PAPERS_MAX_BATCHES}`),
  );
}
