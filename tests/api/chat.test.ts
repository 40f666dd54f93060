// The buyer's side of the customer-service chat (issue 19, SPEC §6): the chat frame's token
// (forged, expired, another member's: refused, never a conversation), message ownership (a member
// reads and writes only their own conversation, sees only their own images), cards, image limits,
// bad input, the live stream with delivery marks, read marks and the side bar's unread count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember } from '../helpers/accounts.ts';
import { operatorSignIn } from '../helpers/operators.ts';
import { readSse } from '../helpers/sse.ts';
import { chatConversations, chatMessages, goods, orders, users } from '../../server/db/schema.ts';
import { chatToken } from '../../server/services/chat/token.ts';
import type { ChatHistory, ChatMessage } from '../../src/domain/chat.ts';

let t: TestApp;
let demo: { userId: number; companyId: number; token: string; cookie: string };
let other: { userId: number; companyId: number; token: string };
let support: string;
let goodsId: number;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const SSE = { headers: { accept: 'text/event-stream' } };
const q = (username: string, token: string) =>
  `username=${encodeURIComponent(username)}&token=${encodeURIComponent(token)}`;
const as = (who: 'demo' | 'other') => (who === 'demo' ? q('demo', demo.token) : q('chatother', other.token));

beforeAll(async () => {
  t = await createTestApp({ seed: 40 });
  const cookie = await t.signIn('demo', 'demo1234');
  const base = await t.call('GET', '/api/user/base', { cookie });
  const [u] = await t.db.select().from(users).where(eq(users.username, 'demo'));
  demo = { userId: u.id, companyId: u.companyId!, token: base.body.data.token as string, cookie };
  const m = await createMember(t.db, { username: 'chatother', company: { isCanChat: true } });
  other = { userId: m.userId, companyId: m.companyId!, token: chatToken(m.userId, t.clock.now()) };
  support = await operatorSignIn(t, 'support');
  [{ id: goodsId }] = await t.db.select({ id: goods.id }).from(goods).where(eq(goods.isOnSale, true)).limit(1);
});

afterAll(async () => {
  await t.close();
});

const send = (who: 'demo' | 'other', body: Record<string, string | number>) =>
  t.call('POST', `/api/kf/messages?${as(who)}`, { body });

