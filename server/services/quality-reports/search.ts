// Finding inspection reports (GET /api/jybg/filter) and serving their files. A goods the member
// may not see (off sale, 控销 without entitlement) has no reports for it either, so ids and batch
// numbers cannot be probed; the member's company must have the quality-inspection service (the
// same condition under which GET /api/user/base gives it a link instead of the message).
import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, goods, goodsBatches, inspectionReports } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/envelope.ts';
import type { InspectionBatch, InspectionSearchResult } from '@domain/quality-reports.ts';
import { escapeLike } from '../../db/like.ts';
import { QUALITY_INSPECTION_FALLBACK_MSG } from '../account/user-base.ts';

export const REPORT_NOT_FOUND = '报告不存在';

export const reportFileUrl = (id: number): string => `/api/jybg/report/${id}`;

/** 403 with the configured message when the company has no quality-inspection service. */
export async function assertInspectionService(db: Db, companyId: number): Promise<void> {
  const [row] = await db
    .select({ url: companies.qualityInspectionUrl })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row || row.url === '') throw new AppError(403, 403, QUALITY_INSPECTION_FALLBACK_MSG);
}

/** The reports' metadata (not their files) for these batches, oldest first. */
export async function reportsOfBatches(db: Db, batchIds: number[]) {
  if (batchIds.length === 0) return [];
  return db
    .select({
      id: inspectionReports.id,
      batchId: inspectionReports.batchId,
      title: inspectionReports.title,
      reportNo: inspectionReports.reportNo,
      issuer: inspectionReports.issuer,
      issuedOn: inspectionReports.issuedOn,
      fileName: inspectionReports.fileName,
      mime: inspectionReports.mime,
      size: inspectionReports.size,
    })
    .from(inspectionReports)
    .where(inArray(inspectionReports.batchId, batchIds))
    .orderBy(asc(inspectionReports.id));
}

/** The goods whose reports a buyer may open: on sale, and 控销 only for a special buyer (also the papers kept offline). */
export const visible = (isSpecial: boolean) =>
  and(eq(goods.isOnSale, true), isSpecial ? undefined : eq(goods.isKx, false));

export async function searchInspectionReports(
  db: Db,
  viewer: { isSpecial: boolean },
  keywords: string,
  page: number,
  pageSize: number,
): Promise<InspectionSearchResult> {
  const like = `%${escapeLike(keywords)}%`;
  const where = and(
    visible(viewer.isSpecial),
    or(
      ilike(goods.name, like),
      ilike(goods.commonName, like),
      ilike(goods.approvalNo, like),
      ilike(goodsBatches.batchNo, like),
    ),
  );
  const [{ n }] = await db
    .select({ n: count() })
    .from(goodsBatches)
    .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
    .where(where);
  const rows = await db
    .select({
      batchId: goodsBatches.id,
      goodsId: goods.id,
      name: goods.name,
      sccj: goods.sccj,
      ypgg: goods.ypgg,
      approvalNo: goods.approvalNo,
      batchNo: goodsBatches.batchNo,
      producedOn: goodsBatches.producedOn,
      expiresOn: goodsBatches.expiresOn,
    })
    .from(goodsBatches)
    .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
    .where(where)
    .orderBy(desc(goods.salesCount), asc(goods.id), desc(goodsBatches.producedOn), desc(goodsBatches.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const list = await withReports(db, rows);
  return { list, total: n, page, page_size: pageSize };
}

/** A batch as the search and the papers kept offline read it. */
export interface BatchRow {
  batchId: number;
  goodsId: number;
  name: string;
  sccj: string;
  ypgg: string;
  approvalNo: string;
  batchNo: string;
  producedOn: string | null;
  expiresOn: string | null;
}

/** The batches with their reports' metadata and file addresses (the /jybg rows). */
export async function withReports(db: Db, rows: readonly BatchRow[]): Promise<InspectionBatch[]> {
  const reports = await reportsOfBatches(
    db,
    rows.map((r) => r.batchId),
  );
  return rows.map((r) => ({
    batch_id: r.batchId,
    goods_id: r.goodsId,
    goods_name: r.name,
    sccj: r.sccj,
    ypgg: r.ypgg,
    approval_no: r.approvalNo,
    batch_no: r.batchNo,
    produced_on: r.producedOn,
    expires_on: r.expiresOn,
    reports: reports
      .filter((f) => f.batchId === r.batchId)
      .map((f) => ({
        id: f.id,
        title: f.title,
        report_no: f.reportNo,
        issuer: f.issuer,
        issued_on: f.issuedOn,
        file_name: f.fileName,
        mime: f.mime,
        size: f.size,
        file_url: reportFileUrl(f.id),
      })),
  }));
}

/** A report's file, when its goods is one the viewer may see. */
export async function inspectionReportFile(db: Db, viewer: { isSpecial: boolean }, id: number) {
  const [row] = await db
    .select({ fileName: inspectionReports.fileName, mime: inspectionReports.mime, content: inspectionReports.content })
    .from(inspectionReports)
    .innerJoin(goodsBatches, eq(goodsBatches.id, inspectionReports.batchId))
    .innerJoin(goods, eq(goods.id, goodsBatches.goodsId))
    .where(and(eq(inspectionReports.id, id), visible(viewer.isSpecial)))
    .limit(1);
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return row;
}
