// Multi-store management (/ddgl): GET /api/user/stores/manage, POST /api/user/stores/{id}/act,
// DELETE /api/user/stores/act, GET /api/user/stores/{id}/orders — a head office acts as one of its
// own stores for its session (cart, orders, user base are the store's) and comes back; it can never
// act for another head office's store, and a store never for its head office or a sibling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember, TEST_PASSWORD } from '../helpers/accounts.ts';
import { insertCatalogue, insertGoods } from '../fixtures/catalogue.ts';
import { cartLines, companies, orders } from '../../server/db/schema.ts';
import type { StoresOverview } from '../../src/domain/stores.ts';
import type { UserBase } from '../../src/domain/user.ts';

let t: TestApp;
let head: { companyId: number };
let storeA: { companyId: number; userId: number };
let storeB: { companyId: number };
let otherStore: { companyId: number };
let goodsId: number;

beforeAll(async () => {
  t = await createTestApp();
  const cat = await insertCatalogue(t.db);
  [goodsId] = await insertGoods(t.db, cat, [{ name: '布洛芬缓释胶囊', basePrice: 1_500, stock: 500 }]);
  const h = await createMember(t.db, { username: 'hq', company: { name: '同济堂连锁总部', kind: 'chain' } });
  head = { companyId: h.companyId! };
  const a = await createMember(t.db, { username: 'hq-a', company: { name: '同济堂汉口店', parentId: head.companyId } });
  storeA = { companyId: a.companyId!, userId: a.userId };
  storeB = {
    companyId: (
      await createMember(t.db, {
        username: 'hq-b',
        company: { name: '同济堂武昌店', parentId: head.companyId, reviewStatus: 'pending', reviewNote: '资质审核中' },
      })
    ).companyId!,
  };
  const other = await createMember(t.db, { username: 'other-hq', company: { name: '别家连锁总部', kind: 'chain' } });
  otherStore = {
    companyId: (
      await createMember(t.db, { username: 'other-a', company: { name: '别家门店', parentId: other.companyId } })
    ).companyId!,
  };
});
afterAll(() => t.close());

const base = async (cookie: string) => (await t.call<UserBase>('GET', '/api/user/base', { cookie })).body.data;
const cartCount = async (companyId: number) =>
  (await t.db.select().from(cartLines).where(eq(cartLines.companyId, companyId))).length;

