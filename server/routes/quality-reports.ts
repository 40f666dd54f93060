// /api/jybg: quality inspection reports (药检报告) by goods name, 批准文号 or batch number, and their files.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readQuery } from '../http/validate.ts';
import { requireCompany } from '../auth/session.ts';
import { objectId, pageParams } from '../http/params.ts';
import { requiredText } from '@domain/validators.ts';
import { REPORT_KEYWORDS_MAX, REPORT_PAGE_SIZE } from '@domain/quality-reports.ts';
import { viewerOf } from '../services/price-visibility.ts';
import {
  REPORT_NOT_FOUND,
  assertInspectionService,
  inspectionReportFile,
  searchInspectionReports,
} from '../services/quality-reports/search.ts';
import { fileResponse } from '../http/file-response.ts';

const filterQuery = z.object({
  keywords: requiredText(
    '请输入商品名称、批准文号或批号',
    REPORT_KEYWORDS_MAX,
    `关键词最多${REPORT_KEYWORDS_MAX}个字符`,
  ),
  ...pageParams,
});

export const qualityReportRoutes = new Hono<AppEnv>();

qualityReportRoutes.get('/filter', async (c) => {
  const user = requireCompany(c);
  const { db } = c.get('deps');
  await assertInspectionService(db, user.companyId);
  const q = readQuery(c, filterQuery);
  const viewer = await viewerOf(c);
  return ok(c, await searchInspectionReports(db, viewer, q.keywords, q.page ?? 1, q.page_size ?? REPORT_PAGE_SIZE));
});

qualityReportRoutes.get('/report/:id', async (c) => {
  const user = requireCompany(c);
  const { db } = c.get('deps');
  await assertInspectionService(db, user.companyId);
  const id = objectId(c.req.param('id'), REPORT_NOT_FOUND);
  return fileResponse(c, await inspectionReportFile(db, await viewerOf(c), id));
});