describe('the chat token', () => {
  it('the user base token opens the frame page and the seeded history', async () => {
    const page = await t.app.request(`/kf/chat?${as('demo')}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/kf/chat.js');
    expect(html).toContain('广州市康宁大药房有限公司');
    const h = await t.call<ChatHistory>('GET', `/api/kf/history?${as('demo')}`);
    expect(h.status).toBe(200);
    expect(h.body.data.messages.map((m) => m.body)).toContain('你好，想问一下这个品种近期有没有货？');
    expect(h.body.data.messages.some((m) => m.kind === 'goods' && m.card?.type === 'goods')).toBe(true);
    expect(h.body.data.conversation).toBeNull();
  });

  it('a forged, expired or another member’s token is refused with the Chinese refusal, page and API alike', async () => {
    const [id, exp, sig] = demo.token.split('.');
    const forgedSig = `${id}.${exp}.${sig.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`;
    const longerLife = `${id}.${Number(exp) + 86_400}.${sig}`;
    const otherUser = `${other.userId}.${exp}.${sig}`;
    for (const bad of [
      q('demo', forgedSig),
      q('demo', longerLife),
      q('demo', otherUser),
      q('demo', other.token), // a real token, of another member
      q('chatother', demo.token),
      q('demo', ''),
      'username=demo',
      q('demo', 'x'.repeat(5000)),
    ]) {
      const res = await t.call('GET', `/api/kf/history?${bad}`);
      expect(res.status, bad).toBe(401);
      expect(res.body.code).toBe(10001);
      expect(res.body.msg).toContain('客服会话凭证无效或已过期');
      const page = await t.app.request(`/kf/chat?${bad}`);
      expect(page.status).toBe(401);
      const html = await page.text();
      expect(html).toContain('无法打开在线客服');
      expect(html).not.toContain('kf/chat.js');
    }
    const stream = await t.app.request(`/api/kf/stream?${q('demo', forgedSig)}`, SSE);
    expect(stream.status).toBe(401);
  });

  it('expires: 12 hours after it was minted the same token is refused', async () => {
    const token = chatToken(demo.userId, t.clock.now());
    expect((await t.call('GET', `/api/kf/history?${q('demo', token)}`)).status).toBe(200);
    t.clock.advance(12 * 3_600_000 + 1_000);
    try {
      const res = await t.call('GET', `/api/kf/history?${q('demo', token)}`);
      expect(res.status).toBe(401);
    } finally {
      t.clock.advance(-(12 * 3_600_000 + 1_000));
    }
  });

  it('a company without is_can_chat gets 403, not a conversation', async () => {
    const m = await createMember(t.db, { username: 'nochat', company: { isCanChat: false } });
    const token = chatToken(m.userId, t.clock.now());
    const res = await t.call('POST', `/api/kf/messages?${q('nochat', token)}`, {
      body: { kind: 'text', content: '你好' },
    });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('贵公司尚未开通在线客服，请通过QQ联系我们');
    expect((await t.app.request(`/kf/chat?${q('nochat', token)}`)).status).toBe(403);
    expect(await t.db.select().from(chatConversations).where(eq(chatConversations.userId, m.userId))).toHaveLength(0);
  });
});

describe('messages', () => {
  it('the first message opens one waiting conversation; the next ones join it', async () => {
    const a = await send('demo', { kind: 'text', content: '  请问今天能发货吗？ ' });
    expect(a.status, a.body.msg).toBe(200);
    expect(a.body.data).toMatchObject({
      sender: 'buyer',
      kind: 'text',
      body: '请问今天能发货吗？',
      delivered: false,
      read: false,
    });
    const b = await send('demo', { kind: 'goods', goods_id: goodsId });
    expect(b.body.data.card).toMatchObject({ type: 'goods', id: goodsId });
    expect(b.body.data.conversation_id).toBe(a.body.data.conversation_id);
    const live = await t.db
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.userId, demo.userId), ne(chatConversations.status, 'closed')));
    expect(live).toHaveLength(1);
    expect(live[0].status).toBe('waiting');
  });

  it('an order card is built from the member’s own order; another company’s order is not found', async () => {
    const [own] = await t.db.select().from(orders).where(eq(orders.companyId, demo.companyId)).limit(1);
    const ok = await send('demo', { kind: 'order', order_id: own.id });
    expect(ok.status).toBe(200);
    expect(ok.body.data.card).toMatchObject({ type: 'order', sn: own.orderNo });
    const theirs = await send('other', { kind: 'order', order_id: own.id });
    expect(theirs.status).toBe(404);
    expect(theirs.body.msg).toBe('订单不存在');
  });

  it('refuses bad input with 422 field messages', async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ kind: 'text', content: '   ' }, 'content', '请输入消息内容'],
      [{ kind: 'text', content: '长'.repeat(501) }, 'content', '消息最多500个字'],
      [{ kind: 'video', content: 'x' }, 'kind', '消息类型无效'],
      [{ kind: 'goods', goods_id: 'abc' }, 'goods_id', '商品编号无效'],
      [{ kind: 'order', order_id: -1 }, 'order_id', '订单编号无效'],
    ];
    for (const [body, field, msg] of cases) {
      const res = await send('demo', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.data.errors[field]).toContain(msg);
    }
    expect((await send('demo', { kind: 'goods', goods_id: 99_999_999 })).status).toBe(404);
  });

  it('a member never sees another member’s lines, and cannot reach their images', async () => {
    await send('other', { kind: 'text', content: '其他药房的问题' });
    const mine = await t.call<ChatHistory>('GET', `/api/kf/history?${as('demo')}`);
    expect(mine.body.data.messages.map((m) => m.body)).not.toContain('其他药房的问题');
    const theirs = await t.call<ChatHistory>('GET', `/api/kf/history?${as('other')}`);
    expect(theirs.body.data.messages.map((m) => m.body)).toEqual(['其他药房的问题']);

    const form = new FormData();
    form.append('image', new File([PNG], 'a.png', { type: 'image/png' }));
    const img = await t.call<ChatMessage>('POST', `/api/kf/images?${as('demo')}`, { form });
    expect(img.status, img.body.msg).toBe(200);
    expect(img.body.data.image_url).toMatch(/^\/api\/kf\/image\/\d+$/);
    const own = await t.app.request(`${img.body.data.image_url}?${as('demo')}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PNG);
    const foreign = await t.app.request(`${img.body.data.image_url}?${as('other')}`);
    expect(foreign.status).toBe(404);
    const anonymous = await t.app.request(img.body.data.image_url!);
    expect(anonymous.status).toBe(401);
  });

  it('images keep the shop’s upload limits: type by content, 5 MB, one at a time', async () => {
    const post = (parts: [string, File][]) => {
      const form = new FormData();
      for (const [k, f] of parts) form.append(k, f);
      return t.call('POST', `/api/kf/images?${as('demo')}`, { form });
    };
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await post([['image', new File([big], 'big.png')]]);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.data.errors.image[0]).toBe('单张图片不能超过5MB');
    const html = await post([['image', new File(['<html><script>alert(1)</script>'], 'x.png', { type: 'image/png' })]]);
    expect(html.status).toBe(422);
    expect(html.body.data.errors.image[0]).toBe('图片仅支持JPG、PNG、WEBP格式');
    const two = await post([
      ['image', new File([PNG], 'a.png')],
      ['image', new File([PNG], 'b.png')],
    ]);
    expect(two.status).toBe(422);
    const none = await t.call('POST', `/api/kf/images?${as('demo')}`, { body: {} });
    expect(none.status).toBe(422);
    expect(none.body.data.errors.image[0]).toBe('请选择图片');
  });
});

