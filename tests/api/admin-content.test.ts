// /api/admin/articles and /api/admin/settings (issue 18 part C): 运营 and 管理员 write articles whose
// bodies the server sanitises before storing (no <script>, no on* attribute, no javascript: link
// survives), publish and withdraw them, and change the site settings that drive the server's
// rules — the cart's free-shipping shortfall, a new order's payment window, the 对公转账 account
// shown to buyers — each change with its audit row. Other roles get 403, buyers 401, bad input 422.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { roleOperator, totpOperator } from '../helpers/operators.ts';
import { createShop, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { articleCategories, articles, auditLog, orders } from '../../server/db/schema.ts';
import type { Paged } from '../../src/domain/admin.ts';
import type {
  ConsoleArticle,
  ConsoleArticleCategory,
  ConsoleArticleRow,
  SiteSettingsView,
} from '../../src/domain/admin-content.ts';
import type { ArticleDetail, ArticlePage } from '../../src/domain/articles.ts';
import type { CartState } from '../../src/domain/cart-types.ts';
import type { TransferInfo } from '../../src/domain/orders.ts';
import type { ShopMode } from '../../src/domain/contracts.ts';
import { DEMO_LICENCES } from '../../server/services/shop-front.ts';

let t: TestApp;
let shop: Shop;
let ops: string;
let admin: string;
let finance: string;
/** 管理员 with TOTP: the money settings need a fresh code (docs/decisions/money-settings.md). */
let moneyAdmin: { cookie: string; code: () => string };
let buyer: ShopBuyer;
let leafId: number;
let otherLeafId: number;

const HOSTILE =
  '<h2>配送说明</h2><p>正文保留<script>alert("x")</script></p><img src="x" onerror="alert(1)"><img src="/media/banner/a.svg" onerror="alert(2)">' +
  '<p><a href="javascript:alert(3)">坏链接</a> <a href="https://www.nmpa.gov.cn" onclick="alert(4)">药监局</a> <a href="/help/hyzc">站内</a></p>' +
  '<table><tr><td style="color:red">表格</td></tr></table><iframe src="https://evil.example"></iframe>';

beforeAll(async () => {
  t = await createTestApp({ config: { orderPaymentTtlMinutes: 30 } });
  shop = await createShop(t);
  buyer = await shop.buyer({ balance: 0 });
  ops = (await roleOperator(t, 'operations')).cookie;
  admin = (await roleOperator(t, 'admin')).cookie;
  finance = (await roleOperator(t, 'finance')).cookie;
  moneyAdmin = await totpOperator(t, 'admin', 'money-admin');
  const [help] = await t.db
    .insert(articleCategories)
    .values({ name: '帮助中心', code: 'help', sort: 1 })
    .returning({ id: articleCategories.id });
  const [group] = await t.db
    .insert(articleCategories)
    .values({ parentId: help.id, name: '支付配送', code: 'zfps', sort: 1 })
    .returning({ id: articleCategories.id });
  const leaves = await t.db
    .insert(articleCategories)
    .values([
      { parentId: group.id, name: '货物配送', code: 'hwps', sort: 1 },
      { parentId: group.id, name: '订单支付', code: 'ddzf', sort: 2 },
    ])
    .returning({ id: articleCategories.id });
  [leafId, otherLeafId] = leaves.map((l) => l.id);
});

afterAll(async () => {
  await t.close();
});

/** The field messages of a 422 answer. */
const errorsOf = (res: { body: { data: unknown } }) => (res.body.data as { errors: Record<string, string[]> }).errors;

const draft = (over: Record<string, unknown> = {}) => ({
  category_id: leafId,
  title: '配送时效',
  summary: '多久到货',
  body: '<p>一般48小时内发货。</p>',
  sort: 0,
  is_published: true,
  ...over,
});
const create = (cookie: string, body: Record<string, unknown>) =>
  t.call<ConsoleArticle>('POST', '/api/admin/articles', { cookie, json: body });

describe('/api/admin/articles', () => {
  it('stores a sanitised body: no script, no on* attribute, no javascript: link, no foreign image or iframe', async () => {
    const res = await create(ops, draft({ body: HOSTILE }));
    expect(res.status, res.body.msg).toBe(200);
    const [row] = await t.db.select().from(articles).where(eq(articles.id, res.body.data.id));
    expect(row.body).not.toMatch(/<script|onerror|onclick|javascript:|iframe|style=|src="x"/i);
    expect(row.body).toContain('<h2>配送说明</h2>');
    expect(row.body).toContain('正文保留');
    expect(row.body).toContain('<img src="/media/banner/a.svg">');
    expect(row.body).toContain(
      '<a href="https://www.nmpa.gov.cn" target="_blank" rel="noopener noreferrer">药监局</a>',
    );
    expect(row.body).toContain('<a href="/help/hyzc">站内</a>');
    expect(row.body).toContain('<a>坏链接</a>');
    expect(row.body).toContain('<td>表格</td>');
    // The shop answers exactly what was stored.
    const shopView = await t.call<ArticleDetail>('GET', `/api/article/${row.id}`);
    expect(shopView.body.data.body).toBe(row.body);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'article.create'), eq(auditLog.targetId, row.id)));
    expect(audit).toHaveLength(1);
    expect((audit[0].after as { body: string }).body).toBe(row.body);
  });

  it('edits an article with before/after in the audit row, and the shop shows the edit on its next read', async () => {
    const { id } = (await create(ops, draft({ title: '原标题' }))).body.data;
    const res = await t.call<ConsoleArticle>('POST', `/api/admin/articles/${id}`, {
      cookie: admin,
      json: draft({ title: '新标题', body: '<p>新正文<img src=x onerror=alert(1)></p>' }),
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ title: '新标题', body: '<p>新正文</p>' });
    expect((await t.call<ArticleDetail>('GET', `/api/article/${id}`)).body.data).toMatchObject({
      title: '新标题',
      body: '<p>新正文</p>',
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'article.update'), eq(auditLog.targetId, id)));
    expect(audit.before).toMatchObject({ title: '原标题' });
    expect(audit.after).toMatchObject({ title: '新标题', body: '<p>新正文</p>' });
  });

  it('withdraws and republishes: a withdrawn article leaves the shop (404, not in lists); twice changes nothing', async () => {
    const { id } = (await create(ops, draft({ category_id: otherLeafId, title: '将下线' }))).body.data;
    const off = await t.call<ConsoleArticle>('POST', `/api/admin/articles/${id}/unpublish`, { cookie: ops });
    expect(off.body.data.is_published).toBe(false);
    expect((await t.call('GET', `/api/article/${id}`)).status).toBe(404);
    const shopList = await t.call<ArticlePage>('GET', `/api/article/list?category_id=${otherLeafId}`);
    expect(shopList.body.data.list.map((a) => a.id)).not.toContain(id);
    await t.call('POST', `/api/admin/articles/${id}/unpublish`, { cookie: ops });
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'article.unpublish'), eq(auditLog.targetId, id))),
    ).toHaveLength(1);
    await t.call('POST', `/api/admin/articles/${id}/publish`, { cookie: ops });
    expect((await t.call('GET', `/api/article/${id}`)).status).toBe(200);
  });

  it("orders the shop's list by the operator's sort first, then newest", async () => {
    const older = (await create(ops, draft({ category_id: otherLeafId, title: '置顶旧文', sort: 10 }))).body.data.id;
    t.clock.advance(60_000);
    const newer = (await create(ops, draft({ category_id: otherLeafId, title: '普通新文', sort: 0 }))).body.data.id;
    const list = (await t.call<ArticlePage>('GET', `/api/article/list?category_id=${otherLeafId}`)).body.data.list.map(
      (a) => a.id,
    );
    expect(list.indexOf(older)).toBeLessThan(list.indexOf(newer));
    expect((await t.call<ArticleDetail>('GET', `/api/article/${newer}`)).body.data.prev).not.toBeNull();
  });

  it('lists, filters and reads for the console; categories are the leaves with their path', async () => {
    const cats = await t.call<ConsoleArticleCategory[]>('GET', '/api/admin/articles/categories', { cookie: ops });
    expect(cats.body.data).toEqual(expect.arrayContaining([{ id: leafId, path: '帮助中心 / 支付配送 / 货物配送' }]));
    expect(cats.body.data.map((c) => c.id)).not.toContain(undefined);
    const list = await t.call<Paged<ConsoleArticleRow>>('GET', '/api/admin/articles?q=配送时效&sort=id&desc=1', {
      cookie: ops,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.list.length).toBeGreaterThan(0);
    expect(list.body.data.list.every((a) => a.title.includes('配送时效'))).toBe(true);
    const withdrawn = await t.call<Paged<ConsoleArticleRow>>('GET', '/api/admin/articles?published=0', { cookie: ops });
    expect(withdrawn.body.data.list.every((a) => !a.is_published)).toBe(true);
    const one = await t.call<ConsoleArticle>('GET', `/api/admin/articles/${list.body.data.list[0].id}`, {
      cookie: ops,
    });
    expect(one.body.data.category_path).toBe('帮助中心 / 支付配送 / 货物配送');
  });

  it('refuses bad input with field messages and unknown ids with 404', async () => {
    const bad = await create(ops, draft({ title: '', category_id: 'x', sort: -1 }));
    expect(bad.status).toBe(422);
    expect(errorsOf(bad)).toMatchObject({
      title: ['请填写标题'],
      category_id: ['请选择文章分类'],
      sort: ['排序须为0-9999的整数'],
    });
    // A group (not a leaf) cannot hold articles.
    const [group] = await t.db
      .select({ id: articleCategories.id })
      .from(articleCategories)
      .where(eq(articleCategories.code, 'zfps'));
    expect(errorsOf(await create(ops, draft({ category_id: group.id })))).toEqual({
      category_id: ['请选择文章所在的末级分类'],
    });
    // Nothing left after sanitising is an empty body.
    expect(errorsOf(await create(ops, draft({ body: '<script>alert(1)</script>' })))).toEqual({ body: ['请填写正文'] });
    expect((await t.call('POST', '/api/admin/articles/999999', { cookie: ops, json: draft() })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/articles/abc', { cookie: ops })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/articles?sort=title', { cookie: ops })).status).toBe(422);
  });

  it('is for 运营 and 管理员 only', async () => {
    expect((await t.call('GET', '/api/admin/articles', { cookie: finance })).status).toBe(403);
    expect((await create(finance, draft())).status).toBe(403);
    expect((await t.call('GET', '/api/admin/articles', { cookie: buyer.cookie })).status).toBe(401);
    expect((await t.call('GET', '/api/admin/articles')).status).toBe(401);
  });
});

