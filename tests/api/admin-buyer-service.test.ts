// /api/admin/product_requests, /feedback, /buyer_messages (issue 18, 客服): lists and filters,
// replies that reach the buyer, 已上架 only with goods on sale, operator-only screenshots, messages
// fanned out to named or all approved companies, one audit row per action, refusals (422/404/403).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorSignIn } from '../helpers/operators.ts';
import { auditLog, companies, goods, messages, productRequests, users } from '../../server/db/schema.ts';
import { createFeedback } from '../../server/services/feedback/feedback.ts';
import type { Paged } from '../../src/domain/admin.ts';
import type { AdminFeedback, AdminProductRequest, SentBuyerMessage } from '../../src/domain/buyer-service.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);

let t: TestApp;
let support: string;
let ops: string;
let finance: string;
let buyer: string;
let demoCompany: number;

const audits = async (action: string, targetId?: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), targetId === undefined ? undefined : eq(auditLog.targetId, targetId)));
const messagesOf = async (companyId: number) =>
  (await t.db.select({ n: count() }).from(messages).where(eq(messages.companyId, companyId)))[0].n;

beforeAll(async () => {
  t = await createTestApp({ seed: 40 });
  support = await operatorSignIn(t, 'support');
  ops = await operatorSignIn(t, 'operations');
  finance = await operatorSignIn(t, 'finance');
  buyer = await t.signIn('demo', 'demo1234');
  const [demo] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'demo'));
  demoCompany = demo.companyId!;
});
afterAll(() => t.close());

