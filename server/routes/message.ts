// /api/user/message (我的消息, /wdxx): the company's messages by kind and read state, and marking
// them read. Messages are written by server events (server/services/messages).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { blank, flagField, pageParams, parseIdList, type IdListRule } from '../http/params.ts';
import { requireCompany } from '../auth/session.ts';
import { listMessages, markRead } from '../services/messages/inbox.ts';
import { MESSAGE_KINDS, MESSAGE_PAGE_SIZE, MESSAGE_READ_FILTERS, MESSAGE_READ_MAX_IDS } from '@domain/messages.ts';

const listQuery = z.object({
  ...pageParams,
  kind: z.preprocess(blank, z.enum(MESSAGE_KINDS, { error: '消息类型无效' }).optional()),
  status: z.preprocess(blank, z.enum(MESSAGE_READ_FILTERS, { error: '阅读状态无效' }).optional()),
});

const readBody = z.object({
  ids: z.unknown().optional(),
  all: flagField('参数all无效').optional(),
});

const readIds: IdListRule = {
  empty: '请选择消息',
  tooMany: `一次最多标记${MESSAGE_READ_MAX_IDS}条消息`,
  invalid: '消息编号无效',
  max: MESSAGE_READ_MAX_IDS,
};

export const messageRoutes = new Hono<AppEnv>();

messageRoutes.get('/message', async (c) => {
  const user = requireCompany(c);
  const q = readQuery(c, listQuery);
  const page = await listMessages(c.get('deps').db, user.companyId, {
    kind: q.kind,
    status: q.status ?? 'all',
    page: q.page ?? 1,
    pageSize: q.page_size ?? MESSAGE_PAGE_SIZE,
  });
  return ok(c, page);
});

/** Body `ids` (a list) marks those; `all=1` marks every unread message of the company. */
messageRoutes.post('/message/read', async (c) => {
  const user = requireCompany(c);
  const input = readInput(c, readBody);
  const ids = input.all === true ? 'all' : parseIdList(input.ids, 'ids', readIds);
  const { db, clock } = c.get('deps');
  return ok(c, await markRead(db, user.companyId, ids, clock()), '已标记为已读');
});
