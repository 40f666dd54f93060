// /api/admin/chat: the customer-service chat's agent side for 客服 (and 管理员): conversations,
// their lines and live stream, the buyer beside one, sending text/cards/images, take, transfer, close.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { notFound, ok, validationError } from '../../http/envelope.ts';
import { objectId } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import { requireOperator } from '../../auth/staff-session.ts';
import { chatStream } from '../../http/chat-stream.ts';
import { chatHub } from '../../services/chat/hub.ts';
import { imageResponse, IMAGE_NOT_FOUND } from '../chat.ts';
import {
  agentSend,
  buyerContext,
  closeConversation,
  conversationLines,
  CONVERSATION_NOT_FOUND,
  findConversation,
  listAgents,
  listConversations,
  markReadByAgent,
  takeConversation,
  transferConversation,
  type Agent,
} from '../../services/admin/chat.ts';
import { markDelivered, toChatMessage } from '../../services/chat/messages.ts';
import { checkPhotos, loadUpload, storePhotos } from '../../services/after-sales/photos.ts';
import { MAX_UPLOAD_BYTES } from '../../services/uploads.ts';
import { withTx } from '../../db/tx.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import { CHAT_TEXT_MAX, CHAT_CANNED_REPLIES } from '@domain/chat.ts';

const agentOf = (c: Context<AppEnv>): Agent => ({ ...actorOf(c), role: requireOperator(c).role });
const conversationId = (c: Context<AppEnv>) => objectId(c.req.param('id') ?? '', CONVERSATION_NOT_FOUND);
const chat = allow(CONSOLE_ACCESS.chat);

const listSchema = z.object({
  status: z.enum(['waiting', 'open', 'mine', 'closed'], { error: '会话状态无效' }).optional(),
});
const textSchema = z.object({
  content: z
    .string({ error: '请输入消息内容' })
    .trim()
    .min(1, { error: '请输入消息内容' })
    .max(CHAT_TEXT_MAX, { error: `消息最多${CHAT_TEXT_MAX}个字` }),
});
const transferSchema = z.object({
  staff_id: z.coerce
    .number({ error: '请选择要转接的客服' })
    .int({ error: '请选择要转接的客服' })
    .min(1, { error: '请选择要转接的客服' })
    .max(2_147_483_647, { error: '请选择要转接的客服' }),
});

export const adminChatRoutes = new Hono<AppEnv>();

adminChatRoutes.get('/conversations', chat, async (c) => {
  const q = readQuery(c, listSchema);
  return ok(c, await listConversations(c.get('deps').db, requireOperator(c).staffId, q.status ?? 'waiting'));
});

adminChatRoutes.get('/agents', chat, async (c) =>
  ok(c, { agents: await listAgents(c.get('deps').db), canned: CHAT_CANNED_REPLIES }),
);

/** Every chat line as it is written, for the console's lists and the open conversation. */
adminChatRoutes.get('/stream', chat, async (c) => {
  const { db, clock } = c.get('deps');
  return chatStream(c, {
    hub: chatHub(db),
    wants: () => true,
    toMessage: (line) => toChatMessage(line.row, line.agentName, '/api/admin/chat/image'),
    fromOtherSide: (m) => m.sender === 'buyer',
    delivered: (ids) => markDelivered(db, ids, clock()),
    catchUp: async () => [],
  });
});

adminChatRoutes.get('/conversations/:id', chat, async (c) => {
  const { db, clock } = c.get('deps');
  return ok(c, await conversationLines(db, conversationId(c), clock()));
});

adminChatRoutes.get('/conversations/:id/context', chat, async (c) =>
  ok(c, await buyerContext(c.get('deps').db, conversationId(c))),
);

adminChatRoutes.post('/conversations/:id/messages', chat, async (c) => {
  const id = conversationId(c);
  const input = readInput(c, textSchema);
  const { db, clock } = c.get('deps');
  const agent = agentOf(c);
  const row = await agentSend(db, agent, id, { kind: 'text', body: input.content }, clock());
  return ok(c, toChatMessage(row, agent.name, '/api/admin/chat/image'), '已发送');
});

adminChatRoutes.post('/conversations/:id/images', chat, async (c) => {
  const id = conversationId(c);
  const body = (c.get('body') ?? {}) as Record<string, unknown>;
  if (body.image === undefined) throw validationError({ image: ['请选择图片'] });
  const [photo] = await checkPhotos(body.image, { maxCount: 1, maxBytes: MAX_UPLOAD_BYTES }, 'image');
  if (!photo) throw validationError({ image: ['请选择图片'] });
  const { db, clock } = c.get('deps');
  const agent = agentOf(c);
  const now = clock();
  const row = await withTx(db, async (tx) => {
    // The image belongs to the buyer's company, like the buyer's own: the frame serves it to them.
    const conv = await findConversation(tx, id);
    const [uploadId] = await storePhotos(tx, conv.companyId, 'chat', [photo], now);
    return agentSend(tx, agent, id, { kind: 'image', uploadId }, now);
  });
  return ok(c, toChatMessage(row, agent.name, '/api/admin/chat/image'), '已发送');
});

adminChatRoutes.post('/conversations/:id/read', chat, async (c) => {
  const { db, clock } = c.get('deps');
  await markReadByAgent(db, conversationId(c), clock());
  return ok(c, null);
});

adminChatRoutes.post('/conversations/:id/take', chat, async (c) => {
  const { db, clock } = c.get('deps');
  await takeConversation(db, agentOf(c), conversationId(c), clock());
  return ok(c, null, '已接入会话');
});

adminChatRoutes.post('/conversations/:id/transfer', chat, async (c) => {
  const id = conversationId(c);
  const input = readInput(c, transferSchema);
  const { db, clock } = c.get('deps');
  await transferConversation(db, agentOf(c), id, input.staff_id, clock());
  return ok(c, null, '会话已转接');
});

adminChatRoutes.post('/conversations/:id/close', chat, async (c) => {
  const { db, clock } = c.get('deps');
  await closeConversation(db, agentOf(c), conversationId(c), clock());
  return ok(c, null, '会话已结束');
});

adminChatRoutes.get('/image/:id', chat, async (c) => {
  const id = objectId(c.req.param('id'), IMAGE_NOT_FOUND);
  const file = await loadUpload(c.get('deps').db, id);
  if (!file || file.purpose !== 'chat') throw notFound(IMAGE_NOT_FOUND);
  return imageResponse(c, file);
});
