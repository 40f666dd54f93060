// /api/admin/me/password and /api/admin/me/totp/*: any signed-in operator's own account.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { readInput } from '../../http/validate.ts';
import { requireOperator } from '../../auth/staff-session.ts';
import { OPERATOR_PASSWORD_MIN } from '../../services/admin/operators.ts';
import { changeOwnPassword, confirmTotpEnrolment, startTotpEnrolment } from '../../services/admin/own-account.ts';
import { enrolling, signedIn } from './access.ts';
import { actorOf } from './actor.ts';

const PASSWORD_MAX = 100;
const passwordSchema = z.object({
  current_password: z
    .string({ error: '请输入当前密码' })
    .min(1, { error: '请输入当前密码' })
    .max(PASSWORD_MAX, { error: '密码过长' }),
  new_password: z
    .string({ error: '请输入新密码' })
    .min(OPERATOR_PASSWORD_MIN, { error: `新密码至少${OPERATOR_PASSWORD_MIN}位` })
    .max(PASSWORD_MAX, { error: `新密码最多${PASSWORD_MAX}位` }),
});

const codeSchema = z.object({
  code: z.string({ error: '请输入6位动态验证码' }).regex(/^\d{6}$/, { error: '请输入6位动态验证码' }),
});

export const adminOwnAccountRoutes = new Hono<AppEnv>();

adminOwnAccountRoutes.post('/password', signedIn, async (c) => {
  const v = readInput(c, passwordSchema);
  const { db, clock } = c.get('deps');
  const result = await changeOwnPassword(
    db,
    actorOf(c),
    requireOperator(c).sessionId,
    { current: v.current_password, next: v.new_password },
    clock(),
  );
  return ok(c, result, '密码已修改，其他设备上的登录已退出');
});

adminOwnAccountRoutes.post('/totp/start', enrolling, async (c) => {
  return ok(
    c,
    await startTotpEnrolment(c.get('deps').db, requireOperator(c).staffId),
    '请用身份验证器扫码，并输入显示的验证码',
  );
});

adminOwnAccountRoutes.post('/totp/confirm', enrolling, async (c) => {
  const { code } = readInput(c, codeSchema);
  const { db, clock } = c.get('deps');
  return ok(
    c,
    await confirmTotpEnrolment(db, actorOf(c), requireOperator(c).sessionId, code, clock()),
    '动态验证码已启用',
  );
});