describe('GET /api/user/stores/manage', () => {
  it('lists the head office stores with their review state and counts', async () => {
    const cookie = await t.signIn('hq', TEST_PASSWORD);
    const res = await t.call<StoresOverview>('GET', '/api/user/stores/manage', { cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.head_office).toEqual({ company_id: head.companyId, company: '同济堂连锁总部' });
    expect(res.body.data.acting_company_id).toBeNull();
    expect(res.body.data.stores.map((s) => [s.company, s.review_status, s.username])).toEqual([
      ['同济堂汉口店', 'approved', 'hq-a'],
      ['同济堂武昌店', 'pending', 'hq-b'],
    ]);
    expect(res.body.data.stores[1].review_note).toBe('资质审核中');
  });

  it('is empty for a store and for a single pharmacy; visitors get 10001', async () => {
    const store = await t.signIn('hq-a', TEST_PASSWORD);
    expect(
      (await t.call<StoresOverview>('GET', '/api/user/stores/manage', { cookie: store })).body.data.stores,
    ).toEqual([]);
    const visitor = await t.call('GET', '/api/user/stores/manage');
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe(10001);
  });
});

describe('acting as a store', () => {
  it('switches into a store: user base, cart and orders are the store’s; then back', async () => {
    const cookie = await t.signIn('hq', TEST_PASSWORD);
    expect((await base(cookie)).acting_as).toBeUndefined();

    const act = await t.call<StoresOverview>('POST', `/api/user/stores/${storeA.companyId}/act`, { cookie });
    expect(act.status).toBe(200);
    expect(act.body.msg).toBe('已切换到门店');
    expect(act.body.data.acting_company_id).toBe(storeA.companyId);

    const u = await base(cookie);
    expect(u.username).toBe('hq');
    expect(u.company).toBe('同济堂汉口店');
    expect(u.customer.id).toBe(storeA.companyId);
    expect(u.customer.is_head_office).toBe(0);
    expect(u.acting_as).toEqual({
      company_id: storeA.companyId,
      company: '同济堂汉口店',
      head_office: '同济堂连锁总部',
    });

    // Its own cart: the line lands in the store's cart, not the head office's.
    const add = await t.call('POST', '/api/cart', { cookie, body: { params: [{ goods_id: goodsId, number: 3 }] } });
    expect(add.status).toBe(200);
    expect(await cartCount(storeA.companyId)).toBe(1);
    expect(
      (await t.call('GET', '/api/cart/list', { cookie })).body.data.data.map(
        (l: { goods: { id: number } }) => l.goods.id,
      ),
    ).toEqual([goodsId]);
    expect(await cartCount(head.companyId)).toBe(0);
    // While acting, the store manages no stores (nothing to copy a cart to).
    expect((await t.call('GET', '/api/user/stores', { cookie })).body.data).toEqual([]);
    // …but /ddgl still lists the head office's stores, so the way back is always there.
    expect((await t.call<StoresOverview>('GET', '/api/user/stores/manage', { cookie })).body.data.stores).toHaveLength(
      2,
    );

    const back = await t.call<StoresOverview>('DELETE', '/api/user/stores/act', { cookie });
    expect(back.status).toBe(200);
    expect(back.body.msg).toBe('已返回总部');
    const home = await base(cookie);
    expect(home.customer.id).toBe(head.companyId);
    expect(home.acting_as).toBeUndefined();
    expect((await t.call('GET', '/api/cart/list', { cookie })).body.data.data).toHaveLength(0);
  });

  it('acting is per session: another browser of the same head office is not switched', async () => {
    const one = await t.signIn('hq', TEST_PASSWORD);
    const two = await t.signIn('hq', TEST_PASSWORD);
    await t.call('POST', `/api/user/stores/${storeB.companyId}/act`, { cookie: one });
    expect((await base(one)).customer.id).toBe(storeB.companyId);
    expect((await base(two)).customer.id).toBe(head.companyId);
    // Signing in again starts as the head office.
    const again = await t.signIn('hq', TEST_PASSWORD);
    expect((await base(again)).customer.id).toBe(head.companyId);
  });

  it('404 for another head office’s store, for a store acting for its head office or a sibling, and for bad ids', async () => {
    const hq = await t.signIn('hq', TEST_PASSWORD);
    const foreign = await t.call('POST', `/api/user/stores/${otherStore.companyId}/act`, { cookie: hq });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('门店不存在');
    expect((await t.call('POST', `/api/user/stores/${head.companyId}/act`, { cookie: hq })).status).toBe(404);
    expect((await t.call('POST', '/api/user/stores/abc/act', { cookie: hq })).status).toBe(404);
    expect((await t.call('POST', '/api/user/stores/99999999999/act', { cookie: hq })).status).toBe(404);
    expect((await base(hq)).customer.id).toBe(head.companyId);

    const store = await t.signIn('hq-a', TEST_PASSWORD);
    expect((await t.call('POST', `/api/user/stores/${head.companyId}/act`, { cookie: store })).status).toBe(404);
    expect((await t.call('POST', `/api/user/stores/${storeB.companyId}/act`, { cookie: store })).status).toBe(404);
    expect((await base(store)).customer.id).toBe(storeA.companyId);
    expect((await t.call('GET', `/api/user/stores/${storeB.companyId}/orders`, { cookie: store })).status).toBe(404);

    const visitor = await t.call('POST', `/api/user/stores/${storeA.companyId}/act`);
    expect(visitor.body.code).toBe(10001);
    expect((await t.call('DELETE', '/api/user/stores/act')).body.code).toBe(10001);
  });

  it('stops acting when the store leaves the head office', async () => {
    const cookie = await t.signIn('hq', TEST_PASSWORD);
    await t.call('POST', `/api/user/stores/${storeA.companyId}/act`, { cookie });
    await t.db.update(companies).set({ parentId: null }).where(eq(companies.id, storeA.companyId));
    try {
      expect((await base(cookie)).customer.id).toBe(head.companyId);
    } finally {
      await t.db.update(companies).set({ parentId: head.companyId }).where(eq(companies.id, storeA.companyId));
    }
  });
});

describe('GET /api/user/stores/{id}/orders', () => {
  it('lists one store’s orders for its head office', async () => {
    await t.db.insert(orders).values({
      orderNo: 'SO202506020001',
      companyId: storeA.companyId,
      userId: storeA.userId,
      status: 'paid',
      kind: 'normal',
      goodsAmount: 4_500,
      payAmount: 4_500,
      address: {
        consignee: '吴静',
        phone: '15927083341',
        province: '湖北省',
        city: '武汉市',
        district: '江岸区',
        detail: '中山大道1088号',
      },
      paidAt: t.clock.now(),
    });
    const cookie = await t.signIn('hq', TEST_PASSWORD);
    const res = await t.call('GET', `/api/user/stores/${storeA.companyId}/orders`, { cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((o: { order_no: string }) => o.order_no)).toEqual(['SO202506020001']);
    expect((await t.call('GET', `/api/user/stores/${storeB.companyId}/orders`, { cookie })).body.data.list).toEqual([]);
    expect((await t.call('GET', `/api/user/stores/${otherStore.companyId}/orders`, { cookie })).status).toBe(404);
    const bad = await t.call('GET', `/api/user/stores/${storeA.companyId}/orders?start=2025-06-09&end=2025-06-01`, {
      cookie,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toBe('结束日期不能早于开始日期');
  });
});
