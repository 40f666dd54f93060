// /api/admin/login, /logout, /me: the operator's own session.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { readInput } from '../../http/validate.ts';
import { clientIp } from '../../http/client-ip.ts';
import { createStaffSession, destroyStaffSession, requireOperator } from '../../auth/staff-session.ts';
import { signInOperator } from '../../services/admin/operators.ts';
import { writeAudit } from '../../services/admin/audit.ts';
import { open, signedIn } from './access.ts';
import type { AdminLoginAnswer, Operator } from '@domain/admin.ts';

const loginSchema = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, { error: '请输入用户名' }).max(40, { error: '用户名过长' }),
  password: z.string({ error: '请输入密码' }).min(1, { error: '请输入密码' }).max(100, { error: '密码过长' }),
  totp: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string({ error: '请输入6位动态验证码' }).regex(/^\d{6}$/, { error: '请输入6位动态验证码' }).optional(),
  ),
});

export const adminAuthRoutes = new Hono<AppEnv>();

adminAuthRoutes.post('/login', open, async (c) => {
  const input = readInput(c, loginSchema);
  const { db, clock } = c.get('deps');
  const now = clock();
  const ip = clientIp(c);
  const result = await signInOperator(db, input, ip, now);
  if (result.kind === 'totp-required') {
    return ok<AdminLoginAnswer>(c, { operator: null, totp_required: true }, '请输入动态验证码');
  }
  await createStaffSession(c, result.operator.id);
  await writeAudit(db, { staffId: result.operator.id, name: result.operator.name, ip }, { action: 'operator.login', targetType: 'staff', targetId: result.operator.id }, now);
  return ok<AdminLoginAnswer>(c, { operator: result.operator, totp_required: false }, '登录成功');
});

adminAuthRoutes.post('/logout', signedIn, async (c) => {
  await destroyStaffSession(c);
  return ok(c, null, '已退出');
});

adminAuthRoutes.get('/me', signedIn, (c) => {
  const op = requireOperator(c);
  const me: Operator = { id: op.staffId, username: op.username, name: op.name, role: op.role, totp_enabled: op.totpEnabled };
  return ok(c, me);
});
