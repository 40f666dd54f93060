// Who am I (a signed call that checks the ERP's signing and clock) and the bootstrap that creates
// the first client without the console (docs/integration-api.md "Bootstrap").
import { timingSafeEqual, createHash } from 'node:crypto';
import { z } from 'zod';
import { withTx } from '../../db/tx.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { insertClient } from '../../services/integration/clients.ts';
import { integrationRefusal } from '../../services/integration/authenticate.ts';
import { INTEGRATION_SCOPES } from '@domain/integration.ts';
import { defineRoute } from './define.ts';

const scopeList = z
  .array(z.enum(INTEGRATION_SCOPES, { error: '权限（scope）无效' }))
  .min(1, { error: '至少选择一项权限' });

const whoAmI = z.object({
  name: z.string(),
  key_id: z.string(),
  scopes: z.array(z.string()),
  server_time: z.number().int().describe('服务器时间，Unix 秒：签名时间戳应与之相差不超过300秒'),
});

const bootstrapBody = z.object({
  name: z.string({ error: '请填写名称' }).trim().min(1, { error: '请填写名称' }).max(40, { error: '名称最多40个字' }),
  scopes: scopeList.optional().describe('缺省为全部权限'),
});

const credentials = z.object({
  key_id: z.string(),
  secret: z.string().describe('密钥，仅此一次返回，请妥善保存'),
  scopes: z.array(z.string()),
});

export const BOOTSTRAP_HEADER = 'X-Bootstrap-Token';

const digest = (s: string) => createHash('sha256').update(s).digest();

export const metaRoutes = [
  defineRoute({
    method: 'GET',
    path: '/me',
    scope: null,
    operationId: 'whoAmI',
    tag: '接口说明',
    summary: '当前对接凭证与服务器时间（用于检查签名与时钟）',
    response: whoAmI,
    handler: async (c) => {
      const caller = c.get('integration')!.caller!;
      return {
        name: caller.name,
        key_id: caller.keyId,
        scopes: [...caller.scopes],
        server_time: Math.floor(c.get('deps').clock().getTime() / 1000),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/bootstrap',
    scope: null,
    auth: 'none',
    operationId: 'bootstrapClient',
    tag: '接口说明',
    summary: '用初始化令牌创建第一个对接凭证（无需签名）',
    description:
      `服务器设置了 INTEGRATION_BOOTSTRAP_TOKEN 时可用：请求头 ${BOOTSTRAP_HEADER} 带该令牌，创建一个对接凭证并返回密钥ID和密钥（仅此一次）。` +
      '同一时间只能有一个由初始化创建的有效凭证；在运营后台停用它之后才能再次初始化。未设置令牌时返回404。',
    body: bootstrapBody,
    response: credentials,
    handler: async (c, { body }) => {
      const { db, clock, config } = c.get('deps');
      const token = config.integrationBootstrapToken ?? '';
      if (token.length < 32) throw integrationRefusal(404, 'bootstrap_unavailable');
      const sent = c.req.header(BOOTSTRAP_HEADER) ?? '';
      if (!timingSafeEqual(digest(sent), digest(token))) throw integrationRefusal(401, 'bootstrap_refused');
      try {
        const created = await withTx(db, (tx) =>
          insertClient(
            tx,
            { name: body.name, scopes: body.scopes ?? [...INTEGRATION_SCOPES], note: '初始化令牌创建' },
            null,
            clock(),
            true,
          ),
        );
        return { key_id: created.key_id, secret: created.secret, scopes: created.client.scopes };
      } catch (err) {
        if (isUniqueViolation(err)) throw integrationRefusal(409, 'bootstrap_spent');
        throw err;
      }
    },
  }),
];