describe('/api/admin/settings', () => {
  const save = (cookie: string, body: unknown) =>
    t.call<SiteSettingsView>('POST', '/api/admin/settings', { cookie, json: body });
  const cartShipping = async () =>
    (await t.call<CartState>('GET', '/api/cart/list', { cookie: buyer.cookie })).body.data;

  it('answers what applies now', async () => {
    const res = await t.call<SiteSettingsView>('GET', '/api/admin/settings', { cookie: ops });
    expect(res.body.data).toEqual({
      shipping: { shipping_amount: 80_000, fee: 1_000 },
      payment_window: { minutes: 30 },
      transfer_account: null,
      shop_front: null,
      transfer_account_source: 'demo',
    });
  });

  it("changes the free-shipping amount and fee: the buyer's cart shortfall follows at once", async () => {
    const g = await shop.goods({ name: '包邮测试药', basePrice: 10_000, stock: 50 });
    await shop.fill(buyer, [[g, 3]]);
    const before = await cartShipping();
    expect(before.totals!.shipping).toEqual({ shortfall: 50_000, free: false, fee: 1_000 });
    const res = await save(ops, { shipping: { shipping_amount: 40_000, fee: 800 } });
    expect(res.status, res.body.msg).toBe(200);
    const after = await cartShipping();
    expect(after.shipping_data).toMatchObject({ shipping_amount: 40_000, fee: 800 });
    expect(after.totals!.shipping).toEqual({ shortfall: 10_000, free: false, fee: 800 });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audit.before).toEqual({ shipping: { shipping_amount: 80_000, fee: 1_000 } });
    expect(audit.after).toEqual({ shipping: { shipping_amount: 40_000, fee: 800 } });
  });

  it("changes the payment window: a new order's expiry follows", async () => {
    expect(
      (await save(moneyAdmin.cookie, { payment_window: { minutes: 90 }, totp_code: moneyAdmin.code() })).status,
    ).toBe(200);
    const g = await shop.goods({ name: '时限测试药', basePrice: 5_000, stock: 50 });
    const ids = await shop.fill(buyer, [[g, 1]]);
    const placed = await shop.order(buyer, ids);
    expect(placed.status, placed.body.msg).toBe(200);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, placed.body.data.order_id));
    expect(o.expiresAt!.getTime() - o.createdAt.getTime()).toBe(90 * 60_000);
  });

  it('sets the 对公转账 account buyers see (over the environment/demo one) and removes it again', async () => {
    const account = {
      account_name: '康源医药（广州）有限公司',
      bank: '招商银行广州天河支行',
      account_no: '1209 8888 0000 0002',
    };
    const res = await save(moneyAdmin.cookie, { transfer_account: account, totp_code: moneyAdmin.code() });
    expect(res.body.data).toMatchObject({ transfer_account: account, transfer_account_source: 'console' });
    const info = await t.call<TransferInfo>('GET', '/api/pay/transfer_info', { cookie: buyer.cookie });
    expect(info.body.data).toMatchObject(account);
    const cleared = await save(moneyAdmin.cookie, { transfer_account: null, totp_code: moneyAdmin.code() });
    expect(cleared.body.data.transfer_account_source).toBe('demo');
    expect(
      (await t.call<TransferInfo>('GET', '/api/pay/transfer_info', { cookie: buyer.cookie })).body.data.account_no,
    ).not.toBe(account.account_no);
  });

  it("sets the footer's licences and a QR target: the shell shows them and the server draws the code", async () => {
    const front = {
      licences: [{ name: '《药品经营许可证》', number: '粤AA0209999' }],
      qr_targets: { mini_program: 'https://shop.example.com/mp', wechat_official: null },
    };
    expect((await save(ops, { shop_front: front })).body.data.shop_front).toEqual(front);
    const mode = await t.call<ShopMode>('GET', '/api/global/shop_mode');
    expect(mode.body.data.licences).toEqual(front.licences);
    expect(mode.body.data.qr_codes.mini_program).toMatch(/^\/api\/global\/qr\/mini_program\?v=[0-9a-f]{12}$/);
    expect(mode.body.data.qr_codes.wechat_official).toBeNull();
    const qr = await t.app.request(mode.body.data.qr_codes.mini_program!);
    expect(qr.headers.get('content-type')).toContain('image/svg+xml');
    expect(await qr.text()).toMatch(/^<svg[^>]*>.*<path/s);
    expect((await t.app.request('/api/global/qr/wechat_official')).status).toBe(404);
    // Removing the console's setting brings back the environment's (here: the demo's) licences.
    await save(ops, { shop_front: null });
    const back = await t.call<ShopMode>('GET', '/api/global/shop_mode');
    expect(back.body.data.licences).toEqual([...DEMO_LICENCES]);
    expect(back.body.data.qr_codes.mini_program).toBeNull();
    const bad = await save(ops, {
      shop_front: {
        licences: [{ name: '', number: 'x' }],
        qr_targets: { mini_program: 'javascript:alert(1)', wechat_official: null },
      },
    });
    expect(errorsOf(bad)).toMatchObject({
      'shop_front.licences.0.name': ['请填写证照名称'],
      'shop_front.qr_targets.mini_program': ['二维码地址须为 https:// 或 http:// 开头的网址'],
    });
  });

  it('saving unchanged values writes no audit row', async () => {
    const n = (await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).length;
    const current = (await t.call<SiteSettingsView>('GET', '/api/admin/settings', { cookie: ops })).body.data;
    expect((await save(ops, { shipping: current.shipping })).status).toBe(200);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).toHaveLength(n);
  });

  it('refuses bad input with Chinese field messages', async () => {
    const bad = await save(ops, {
      shipping: { shipping_amount: -1, fee: 1.5 },
      payment_window: { minutes: 2 },
      transfer_account: { account_name: '', bank: '银行', account_no: 'abc' },
    });
    expect(bad.status).toBe(422);
    expect(errorsOf(bad)).toMatchObject({
      'shipping.shipping_amount': ['包邮金额须为0或正整数（分）'],
      'shipping.fee': ['运费须为0或正整数（分）'],
      'payment_window.minutes': ['支付时限须为5-1440分钟的整数'],
      'transfer_account.account_name': ['请填写户名'],
      'transfer_account.account_no': ['账号须为8-40位数字（可含空格）'],
    });
    expect(errorsOf(await save(ops, {}))).toEqual({ _form: ['没有要保存的设置'] });
  });

  it('is for 运营, 财务 (the money settings: tests/api/admin-money-settings.test.ts) and 管理员 only', async () => {
    const warehouse = (await roleOperator(t, 'warehouse')).cookie;
    expect((await t.call('GET', '/api/admin/settings', { cookie: warehouse })).status).toBe(403);
    expect((await save(warehouse, { shipping: { shipping_amount: 0, fee: 0 } })).status).toBe(403);
    expect((await save(finance, { shipping: { shipping_amount: 0, fee: 0 } })).status).toBe(403);
    expect((await save(buyer.cookie, { payment_window: { minutes: 60 } })).status).toBe(401);
  });
});