describe('live stream, delivery and read marks', () => {
  it('an agent’s reply reaches the member’s stream (and only theirs), is marked delivered, then read; the badge counts it', async () => {
    const demoStream = readSse(await t.app.request(`/api/kf/stream?${as('demo')}`, SSE));
    const otherStream = readSse(await t.app.request(`/api/kf/stream?${as('other')}`, SSE));
    try {
      await demoStream.nextOf('ready');
      await otherStream.nextOf('ready');
      const [conv] = await t.db
        .select()
        .from(chatConversations)
        .where(and(eq(chatConversations.userId, demo.userId), ne(chatConversations.status, 'closed')));
      const reply = await t.call('POST', `/api/admin/chat/conversations/${conv.id}/messages`, {
        json: { content: '您好，今天下午发货' },
        cookie: support,
      });
      expect(reply.status, reply.body.msg).toBe(200);
      // The take notice, then the reply, both on demo's stream.
      const seen: ChatMessage[] = [];
      while (!seen.some((m) => m.body === '您好，今天下午发货'))
        seen.push(JSON.parse((await demoStream.nextOf('message')).data) as ChatMessage);
      expect(seen.map((m) => m.sender)).toEqual(['system', 'agent']);
      expect(seen[1].agent_name).toBeTruthy();
      // other's stream: its own next line comes first, so the reply was never sent to it.
      const mine = await send('other', { kind: 'text', content: '我的新问题' });
      const first = JSON.parse((await otherStream.nextOf('message')).data) as ChatMessage;
      expect(first.id).toBe(mine.body.data.id);

      const unread = await t.call('GET', '/api/kf/unread', { cookie: demo.cookie });
      expect(unread.body.data.count).toBeGreaterThanOrEqual(1);
      const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, seen[1].id));
      expect(row.readAt).toBeNull();
      // Delivery is marked after the write to the socket; the history read marks it too.
      await t.call('GET', `/api/kf/history?${as('demo')}`);
      const [delivered] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, seen[1].id));
      expect(delivered.deliveredAt).not.toBeNull();
      expect((await t.call('POST', `/api/kf/read?${as('demo')}`)).status).toBe(200);
      expect((await t.call('GET', '/api/kf/unread', { cookie: demo.cookie })).body.data.count).toBe(0);
      const [read] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, seen[1].id));
      expect(read.readAt).not.toBeNull();
    } finally {
      await demoStream.close();
      await otherStream.close();
    }
  });

  it('reconnecting with ?after= replays only the lines after the cursor', async () => {
    const h = await t.call<ChatHistory>('GET', `/api/kf/history?${as('demo')}`);
    const last = h.body.data.messages[h.body.data.messages.length - 1].id;
    const missed = await send('demo', { kind: 'text', content: '断线期间发的' });
    const s = readSse(await t.app.request(`/api/kf/stream?${as('demo')}&after=${last}`, SSE));
    try {
      await s.nextOf('ready');
      const m = JSON.parse((await s.nextOf('message')).data) as ChatMessage;
      expect(m.id).toBe(missed.body.data.id);
    } finally {
      await s.close();
    }
    expect((await t.call('GET', `/api/kf/stream?${as('demo')}&after=abc`, { headers: SSE.headers })).status).toBe(422);
    // A plain fetch would wait on the body forever: it is told to use an event stream.
    expect((await t.call('GET', `/api/kf/stream?${as('demo')}`)).status).toBe(406);
  });

  it('the unread badge needs a session', async () => {
    expect((await t.call('GET', '/api/kf/unread')).status).toBe(401);
  });
});
