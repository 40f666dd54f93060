// /api/admin/chat (issue 19): 客服 and 管理员 answer the chat. Waiting and open lists, the buyer
// beside a conversation, take / transfer / close with their audit rows and the notices the buyer
// sees, who may write where, bad input, other roles 403 and a buyer's session 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorSignIn, roleOperator } from '../helpers/operators.ts';
import { auditLog, chatConversations, staff, users } from '../../server/db/schema.ts';
import { chatToken } from '../../server/services/chat/token.ts';
import type { ChatBuyerContext, ChatConversationRow, ChatHistory } from '../../src/domain/chat.ts';

let t: TestApp;
let support: string;
let admin: string;
let finance: string;
let buyer: string;
let adminId: number;
let supportId: number;
let demoQuery: string;

beforeAll(async () => {
  t = await createTestApp({ seed: 40 });
  support = await operatorSignIn(t, 'support');
  const a = await roleOperator(t, 'admin');
  admin = a.cookie;
  adminId = a.actor.staffId;
  finance = await operatorSignIn(t, 'finance');
  buyer = await t.signIn('demo', 'demo1234');
  [{ id: supportId }] = await t.db.select({ id: staff.id }).from(staff).where(eq(staff.username, 'support'));
  const [demo] = await t.db.select().from(users).where(eq(users.username, 'demo'));
  demoQuery = `username=demo&token=${chatToken(demo.id, t.clock.now())}`;
});

afterAll(async () => {
  await t.close();
});

const list = (cookie: string, status: string) =>
  t.call<ChatConversationRow[]>('GET', `/api/admin/chat/conversations?status=${status}`, { cookie });
const audits = (action: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, id)));

