// /api/admin/companies: the list, one company with its files, the review decision and settings.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { blank, flagField, idField, objectId, pageParams, PAGE_SIZE_DEFAULT } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import {
  approveCompany,
  COMPANY_NOT_FOUND,
  COMPANY_SORTS,
  companyDetail,
  listCompanies,
  qualificationFile,
  rejectCompany,
  updateCompanySettings,
} from '../../services/admin/companies.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import { BUSINESS_SCOPE_CODES, type ScopeClass } from '@domain/business-scope.ts';
import { COMPANY_RANK_MAX, COMPANY_RANK_MIN, REJECT_REASON_MAX } from '@domain/admin.ts';

const listQuery = z.object({
  q: z.preprocess(blank, z.string({ error: '搜索词无效' }).trim().max(50, { error: '搜索词最多50个字' }).optional()),
  status: z.preprocess(
    blank,
    z.enum(['draft', 'pending', 'approved', 'rejected'], { error: '审核状态无效' }).optional(),
  ),
  renewal: z.preprocess(blank, z.enum(['0', '1'], { error: '筛选条件无效' }).optional()),
  sort: z.preprocess(blank, z.enum(COMPANY_SORTS, { error: '排序字段无效' }).optional()),
  order: z.preprocess(blank, z.enum(['asc', 'desc'], { error: '排序方向无效' }).optional()),
  ...pageParams,
});

const rejectSchema = z.object({
  reason: z
    .string({ error: '请填写驳回原因' })
    .trim()
    .min(2, { error: '驳回原因至少2个字' })
    .max(REJECT_REASON_MAX, { error: `驳回原因最多${REJECT_REASON_MAX}个字` }),
});

const optionalStaffId = (msg: string) =>
  z
    .union([z.null(), z.literal(''), z.literal('0'), z.literal(0), idField(msg)], { error: msg })
    .transform((v) => (typeof v === 'number' && v > 0 ? v : null));

const SCOPE_MSG = '经营范围无效';
const settingsSchema = z.object({
  rank: z.coerce
    .number({ error: '会员等级无效' })
    .int({ error: '会员等级无效' })
    .min(COMPANY_RANK_MIN, { error: `会员等级须在${COMPANY_RANK_MIN}-${COMPANY_RANK_MAX}之间` })
    .max(COMPANY_RANK_MAX, { error: `会员等级须在${COMPANY_RANK_MIN}-${COMPANY_RANK_MAX}之间` }),
  account_manager_id: optionalStaffId('客户经理无效'),
  salesperson_id: optionalStaffId('业务员无效'),
  is_special: flagField('控销资格无效'),
  is_show_youx: flagField('优选显示无效'),
  is_can_chat: flagField('在线咨询开关无效'),
  is_after_sale: flagField('售后开关无效'),
  // A form cannot send an empty list, so '' or a missing field means "no scope".
  business_scope: z.preprocess(
    (v) => (v === undefined || v === '' ? [] : v),
    z
      .array(z.string({ error: SCOPE_MSG }), { error: SCOPE_MSG })
      .max(BUSINESS_SCOPE_CODES.length, { error: SCOPE_MSG })
      .refine((codes) => codes.every((code) => BUSINESS_SCOPE_CODES.includes(code)), { error: SCOPE_MSG })
      .transform((codes) => [...new Set(codes)] as ScopeClass[]),
  ),
});

const companyId = (raw: string) => objectId(raw, COMPANY_NOT_FOUND);

/** Only these open inline in the console; anything else downloads, so no upload runs as a page. */
const INLINE_MIMES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf']);

export const adminCompanyRoutes = new Hono<AppEnv>();

adminCompanyRoutes.get('/', allow(CONSOLE_ACCESS.companiesRead), async (c) => {
  const q = readQuery(c, listQuery);
  return ok(
    c,
    await listCompanies(c.get('deps').db, {
      q: q.q || undefined,
      status: q.status,
      renewal: q.renewal === '1',
      sort: q.sort ?? 'id',
      order: q.order ?? 'desc',
      page: q.page ?? 1,
      size: q.page_size ?? PAGE_SIZE_DEFAULT,
    }),
  );
});

adminCompanyRoutes.get('/:id', allow(CONSOLE_ACCESS.companiesRead), async (c) => {
  return ok(c, await companyDetail(c.get('deps').db, companyId(c.req.param('id'))));
});

adminCompanyRoutes.get('/:id/files/:fileId', allow(CONSOLE_ACCESS.companiesRead), async (c) => {
  const file = await qualificationFile(
    c.get('deps').db,
    companyId(c.req.param('id')),
    objectId(c.req.param('fileId'), '文件不存在'),
  );
  const inline = INLINE_MIMES.has(file.mime);
  const name = encodeURIComponent(file.fileName);
  return c.body(Uint8Array.from(file.content), 200, {
    'Content-Type': inline ? file.mime : 'application/octet-stream',
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  });
});

adminCompanyRoutes.post('/:id/approve', allow(CONSOLE_ACCESS.companiesReview), async (c) => {
  const id = companyId(c.req.param('id'));
  const { db, clock } = c.get('deps');
  return ok(c, await approveCompany(db, actorOf(c), id, clock()), '已审核通过');
});

adminCompanyRoutes.post('/:id/reject', allow(CONSOLE_ACCESS.companiesReview), async (c) => {
  const id = companyId(c.req.param('id'));
  const { reason } = readInput(c, rejectSchema);
  const { db, clock } = c.get('deps');
  return ok(c, await rejectCompany(db, actorOf(c), id, reason, clock()), '已驳回');
});

adminCompanyRoutes.post('/:id/settings', allow(CONSOLE_ACCESS.companiesReview), async (c) => {
  const id = companyId(c.req.param('id'));
  const input = readInput(c, settingsSchema);
  const { db, clock } = c.get('deps');
  return ok(c, await updateCompanySettings(db, actorOf(c), id, input, clock()), '保存成功');
});
