// The buyer's side of the customer-service chat, /api/kf (SPEC §6; docs/api.md "Customer-service
// chat"). The chat frame authenticates every call with `username` and `token` (query string, or
// the body of a POST), never the session cookie: the frame may be served from another origin.
// GET /api/kf/unread is the shell's side-bar badge and uses the ordinary session.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { AppEnv } from '../env.ts';
import { ok, notFound, validationError } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { objectId } from '../http/params.ts';
import { requireUser } from '../auth/session.ts';
import { chatConversations, chatMessages } from '../db/schema.ts';
import { requireChatMember, type ChatMember } from '../services/chat/member.ts';
import {
  appendLine,
  liveConversation,
  markDelivered,
  markReadByMember,
  memberHistory,
  memberUnread,
  serialize,
  toChatMessage,
} from '../services/chat/messages.ts';
import { goodsCard, orderCard } from '../services/chat/cards.ts';
import { checkPhotos, loadUpload, storePhotos } from '../services/after-sales/photos.ts';
import { MAX_UPLOAD_BYTES } from '../services/uploads.ts';
import { chatStream } from '../http/chat-stream.ts';
import { chatHub } from '../services/chat/hub.ts';
import { CHAT_TEXT_MAX } from '@domain/chat.ts';
import { withTx } from '../db/tx.ts';

export const IMAGE_NOT_FOUND = '图片不存在';

const cursor = (field: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: `${field}无效` })
      .int({ error: `${field}无效` })
      .min(0, { error: `${field}无效` })
      .max(2_147_483_647, { error: `${field}无效` })
      .optional(),
  );

const idOf = (msg: string) =>
  z.coerce.number({ error: msg }).int({ error: msg }).min(1, { error: msg }).max(2_147_483_647, { error: msg });

const sendSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('text'),
      content: z
        .string({ error: '请输入消息内容' })
        .trim()
        .min(1, { error: '请输入消息内容' })
        .max(CHAT_TEXT_MAX, { error: `消息最多${CHAT_TEXT_MAX}个字` }),
    }),
    z.object({ kind: z.literal('goods'), goods_id: idOf('商品编号无效') }),
    z.object({ kind: z.literal('order'), order_id: idOf('订单编号无效') }),
  ],
  { error: '消息类型无效' },
);

function credential(c: Context<AppEnv>, name: 'username' | 'token'): unknown {
  const q = c.get('query') as Record<string, unknown> | undefined;
  const b = c.get('body') as Record<string, unknown> | undefined;
  return q?.[name] ?? b?.[name];
}

function member(c: Context<AppEnv>): Promise<ChatMember> {
  const { db, clock } = c.get('deps');
  return requireChatMember(db, credential(c, 'username'), credential(c, 'token'), clock());
}

export const chatRoutes = new Hono<AppEnv>();

chatRoutes.get('/history', async (c) => {
  const m = await member(c);
  const q = readQuery(c, z.object({ before: cursor('分页位置') }));
  const { db, clock } = c.get('deps');
  return ok(c, await memberHistory(db, m.userId, q.before || undefined, clock()));
});

chatRoutes.get('/stream', async (c) => {
  const m = await member(c);
  const q = readQuery(c, z.object({ after: cursor('消息位置') }));
  const { db, clock } = c.get('deps');
  const after = q.after;
  return chatStream(c, {
    hub: chatHub(db),
    wants: (line) => line.userId === m.userId,
    toMessage: (line) => toChatMessage(line.row, line.agentName, '/api/kf/image'),
    fromOtherSide: (msg) => msg.sender === 'agent',
    delivered: (ids) => markDelivered(db, ids, clock()),
    catchUp: async () => {
      // Only with a cursor (0 included: an empty history): otherwise the client loads GET /history.
      if (after === undefined) return [];
      const mine = db
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(eq(chatConversations.userId, m.userId));
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(inArray(chatMessages.conversationId, mine), gt(chatMessages.id, after)))
        .orderBy(chatMessages.id)
        .limit(200);
      return serialize(db, rows, '/api/kf/image');
    },
  });
});

chatRoutes.post('/messages', async (c) => {
  const m = await member(c);
  const input = readInput(c, sendSchema);
  const { db, clock } = c.get('deps');
  const now = clock();
  const line =
    input.kind === 'text'
      ? { kind: 'text' as const, body: input.content }
      : input.kind === 'goods'
        ? { kind: 'goods' as const, card: await goodsCard(db, input.goods_id, m.pricesVisible) }
        : { kind: 'order' as const, card: await orderCard(db, input.order_id, m.companyId) };
  const conversation = await liveConversation(db, m, now);
  const row = await appendLine(db, conversation.id, 'buyer', null, line, now);
  return ok(c, toChatMessage(row, null, '/api/kf/image'), '已发送');
});

chatRoutes.post('/images', async (c) => {
  const m = await member(c);
  const body = (c.get('body') ?? {}) as Record<string, unknown>;
  if (body.image === undefined) throw validationError({ image: ['请选择图片'] });
  const [photo] = await checkPhotos(body.image, { maxCount: 1, maxBytes: MAX_UPLOAD_BYTES }, 'image');
  if (!photo) throw validationError({ image: ['请选择图片'] });
  const { db, clock } = c.get('deps');
  const now = clock();
  const row = await withTx(db, async (tx) => {
    const [uploadId] = await storePhotos(tx, m.companyId, 'chat', [photo], now);
    const conversation = await liveConversation(tx, m, now);
    return appendLine(tx, conversation.id, 'buyer', null, { kind: 'image', uploadId }, now);
  });
  return ok(c, toChatMessage(row, null, '/api/kf/image'), '已发送');
});

chatRoutes.post('/read', async (c) => {
  const m = await member(c);
  const { db, clock } = c.get('deps');
  await markReadByMember(db, m.userId, clock());
  return ok(c, null);
});

/** An image of the member's own conversations (their company's chat uploads). */
chatRoutes.get('/image/:id', async (c) => {
  const m = await member(c);
  const id = objectId(c.req.param('id'), IMAGE_NOT_FOUND);
  const file = await loadUpload(c.get('deps').db, id);
  if (!file || file.companyId !== m.companyId || file.purpose !== 'chat') throw notFound(IMAGE_NOT_FOUND);
  return imageResponse(c, file);
});

export function imageResponse(c: Context<AppEnv>, file: { mime: string; content: Uint8Array }): Response {
  return c.body(new Uint8Array(file.content), 200, {
    'Content-Type': file.mime,
    'Content-Length': String(file.content.byteLength),
    'Cache-Control': 'private, max-age=86400',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'",
  });
}

/** The side bar's badge (session cookie, not the chat token). */
chatRoutes.get('/unread', async (c) => {
  const user = requireUser(c);
  return ok(c, { count: await memberUnread(c.get('deps').db, user.userId) });
});
