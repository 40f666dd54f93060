// /api/admin/operators and /api/admin/audit: the admin's own area.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { blank, ID_MAX, intParam, objectId, pageParams, PAGE_SIZE_DEFAULT } from '../../http/params.ts';
import { readQuery } from '../../http/validate.ts';
import { listOperators, OPERATOR_NOT_FOUND, requireTotp, resetTotp } from '../../services/admin/operators.ts';
import { searchAudit } from '../../services/admin/audit.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';

const DATE_MSG = '日期格式应为YYYY-MM-DD';
const day = z.preprocess(
  blank,
  z
    .string({ error: DATE_MSG })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_MSG })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00+08:00`)), { error: DATE_MSG })
    .optional(),
);

const auditQuery = z.object({
  q: z.preprocess(blank, z.string({ error: '搜索词无效' }).trim().max(50, { error: '搜索词最多50个字' }).optional()),
  staff_id: intParam('操作人无效', 1, ID_MAX),
  action: z.preprocess(
    blank,
    z
      .string({ error: '操作类型无效' })
      .regex(/^[a-z_.]{1,40}$/, { error: '操作类型无效' })
      .optional(),
  ),
  target_type: z.preprocess(
    blank,
    z
      .string({ error: '对象类型无效' })
      .regex(/^[a-z_]{1,20}$/, { error: '对象类型无效' })
      .optional(),
  ),
  target_id: intParam('对象编号无效', 1, ID_MAX),
  /** Shanghai days, inclusive. */
  from: day,
  to: day,
  ...pageParams,
});

const DAY_MS = 24 * 60 * 60 * 1000;
const shanghaiDay = (s: string) => new Date(`${s}T00:00:00+08:00`);

const operatorId = (raw: string) => objectId(raw, OPERATOR_NOT_FOUND);

export const adminOperatorRoutes = new Hono<AppEnv>();

adminOperatorRoutes.get('/operators', allow(CONSOLE_ACCESS.operators), async (c) => {
  return ok(c, await listOperators(c.get('deps').db));
});

adminOperatorRoutes.post('/operators/:id/totp', allow(CONSOLE_ACCESS.operators), async (c) => {
  const id = operatorId(c.req.param('id'));
  const { db, clock } = c.get('deps');
  return ok(c, await requireTotp(db, actorOf(c), id, clock()), '已要求动态验证码，请让该账号扫码绑定');
});

adminOperatorRoutes.post('/operators/:id/totp/reset', allow(CONSOLE_ACCESS.operators), async (c) => {
  const id = operatorId(c.req.param('id'));
  const { db, clock } = c.get('deps');
  await resetTotp(db, actorOf(c), id, clock());
  return ok(c, null, '已重置动态验证码');
});

adminOperatorRoutes.get('/audit', allow(CONSOLE_ACCESS.operators), async (c) => {
  const q = readQuery(c, auditQuery);
  return ok(
    c,
    await searchAudit(c.get('deps').db, {
      q: q.q || undefined,
      staffId: q.staff_id,
      action: q.action,
      targetType: q.target_type,
      targetId: q.target_id,
      from: q.from ? shanghaiDay(q.from) : undefined,
      to: q.to ? new Date(shanghaiDay(q.to).getTime() + DAY_MS) : undefined,
      page: q.page ?? 1,
      size: q.page_size ?? PAGE_SIZE_DEFAULT,
    }),
  );
});