describe('/api/admin/product_requests', () => {
  it("lists every company's requests by status and text, with the buyer's company", async () => {
    const pending = await t.call<Paged<AdminProductRequest>>('GET', '/api/admin/product_requests?status=pending', {
      cookie: support,
    });
    expect(pending.status).toBe(200);
    expect(pending.body.data.total).toBeGreaterThanOrEqual(2);
    expect(pending.body.data.list.every((r) => r.status === 'pending' && r.status_text === '待处理')).toBe(true);
    const first = pending.body.data.list[0];
    expect(first.company_id).toBe(demoCompany);
    expect(first.company_name).not.toBe('');
    const found = await t.call<Paged<AdminProductRequest>>(
      'GET',
      `/api/admin/product_requests?q=${encodeURIComponent(first.name)}`,
      { cookie: ops },
    );
    expect(found.body.data.list.map((r) => r.id)).toContain(first.id);
    const none = await t.call<Paged<AdminProductRequest>>('GET', '/api/admin/product_requests?q=没有这种药品名', {
      cookie: support,
    });
    expect(none.body.data.total).toBe(0);
    const bad = await t.call('GET', '/api/admin/product_requests?status=done', { cookie: support });
    expect([bad.status, bad.body.msg]).toEqual([422, '求购状态无效']);
    const one = await t.call<AdminProductRequest>('GET', `/api/admin/product_requests/${first.id}`, {
      cookie: support,
    });
    expect(one.body.data).toMatchObject({ id: first.id, company_id: demoCompany });
    expect((await t.call('GET', '/api/admin/product_requests/999999', { cookie: support })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/product_requests', { cookie: finance })).status).toBe(403);
  });

  it('replies (已回复) and lists goods (已上架): the buyer sees it and gets a message; one audit row each', async () => {
    const [a, b] = (
      await t.db
        .select({ id: productRequests.id })
        .from(productRequests)
        .where(and(eq(productRequests.companyId, demoCompany), eq(productRequests.status, 'pending')))
        .limit(2)
    ).map((r) => r.id);
    const before = await messagesOf(demoCompany);
    const replied = await t.call<AdminProductRequest>('POST', `/api/admin/product_requests/${a}/reply`, {
      cookie: support,
      body: { reply: '已联系厂家，下周到货' },
    });
    expect([replied.status, replied.body.msg]).toEqual([200, '已回复']);
    expect(replied.body.data).toMatchObject({ status: 'replied', reply: '已联系厂家，下周到货', goods_id: null });
    const buyerView = await t.call('GET', `/api/user/buy/${a}`, { cookie: buyer });
    expect(buyerView.body.data).toMatchObject({
      status: 'replied',
      status_text: '已回复',
      reply: '已联系厂家，下周到货',
    });

    const [onSale] = await t.db
      .select({ id: goods.id, name: goods.name })
      .from(goods)
      .where(and(eq(goods.isOnSale, true), eq(goods.isKx, false)))
      .limit(1);
    const listed = await t.call<AdminProductRequest>('POST', `/api/admin/product_requests/${b}/reply`, {
      cookie: ops,
      body: { reply: '已上架，欢迎选购', goods_id: onSale.id },
    });
    expect([listed.status, listed.body.msg]).toEqual([200, '已标记为已上架']);
    expect(listed.body.data).toMatchObject({ status: 'listed', goods_id: onSale.id, goods_name: onSale.name });
    expect(await messagesOf(demoCompany)).toBe(before + 2);
    const [msg] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, demoCompany), eq(messages.link, `/pzqg/info?id=${b}`)));
    expect(msg.title).toBe('求购品种已上架');

    const [replyAudit] = await audits('product_request.reply', a);
    expect(replyAudit).toMatchObject({
      targetType: 'product_request',
      before: { status: 'pending' },
      after: { status: 'replied' },
    });
    expect(await audits('product_request.list', b)).toHaveLength(1);
  });

  it('refuses an empty or long reply, goods that are missing or off sale, and an unknown request, changing nothing', async () => {
    const [r] = await t.db
      .insert(productRequests)
      .values({ companyId: demoCompany, name: '测试求购', createdAt: t.clock.now() })
      .returning({ id: productRequests.id });
    const reply = (body: Record<string, unknown>, id: number | string = r.id) =>
      t.call('POST', `/api/admin/product_requests/${id}/reply`, { cookie: support, body: body as never });
    const auditBefore = (await t.db.select({ n: count() }).from(auditLog))[0].n;
    expect((await reply({ reply: '  ' })).body.msg).toBe('请填写回复内容');
    expect((await reply({ reply: '好'.repeat(501) })).status).toBe(422);
    const missing = await reply({ reply: '已上架', goods_id: 999_999 });
    expect([missing.status, missing.body.msg]).toEqual([422, '商品不存在']);
    const [off] = await t.db.select({ id: goods.id }).from(goods).limit(1);
    await t.db.update(goods).set({ isOnSale: false }).where(eq(goods.id, off.id));
    const offSale = await reply({ reply: '已上架', goods_id: off.id });
    expect([offSale.status, offSale.body.msg]).toEqual([422, '该商品未上架，不能标记为已上架']);
    await t.db.update(goods).set({ isOnSale: true }).where(eq(goods.id, off.id));
    expect((await reply({ reply: '已上架', goods_id: 'abc' })).status).toBe(422);
    expect((await reply({ reply: '好' }, 999_999)).status).toBe(404);
    expect((await reply({ reply: '好' }, 'abc')).status).toBe(404);
    const [row] = await t.db.select().from(productRequests).where(eq(productRequests.id, r.id));
    expect(row.status).toBe('pending');
    expect((await t.db.select({ n: count() }).from(auditLog))[0].n).toBe(auditBefore);
    expect(
      (await t.call('POST', `/api/admin/product_requests/${r.id}/reply`, { cookie: buyer, body: { reply: '好' } })).body
        .code,
    ).toBe(10001);
  });
});

