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
import { enrolling, open } from './access.ts';
import type { AdminLoginAnswer, SignedInOperator } from '@domain/admin.ts';

const loginSchema = z.object({
  username: z
    .string({ error: '请输入用户名' })
    .trim()
    .min(1, { error: '请输入用户名' })
    .max(40, { error: '用户名过长' }),
  password: z.string({ error: '请输入密码' }).min(1, { error: '请输入密码' }).max(100, { error: '密码过长' }),
  totp: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: '请输入6位动态验证码' })
      .regex(/^\d{6}$/, { error: '请输入6位动态验证码' })
      .optional(),
  ),
});

export const adminAuthRoutes = new Hono<AppEnv>();

adminAuthRoutes.post('/login', open, async (c) => {
  const input = readInput(c, loginSchema);
  const { db, clock, config } = c.get('deps');
  const now = clock();
  const ip = clientIp(c);
  const result = await signInOperator(db, input, ip, now);
  if (result.kind === 'totp-required') {
    return ok<AdminLoginAnswer>(c, { operator: null, totp_required: true }, '请输入动态验证码');
  }
  await createStaffSession(c, result.operator.id);
  await writeAudit(
    db,
    { staffId: result.operator.id, name: result.operator.name, ip },
    { action: 'operator.login', targetType: 'staff', targetId: result.operator.id },
    now,
  );
  // Production: every operator signs in with TOTP; one without it gets a session that can only enrol.
  const mustEnrol = !config.demo && !result.operator.totp_enabled;
  return ok<AdminLoginAnswer>(
    c,
    { operator: { ...result.operator, totp_enrolment_required: mustEnrol }, totp_required: false },
    mustEnrol ? '请先开启动态验证码' : '登录成功',
  );
});

adminAuthRoutes.post('/logout', enrolling, async (c) => {
  await destroyStaffSession(c);
  return ok(c, null, '已退出');
});

adminAuthRoutes.get('/me', enrolling, (c) => {
  const op = requireOperator(c);
  const me: SignedInOperator = {
    id: op.staffId,
    username: op.username,
    name: op.name,
    role: op.role,
    totp_enabled: op.totpEnabled,
    totp_enrolment_required: op.enrolmentOnly,
  };
  return ok(c, me);
});