describe('/api/admin/chat', () => {
  it('lists the seeded waiting conversation with its company and last line', async () => {
    const res = await list(support, 'waiting');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      company_name: '湖北同济堂连锁药房有限公司',
      username: 'chain',
      last_message: '请问门店订单可以合并发货吗？',
      unread: 1,
      status: 'waiting',
    });
    expect((await list(support, 'closed')).body.data.some((c) => c.username === 'demo')).toBe(true);
    expect((await list(support, 'everything')).status).toBe(422);
  });

  it('shows the buyer beside the conversation: company, recent orders, cart', async () => {
    await t.call('POST', `/api/kf/messages?${demoQuery}`, { body: { kind: 'text', content: '客服在吗' } });
    const [conv] = await t.db.select().from(chatConversations).where(eq(chatConversations.status, 'waiting'));
    const waiting = (await list(support, 'waiting')).body.data;
    const demoRow = waiting.find((c) => c.username === 'demo')!;
    const ctx = await t.call<ChatBuyerContext>('GET', `/api/admin/chat/conversations/${demoRow.id}/context`, {
      cookie: support,
    });
    expect(ctx.status).toBe(200);
    expect(ctx.body.data.company.name).toBe('广州市康宁大药房有限公司');
    expect(ctx.body.data.orders.length).toBeGreaterThan(0);
    expect(ctx.body.data.orders[0].sn).toBeTruthy();
    expect(Array.isArray(ctx.body.data.cart)).toBe(true);
    expect(conv).toBeDefined();
  });

  it('take → transfer → close: each writes its audit row and a notice the buyer sees; after close the buyer starts a new one', async () => {
    const demoRow = (await list(support, 'waiting')).body.data.find((c) => c.username === 'demo')!;
    const id = demoRow.id;
    const take = await t.call('POST', `/api/admin/chat/conversations/${id}/take`, { cookie: support });
    expect(take.status, take.body.msg).toBe(200);
    expect(await audits('chat.take', id)).toHaveLength(1);
    expect((await t.call('POST', `/api/admin/chat/conversations/${id}/take`, { cookie: admin })).status).toBe(409);
    expect((await list(support, 'mine')).body.data.map((c) => c.id)).toContain(id);

    // Reading marks the buyer's lines read.
    const lines = await t.call<ChatHistory>('GET', `/api/admin/chat/conversations/${id}`, { cookie: support });
    expect(lines.body.data.messages.map((m) => m.body)).toContain('客服在吗');
    await t.call('POST', `/api/admin/chat/conversations/${id}/read`, { cookie: support });
    expect((await list(support, 'open')).body.data.find((c) => c.id === id)?.unread).toBe(0);

    const badTarget = await t.call('POST', `/api/admin/chat/conversations/${id}/transfer`, {
      json: { staff_id: 999999 },
      cookie: support,
    });
    expect(badTarget.status).toBe(422);
    expect(badTarget.body.data.errors.staff_id[0]).toBe('请选择要转接的客服');
    const [financeRow] = await t.db.select({ id: staff.id }).from(staff).where(eq(staff.username, 'finance'));
    expect(
      (
        await t.call('POST', `/api/admin/chat/conversations/${id}/transfer`, {
          json: { staff_id: financeRow.id },
          cookie: support,
        })
      ).status,
    ).toBe(422);
    const moved = await t.call('POST', `/api/admin/chat/conversations/${id}/transfer`, {
      json: { staff_id: adminId },
      cookie: support,
    });
    expect(moved.status, moved.body.msg).toBe(200);
    const [audit] = await audits('chat.transfer', id);
    expect(audit.after).toMatchObject({ agent_id: adminId });
    expect(audit.before).toMatchObject({ agent_id: supportId });

    // Now the admin's: support may no longer write or close it.
    const notYours = await t.call('POST', `/api/admin/chat/conversations/${id}/messages`, {
      json: { content: '还是我' },
      cookie: support,
    });
    expect(notYours.status).toBe(403);
    expect((await t.call('POST', `/api/admin/chat/conversations/${id}/close`, { cookie: support })).status).toBe(403);
    const reply = await t.call('POST', `/api/admin/chat/conversations/${id}/messages`, {
      json: { content: '您好，我来为您处理' },
      cookie: admin,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ sender: 'agent', body: '您好，我来为您处理' });

    const closed = await t.call('POST', `/api/admin/chat/conversations/${id}/close`, { cookie: admin });
    expect(closed.status).toBe(200);
    expect(await audits('chat.close', id)).toHaveLength(1);
    expect((await t.call('POST', `/api/admin/chat/conversations/${id}/close`, { cookie: admin })).status).toBe(409);
    expect(
      (
        await t.call('POST', `/api/admin/chat/conversations/${id}/messages`, {
          json: { content: '晚了' },
          cookie: admin,
        })
      ).status,
    ).toBe(409);

    const history = await t.call<ChatHistory>('GET', `/api/kf/history?${demoQuery}`);
    const notices = history.body.data.messages.filter((m) => m.sender === 'system').map((m) => m.body);
    expect(notices).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^客服.+为您服务$/),
        expect.stringMatching(/^已为您转接客服/),
        '本次会话已结束，如有问题可随时再次咨询',
      ]),
    );
    const again = await t.call('POST', `/api/kf/messages?${demoQuery}`, {
      body: { kind: 'text', content: '再问一个问题' },
    });
    expect(again.body.data.conversation_id).not.toBe(id);
  });

  it('replying to a waiting conversation takes it', async () => {
    const row = (await list(support, 'waiting')).body.data.find((c) => c.username === 'chain')!;
    const res = await t.call('POST', `/api/admin/chat/conversations/${row.id}/messages`, {
      json: { content: '可以的，请稍等' },
      cookie: support,
    });
    expect(res.status).toBe(200);
    const [conv] = await t.db.select().from(chatConversations).where(eq(chatConversations.id, row.id));
    expect(conv).toMatchObject({ status: 'open', agentId: supportId });
  });

  it('refuses bad input and unknown conversations', async () => {
    const row = (await list(support, 'mine')).body.data[0];
    const empty = await t.call('POST', `/api/admin/chat/conversations/${row.id}/messages`, {
      json: { content: '  ' },
      cookie: support,
    });
    expect(empty.status).toBe(422);
    expect(empty.body.data.errors.content[0]).toBe('请输入消息内容');
    expect(
      (
        await t.call('POST', `/api/admin/chat/conversations/${row.id}/messages`, {
          json: { content: 'x'.repeat(501) },
          cookie: support,
        })
      ).status,
    ).toBe(422);
    expect((await t.call('GET', '/api/admin/chat/conversations/999999', { cookie: support })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/chat/conversations/abc', { cookie: support })).status).toBe(404);
    const noImage = await t.call('POST', `/api/admin/chat/conversations/${row.id}/images`, {
      form: new FormData(),
      cookie: support,
    });
    expect(noImage.status).toBe(422);
  });

  it('an agent image is served to the buyer through the frame, and to agents through the console', async () => {
    const row = (await list(support, 'mine')).body.data[0];
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const form = new FormData();
    form.append('image', new File([png], 'p.png'));
    const res = await t.call('POST', `/api/admin/chat/conversations/${row.id}/images`, { form, cookie: support });
    expect(res.status, res.body.msg).toBe(200);
    const uploadId = (res.body.data.image_url as string).split('/').pop();
    expect((await t.app.request(`/api/admin/chat/image/${uploadId}`, { headers: { cookie: support } })).status).toBe(
      200,
    );
    expect((await t.app.request(`/api/admin/chat/image/${uploadId}`, { headers: { cookie: finance } })).status).toBe(
      403,
    );
  });

  it('other roles get 403; a buyer session is not an operator', async () => {
    expect((await list(finance, 'waiting')).status).toBe(403);
    expect((await list(buyer, 'waiting')).status).toBe(401);
    expect(
      (await t.call('GET', '/api/admin/chat/agents', { cookie: support })).body.data.agents.map(
        (a: { id: number }) => a.id,
      ),
    ).toEqual(expect.arrayContaining([supportId, adminId]));
  });
});
