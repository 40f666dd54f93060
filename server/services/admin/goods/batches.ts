// A goods' batches (批号 with 生产日期 and 效期) and the inspection reports (药检报告) filed under
// them; the buyer's /jybg finds them by goods name, 批准文号 or batch number. Each addition
// writes its audit row in its own transaction.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { goods, goodsBatches, inspectionReports } from '../../../db/schema.ts';
import { notFound, validationError } from '../../../http/envelope.ts';
import { noteCatalogueChange } from '../../catalogue/changes.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { GOODS_NOT_FOUND } from './detail.ts';

export const BATCH_NOT_FOUND = '批次不存在';

export interface NewBatch {
  batchNo: string;
  producedOn: string | null;
  expiresOn: string;
}

export async function addGoodsBatch(
  db: Db,
  actor: Actor,
  goodsId: number,
  input: NewBatch,
  now: Date,
): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const [g] = await tx.select({ id: goods.id }).from(goods).where(eq(goods.id, goodsId)).limit(1);
    if (!g) throw notFound(GOODS_NOT_FOUND);
    const [row] = await tx
      .insert(goodsBatches)
      .values({
        goodsId,
        batchNo: input.batchNo,
        producedOn: input.producedOn,
        expiresOn: input.expiresOn,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: goodsBatches.id });
    if (!row) throw validationError({ batch_no: ['该批号已存在'] });
    await writeAudit(
      tx,
      actor,
      {
        action: 'goods.batch.add',
        targetType: 'goods',
        targetId: goodsId,
        after: {
          batch_id: row.id,
          batch_no: input.batchNo,
          produced_on: input.producedOn,
          expires_on: input.expiresOn,
        },
      },
      now,
    );
    await noteCatalogueChange(tx, [goodsId], 'batches', now);
    return { id: row.id };
  });
}

export interface NewReport {
  title: string;
  reportNo: string;
  issuer: string;
  issuedOn: string | null;
  fileName: string;
  mime: string;
  content: Uint8Array;
}

export async function addInspectionReport(
  db: Db,
  actor: Actor,
  goodsId: number,
  batchId: number,
  input: NewReport,
  now: Date,
): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const [b] = await tx
      .select({ id: goodsBatches.id, batchNo: goodsBatches.batchNo })
      .from(goodsBatches)
      .where(and(eq(goodsBatches.id, batchId), eq(goodsBatches.goodsId, goodsId)))
      .limit(1);
    if (!b) throw notFound(BATCH_NOT_FOUND);
    const [row] = await tx
      .insert(inspectionReports)
      .values({
        batchId,
        title: input.title,
        reportNo: input.reportNo,
        issuer: input.issuer,
        issuedOn: input.issuedOn,
        fileName: input.fileName,
        mime: input.mime,
        size: input.content.byteLength,
        content: input.content,
        createdAt: now,
      })
      .returning({ id: inspectionReports.id });
    await writeAudit(
      tx,
      actor,
      {
        action: 'goods.report.add',
        targetType: 'goods',
        targetId: goodsId,
        after: {
          report_id: row.id,
          batch_no: b.batchNo,
          title: input.title,
          file_name: input.fileName,
          size: input.content.byteLength,
        },
      },
      now,
    );
    await noteCatalogueChange(tx, [goodsId], 'batches', now);
    return { id: row.id };
  });
}
