// /api/admin/operators (POST) and /api/admin/operators/{id}/settings: an admin adds operator
// accounts, changes their role and stops or restarts them.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { blank, flagField, objectId } from '../../http/params.ts';
import { readInput } from '../../http/validate.ts';
import { OPERATOR_NOT_FOUND, OPERATOR_PASSWORD_MIN, OPERATOR_USERNAME } from '../../services/admin/operators.ts';
import { addOperator, updateOperator } from '../../services/admin/operator-accounts.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS, OPERATOR_ROLES } from '@domain/operator-roles.ts';

const role = z.enum(OPERATOR_ROLES, { error: '请选择角色' });

const createSchema = z.object({
  username: z
    .string({ error: '请填写用户名' })
    .trim()
    .regex(OPERATOR_USERNAME, { error: '用户名为3-40位小写字母、数字或 _ . -，以字母开头' }),
  name: z.string({ error: '请填写姓名' }).trim().min(1, { error: '请填写姓名' }).max(20, { error: '姓名最多20个字' }),
  phone: z.preprocess(
    blank,
    z
      .string({ error: '手机号格式不正确' })
      .trim()
      .regex(/^1\d{10}$/, { error: '手机号格式不正确' })
      .optional(),
  ),
  role,
  password: z
    .string({ error: '请填写初始密码' })
    .min(OPERATOR_PASSWORD_MIN, { error: `初始密码至少${OPERATOR_PASSWORD_MIN}位` })
    .max(100, { error: '初始密码最多100位' }),
  totp: z.preprocess((v) => (v === undefined ? false : v), flagField('动态验证码选项无效')),
});

const settingsSchema = z.object({ role, disabled: flagField('账号状态无效') });

export const adminOperatorAccountRoutes = new Hono<AppEnv>();

adminOperatorAccountRoutes.post('/operators', allow(CONSOLE_ACCESS.operators), async (c) => {
  const v = readInput(c, createSchema);
  const { db, clock } = c.get('deps');
  const created = await addOperator(
    db,
    actorOf(c),
    { username: v.username, name: v.name, phone: v.phone ?? '', role: v.role, password: v.password, totp: v.totp },
    clock(),
  );
  return ok(c, created, '运营账号已创建');
});

adminOperatorAccountRoutes.post('/operators/:id/settings', allow(CONSOLE_ACCESS.operators), async (c) => {
  const id = objectId(c.req.param('id'), OPERATOR_NOT_FOUND);
  const v = readInput(c, settingsSchema);
  const { db, clock } = c.get('deps');
  return ok(c, await updateOperator(db, actorOf(c), id, v, clock()), '已保存');
});