describe('/api/admin/site-lists', () => {
  type Item = { id?: number; name: string; url: string; image: string };
  const saveList = (cookie: string, kind: string, items: unknown, slot = '') =>
    t.call<Required<Item>[]>('POST', `/api/admin/site-lists/${kind}${slot ? `?slot=${slot}` : ''}`, {
      cookie,
      json: { items },
    });

  it('saves the hot search words and the nav in order; the shell answers them on its next load', async () => {
    expect((await t.call('GET', '/api/focus/common')).status).toBe(200); // warms the shell's cache
    const words = await saveList(ops, 'hot_keywords', [{ name: '连花清瘟' }, { name: '阿莫西林' }]);
    expect(words.status, words.body.msg).toBe(200);
    const nav = await saveList(ops, 'nav', [
      { name: '首页', url: '/' },
      { name: '包邮专区', url: '/yx' },
    ]);
    const common = await t.call<{ rnss: string[]; nav: { name: string; url: string }[] }>('GET', '/api/focus/common');
    expect(common.body.data.rnss).toEqual(['连花清瘟', '阿莫西林']);
    expect(common.body.data.nav.map((n) => [n.name, n.url])).toEqual([
      ['首页', '/'],
      ['包邮专区', '/yx'],
    ]);
    // Reorder and rename by id, drop one: the others keep their ids.
    const [home, yx] = nav.body.data;
    const again = await saveList(ops, 'nav', [
      { id: yx.id, name: '包邮', url: '/yx' },
      { id: home.id, name: '首页', url: '/' },
    ]);
    expect(again.body.data.map((n) => [n.id, n.name])).toEqual([
      [yx.id, '包邮'],
      [home.id, '首页'],
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetType, 'nav'))
      .orderBy(auditLog.id)
      .limit(1);
    expect(audit).toMatchObject({
      action: 'site_list.update',
      before: [],
      after: [expect.objectContaining({ name: '首页' }), expect.objectContaining({ name: '包邮专区' })],
    });
  });

  it('replaces the footer links and a focus slot; the shop answers the new ones', async () => {
    await saveList(ops, 'links', [{ name: '国家药品监督管理局', url: 'https://www.nmpa.gov.cn' }]);
    const shopLinks = await t.call<{ name: string; url: string }[]>('GET', '/api/global/links');
    expect(shopLinks.body.data.map((l) => l.name)).toEqual(['国家药品监督管理局']);
    const focus = await saveList(
      ops,
      'focus',
      [{ name: '新品上市', url: '/kxzq/new', image: '/media/banner/index-9.svg' }],
      'index',
    );
    expect(focus.status, focus.body.msg).toBe(200);
    const slot = await t.call<{ title: string; image: string; url: string }[]>('GET', '/api/focus?type=index');
    expect(slot.body.data).toEqual([{ title: '新品上市', image: '/media/banner/index-9.svg', url: '/kxzq/new' }]);
    expect((await t.call<Item[]>('GET', '/api/admin/site-lists/focus?slot=right', { cookie: ops })).body.data).toEqual(
      [],
    );
  });

  it('refuses bad rows with field messages, ids of another list, unknown kinds and slots', async () => {
    const bad = await saveList(
      ops,
      'focus',
      [{ name: '', url: 'javascript:alert(1)', image: 'https://evil.example/x.png' }],
      'index',
    );
    expect(bad.status).toBe(422);
    expect(errorsOf(bad)).toMatchObject({ 'items.0.name': ['请填写名称'] });
    const badUrl = await saveList(
      ops,
      'focus',
      [{ name: '图', url: 'javascript:alert(1)', image: 'https://evil.example/x.png' }],
      'index',
    );
    expect(errorsOf(badUrl)).toEqual({
      'items.0.url': ['链接须为 http(s):// 地址或以 / 开头的站内路径'],
      'items.0.image': ['图片须为上传的图片或本站 /media/ 下的地址'],
    });
    expect(errorsOf(await saveList(ops, 'links', [{ name: '无链接' }]))).toEqual({ 'items.0.url': ['请填写链接'] });
    const [link] = (await t.call<Required<Item>[]>('GET', '/api/admin/site-lists/links', { cookie: ops })).body.data;
    expect(errorsOf(await saveList(ops, 'nav', [{ id: link.id + 10_000, name: '外来', url: '/' }]))).toEqual({
      'items.0.id': ['该条目不存在或不属于此列表，请刷新后重试'],
    });
    expect((await t.call('GET', '/api/admin/site-lists/banners', { cookie: ops })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/site-lists/focus?slot=nowhere', { cookie: ops })).status).toBe(422);
  });

  it('is for 运营 and 管理员 only', async () => {
    expect((await t.call('GET', '/api/admin/site-lists/nav', { cookie: finance })).status).toBe(403);
    expect((await saveList(finance, 'nav', [])).status).toBe(403);
    expect((await saveList(buyer.cookie, 'nav', [])).status).toBe(401);
  });
});

describe('/api/admin/content_images', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
  const upload = (cookie: string, bytes: Uint8Array<ArrayBuffer>, name = 'banner.png') => {
    const form = new FormData();
    form.append('file', new File([bytes], name, { type: 'image/png' }));
    return t.call<{ id: number; url: string }>('POST', '/api/admin/content_images', { cookie, form });
  };

  it('stores a picture by its bytes, serves it publicly, and lets articles and banners use it', async () => {
    const res = await upload(ops, PNG);
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.url).toBe(`/api/content_images/${res.body.data.id}`);
    const served = await t.app.request(res.body.data.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'content_image.upload'), eq(auditLog.targetId, res.body.data.id))),
    ).toHaveLength(1);

    const article = await create(
      ops,
      draft({ body: `<p>图文</p><img src="${res.body.data.url}" onerror="alert(1)">` }),
    );
    expect(article.body.data.body).toBe(`<p>图文</p><img src="${res.body.data.url}">`);
    const banner = await t.call('POST', '/api/admin/site-lists/focus?slot=top', {
      cookie: ops,
      json: { items: [{ name: '上传的横幅', url: '/yx', image: res.body.data.url }] },
    });
    expect(banner.status, banner.body.msg).toBe(200);
  });

  it('refuses what is not a picture, other roles and buyers', async () => {
    const text = await upload(ops, new TextEncoder().encode('<svg onload=alert(1)>'), 'x.png');
    expect(text.status).toBe(422);
    expect(errorsOf(text)).toEqual({ file: ['图片仅支持JPG、PNG、WEBP格式'] });
    expect((await upload(finance, PNG)).status).toBe(403);
    expect((await upload(buyer.cookie, PNG)).status).toBe(401);
    expect((await t.app.request('/api/content_images/999999')).status).toBe(404);
  });
});