describe('/api/admin/feedback', () => {
  it('lists by category and status, serves the screenshots to operators only, replies with an audit row', async () => {
    const created = await createFeedback(
      t.db,
      demoCompany,
      { category: 'delivery', content: '配送太慢了，三天还没到', contact: '13800000000' },
      [{ mime: 'image/png', content: PNG }],
      t.clock.now(),
    );
    const waiting = await t.call<Paged<AdminFeedback>>('GET', '/api/admin/feedback?status=waiting&category=delivery', {
      cookie: support,
    });
    const item = waiting.body.data.list.find((f) => f.id === created.id)!;
    expect(item).toMatchObject({ status: 'waiting', category_text: expect.any(String), company_id: demoCompany });
    expect(item.photos).toHaveLength(1);
    expect(item.photos[0]).toMatch(/^\/api\/admin\/feedback\/photo\/\d+$/);
    const photo = await t.app.request(item.photos[0], { headers: { cookie: support } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect((await t.call('GET', item.photos[0], { cookie: buyer })).status).toBe(401);
    expect((await t.call('GET', item.photos[0], { cookie: ops })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/feedback/photo/999999', { cookie: support })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/feedback?category=nope', { cookie: support })).body.msg).toBe(
      '反馈类型无效',
    );

    const res = await t.call<AdminFeedback>('POST', `/api/admin/feedback/${created.id}/reply`, {
      cookie: support,
      body: { reply: '已安排加急配送' },
    });
    expect([res.status, res.body.msg]).toEqual([200, '已回复']);
    expect(res.body.data).toMatchObject({ status: 'replied', reply: '已安排加急配送' });
    const mine = await t.call('GET', '/api/user/feedback?page_size=50', { cookie: buyer });
    expect(mine.body.data.list.find((f: { id: number }) => f.id === created.id)).toMatchObject({
      reply: '已安排加急配送',
    });
    expect(await audits('feedback.reply', created.id)).toHaveLength(1);
    const replied = await t.call<Paged<AdminFeedback>>('GET', '/api/admin/feedback?status=replied', {
      cookie: support,
    });
    expect(replied.body.data.list.map((f) => f.id)).toContain(created.id);
    expect(
      (await t.call('POST', `/api/admin/feedback/${created.id}/reply`, { cookie: support, body: { reply: '' } })).body
        .msg,
    ).toBe('请填写回复内容');
    expect(
      (await t.call('POST', '/api/admin/feedback/999999/reply', { cookie: support, body: { reply: '好' } })).status,
    ).toBe(404);
    expect(
      (await t.call('POST', `/api/admin/feedback/${created.id}/reply`, { cookie: ops, body: { reply: '好' } })).status,
    ).toBe(403);
  });
});

describe('/api/admin/buyer_messages', () => {
  const send = (body: Record<string, unknown>, cookie = support) =>
    t.call<{ recipients: number }>('POST', '/api/admin/buyer_messages', { cookie, body: body as never });

  it('sends to named companies: one message each, one audit row, listed as sent', async () => {
    const ids = (await t.db.select({ id: companies.id }).from(companies).limit(2)).map((c) => c.id);
    const before = await Promise.all(ids.map(messagesOf));
    const res = await send({
      target: 'companies',
      company_ids: ids,
      title: '到货提醒',
      body: '您关注的品种已到货',
      link: '/yhq',
    });
    expect([res.status, res.body.msg]).toEqual([200, '已发送给2家企业']);
    expect(res.body.data.recipients).toBe(2);
    expect(await Promise.all(ids.map(messagesOf))).toEqual(before.map((n) => n + 1));
    const [msg] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, ids[0]), eq(messages.title, '到货提醒')));
    expect(msg).toMatchObject({ body: '您关注的品种已到货', link: '/yhq', kind: 'system' });
    const sent = await t.call<Paged<SentBuyerMessage>>('GET', '/api/admin/buyer_messages', { cookie: support });
    expect(sent.body.data.list[0]).toMatchObject({
      target: 'companies',
      company_ids: ids,
      recipients: 2,
      title: '到货提醒',
      link: '/yhq',
    });
  });

  it('a 公告 to all reaches every approved company and no other, in one audit row', async () => {
    const approved = (
      await t.db.select({ n: count() }).from(companies).where(eq(companies.reviewStatus, 'approved'))
    )[0].n;
    const [pendingCo] = await t.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.reviewStatus, 'pending'))
      .limit(1);
    const pendingBefore = await messagesOf(pendingCo.id);
    const auditsBefore = (await audits('buyer_message.send')).length;
    const res = await send({ target: 'all', title: '春节放假公告', body: '2月1日至2月7日暂停发货' });
    expect(res.body.data.recipients).toBe(approved);
    const written = (await t.db.select({ n: count() }).from(messages).where(eq(messages.title, '春节放假公告')))[0].n;
    expect(written).toBe(approved);
    expect(await messagesOf(pendingCo.id)).toBe(pendingBefore);
    expect((await audits('buyer_message.send')).length).toBe(auditsBefore + 1);
    const inbox = await t.call('GET', '/api/user/message', { cookie: buyer });
    expect(inbox.body.data.list[0]).toMatchObject({ title: '春节放假公告', link: null });
  });

  it('refuses empty, oversized and off-site input and unknown companies, writing nothing', async () => {
    const total = async () => (await t.db.select({ n: count() }).from(messages))[0].n;
    const before = await total();
    const field = async (body: Record<string, unknown>) => {
      const r = await send(body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      return r.body.msg;
    };
    expect(await field({ target: 'all', title: '', body: '内容' })).toBe('请填写标题');
    expect(await field({ target: 'all', title: '标题', body: ' ' })).toBe('请填写内容');
    expect(await field({ target: 'all', title: '标'.repeat(51), body: '内容' })).toBe('标题最多50个字');
    expect(await field({ target: 'all', title: '标题', body: '内'.repeat(501) })).toBe('内容最多500个字');
    expect(await field({ target: 'all', title: '标题', body: '内容', link: 'https://evil.example/' })).toBe(
      '链接须为本站路径，如 /yhq',
    );
    expect(await field({ target: 'everyone', title: '标题', body: '内容' })).toBe('请选择接收范围');
    expect(await field({ target: 'companies', title: '标题', body: '内容' })).toBe('请选择接收企业');
    expect(await field({ target: 'companies', company_ids: [999_999], title: '标题', body: '内容' })).toBe(
      '企业不存在：999999',
    );
    expect(
      await field({
        target: 'companies',
        company_ids: Array.from({ length: 101 }, (_, i) => i + 1),
        title: '标题',
        body: '内容',
      }),
    ).toContain('一次最多发给100家企业');
    expect(await total()).toBe(before);
    expect((await send({ target: 'all', title: '标题', body: '内容' }, ops)).status).toBe(403);
    expect((await send({ target: 'all', title: '标题', body: '内容' }, buyer)).body.code).toBe(10001);
  });
});

describe('demo seed', () => {
  it('gives the 客服 screens rows: a feedback screenshot and a 公告 sent by support, read by the buyers', async () => {
    const withPhoto = await t.call<Paged<AdminFeedback>>('GET', '/api/admin/feedback?status=waiting&page_size=100', {
      cookie: support,
    });
    const seeded = withPhoto.body.data.list.find(
      (f) => f.company_id === demoCompany && f.photos.length > 0 && f.content.startsWith('建议快捷采购'),
    );
    expect(seeded).toBeDefined();
    const sent = await t.call<Paged<SentBuyerMessage>>('GET', '/api/admin/buyer_messages?page_size=100', {
      cookie: support,
    });
    const notice = sent.body.data.list.find((m) => m.title === '国庆期间发货安排');
    expect(notice).toMatchObject({ target: 'all', staff_name: expect.any(String) });
    expect(notice!.recipients).toBeGreaterThan(1);
    const [row] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, demoCompany), eq(messages.title, '国庆期间发货安排')));
    expect(row.readAt).not.toBeNull();
  });
});
