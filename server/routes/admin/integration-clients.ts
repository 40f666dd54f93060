// /api/admin/integration-clients: a 管理员's ERP integration clients (对接凭证, issue 34 §1): the
// list, creating one (its secret shown once), rotating its secret with an overlap window, revoking
// it, and its latest calls. Each change is in the audit log.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { blank, intParam, objectId } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import {
  CLIENT_NOT_FOUND,
  clientCalls,
  createClient,
  listClients,
  revokeClient,
  rotateSecret,
} from '../../services/integration/clients.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import {
  INTEGRATION_SCOPES,
  ROTATION_OVERLAP_DEFAULT_MINUTES,
  ROTATION_OVERLAP_MAX_MINUTES,
} from '@domain/integration.ts';

const oneOrMany = (v: unknown) => (typeof v === 'string' ? [v] : v);

const createSchema = z.object({
  name: z.string({ error: '请填写名称' }).trim().min(1, { error: '请填写名称' }).max(40, { error: '名称最多40个字' }),
  scopes: z.preprocess(
    oneOrMany,
    z
      .array(z.enum(INTEGRATION_SCOPES, { error: '权限无效' }), { error: '请选择权限' })
      .min(1, { error: '请至少选择一项权限' }),
  ),
  note: z.preprocess((v) => v ?? '', z.string({ error: '备注无效' }).trim().max(200, { error: '备注最多200个字' })),
});

const rotateSchema = z.object({
  overlap_minutes: z.preprocess(
    (v) => (blank(v) === undefined ? String(ROTATION_OVERLAP_DEFAULT_MINUTES) : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: '旧密钥保留时间无效' })
      .regex(/^\d{1,6}$/, { error: '旧密钥保留时间须为整数分钟' })
      .transform(Number)
      .refine((n) => n <= ROTATION_OVERLAP_MAX_MINUTES, {
        error: `旧密钥最多保留${ROTATION_OVERLAP_MAX_MINUTES}分钟（7天）`,
      }),
  ),
});

const callsQuery = z.object({ limit: intParam('条数无效', 1, 200) });

export const adminIntegrationClientRoutes = new Hono<AppEnv>();

adminIntegrationClientRoutes.get('/', allow(CONSOLE_ACCESS.integrationClients), async (c) => {
  const { db, clock } = c.get('deps');
  return ok(c, await listClients(db, clock()));
});

adminIntegrationClientRoutes.post('/', allow(CONSOLE_ACCESS.integrationClients), async (c) => {
  const v = readInput(c, createSchema);
  const { db, clock } = c.get('deps');
  return ok(c, await createClient(db, actorOf(c), v, clock()), '对接凭证已创建，请立即保存密钥');
});

adminIntegrationClientRoutes.post('/:id/rotate', allow(CONSOLE_ACCESS.integrationClients), async (c) => {
  const id = objectId(c.req.param('id'), CLIENT_NOT_FOUND);
  const v = readInput(c, rotateSchema);
  const { db, clock } = c.get('deps');
  return ok(c, await rotateSecret(db, actorOf(c), id, v.overlap_minutes, clock()), '已生成新密钥，请立即保存');
});

adminIntegrationClientRoutes.post('/:id/revoke', allow(CONSOLE_ACCESS.integrationClients), async (c) => {
  const id = objectId(c.req.param('id'), CLIENT_NOT_FOUND);
  const { db, clock } = c.get('deps');
  return ok(c, await revokeClient(db, actorOf(c), id, clock()), '对接凭证已停用');
});

adminIntegrationClientRoutes.get('/:id/calls', allow(CONSOLE_ACCESS.integrationClients), async (c) => {
  const id = objectId(c.req.param('id'), CLIENT_NOT_FOUND);
  const q = readQuery(c, callsQuery);
  return ok(c, await clientCalls(c.get('deps').db, id, q.limit ?? 50));
});
