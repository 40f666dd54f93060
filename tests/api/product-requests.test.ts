// 品种求购: POST /api/user/buy (SPEC §5 checks, money in fen rounded down), GET /api/user/buy
// (paging, status filter, only the company's own), GET /api/user/buy/{id} (another company's id
// is 404; the listed goods only when the buyer may see it), visitors. The operator's answer is
// called on the service here (the console's own checks: tests/api/admin-buyer-service.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertBuyer, insertCatalogue, insertGoods, type Buyer } from '../fixtures/catalogue.ts';
import { messages, productRequests } from '../../server/db/schema.ts';
import { replyProductRequest } from '../../server/services/product-requests/requests.ts';
import type { ProductRequest, ProductRequestDetail } from '../../src/domain/product-requests.ts';
import type { Page } from '../../src/domain/envelope.ts';

let t: TestApp;
let buyer: Buyer;
let other: Buyer;
let listedGoods: number;
let kxGoods: number;

const submit = (b: Buyer | null, body: object) =>
  t.call('POST', '/api/user/buy', { body: body as never, cookie: b?.cookie });
const list = (b: Buyer, query = '') =>
  t.call<Page<ProductRequest>>('GET', `/api/user/buy${query}`, { cookie: b.cookie });
const detail = (b: Buyer, id: number | string) =>
  t.call<ProductRequestDetail>('GET', `/api/user/buy/${id}`, { cookie: b.cookie });
const rows = async () => (await t.db.select({ n: count() }).from(productRequests))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  const cat = await insertCatalogue(t.db);
  [listedGoods, kxGoods] = await insertGoods(t.db, cat, [{ name: '蒲地蓝消炎片' }, { name: '控销片', isKx: true }]);
  buyer = await insertBuyer(t.db, 'approved', t.clock.now());
  other = await insertBuyer(t.db, 'approved', t.clock.now());
});
afterAll(() => t.close());

describe('POST /api/user/buy', () => {
  it('stores the request with the price in fen, rounded down, as 待处理', async () => {
    const res = await submit(buyer, {
      name: ' 蒲地蓝消炎片 ',
      sccj: '济川药业',
      ypgg: '0.3g*48片',
      approval_no: '国药准字Z20030095',
      quantity: '200',
      expected_price: '12.349',
      remark: '常备',
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('求购信息已提交，我们会尽快处理');
    expect(res.body.data).toMatchObject({
      name: '蒲地蓝消炎片',
      quantity: 200,
      expected_price: 1234,
      status: 'pending',
      status_text: '待处理',
      goods_id: null,
    });
    const [row] = await t.db.select().from(productRequests).where(eq(productRequests.id, res.body.data.id));
    expect(row).toMatchObject({ companyId: buyer.companyId, expectedPrice: 1234, approvalNo: '国药准字Z20030095' });
  });

  it('takes "0.29" as 29 fen and no price as null', async () => {
    expect((await submit(buyer, { name: 'A', quantity: 1, expected_price: '0.29' })).body.data.expected_price).toBe(29);
    expect((await submit(buyer, { name: 'B', quantity: 1, expected_price: '' })).body.data.expected_price).toBeNull();
  });

  it.each([
    [{ quantity: 1 }, 'name', '请输入商品名称'],
    [{ name: '   ', quantity: 1 }, 'name', '请输入商品名称'],
    [{ name: 'x'.repeat(51), quantity: 1 }, 'name', '商品名称最多50个字符'],
    [{ name: 'A' }, 'quantity', '月需求量须为1-1000000的整数'],
    [{ name: 'A', quantity: '0' }, 'quantity', '月需求量须为1-1000000的整数'],
    [{ name: 'A', quantity: '1.5' }, 'quantity', '月需求量须为1-1000000的整数'],
    [{ name: 'A', quantity: '2000000' }, 'quantity', '月需求量须为1-1000000的整数'],
    [{ name: 'A', quantity: 1, expected_price: '-1' }, 'expected_price', '期望价格须为大于0的金额，如 12.50'],
    [{ name: 'A', quantity: 1, expected_price: '十元' }, 'expected_price', '期望价格须为大于0的金额，如 12.50'],
    [{ name: 'A', quantity: 1, expected_price: '0.001' }, 'expected_price', '期望价格须为大于0的金额，如 12.50'],
    [{ name: 'A', quantity: 1, remark: 'x'.repeat(201) }, 'remark', '备注最多200个字符'],
  ])('refuses %o with 422 on %s', async (body, field, msg) => {
    const before = await rows();
    const res = await submit(buyer, body);
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe(msg);
    expect(res.body.data.errors[field]).toEqual([msg]);
    expect(await rows()).toBe(before);
  });

  it('asks a visitor to sign in (10001) and stores nothing', async () => {
    const before = await rows();
    const res = await submit(null, { name: 'A', quantity: 1 });
    expect(res.body.code).toBe(10001);
    expect(await rows()).toBe(before);
  });

  it('stores one request for one Idempotency-Key sent twice', async () => {
    const before = await rows();
    const send = () =>
      t.call('POST', '/api/user/buy', {
        body: { name: '重发', quantity: 3 },
        cookie: buyer.cookie,
        headers: { 'Idempotency-Key': 'req-once-1' },
      });
    const first = await send();
    const again = await send();
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await rows()).toBe(before + 1);
  });
});

describe('GET /api/user/buy', () => {
  let ids: number[] = [];
  beforeAll(async () => {
    await t.db.delete(productRequests);
    ids = [];
    for (let i = 1; i <= 12; i++) {
      ids.push((await submit(other, { name: `求购${i}`, quantity: i })).body.data.id);
      t.clock.advance(1000);
    }
    await submit(buyer, { name: '别家的', quantity: 1 });
  });

  it("pages the company's own requests, newest first", async () => {
    const p1 = await list(other);
    expect(p1.body.data).toMatchObject({ total: 12, page: 1, page_size: 10 });
    expect(p1.body.data.list.map((r) => r.name)).toEqual(Array.from({ length: 10 }, (_, i) => `求购${12 - i}`));
    const p2 = await list(other, '?page=2');
    expect(p2.body.data.list.map((r) => r.name)).toEqual(['求购2', '求购1']);
    const small = await list(other, '?page=3&page_size=5');
    expect(small.body.data.list.map((r) => r.name)).toEqual(['求购2', '求购1']);
  });

  it('filters by status after an operator reply and listing', async () => {
    await replyProductRequest(t.db, ids[0], { reply: '已联系厂家，下周到货', goodsId: null }, t.clock.now());
    await replyProductRequest(t.db, ids[1], { reply: '已上架', goodsId: listedGoods }, t.clock.now());
    expect((await list(other, '?status=replied')).body.data.list.map((r) => [r.name, r.status_text])).toEqual([
      ['求购1', '已回复'],
    ]);
    expect((await list(other, '?status=listed')).body.data.list.map((r) => [r.name, r.goods_id])).toEqual([
      ['求购2', listedGoods],
    ]);
    expect((await list(other, '?status=pending')).body.data.total).toBe(10);
    // Each answer is a buyer message (/wdxx) for the requesting company.
    const sent = await t.db.select().from(messages).where(eq(messages.companyId, other.companyId)).orderBy(messages.id);
    expect(sent.map((m) => [m.title, m.body, m.kind, m.link])).toEqual([
      ['求购已回复', '您求购的「求购1」有新回复：已联系厂家，下周到货', 'system', `/pzqg/info?id=${ids[0]}`],
      ['求购品种已上架', '您求购的「求购2」已上架：已上架', 'system', `/pzqg/info?id=${ids[1]}`],
    ]);
  });

  it('refuses a bad page or status with 422', async () => {
    expect((await list(other, '?page=0')).status).toBe(422);
    expect((await list(other, '?page_size=101')).status).toBe(422);
    const bad = await list(other, '?status=done');
    expect([bad.status, bad.body.msg]).toEqual([422, '状态无效']);
  });

  it('asks a visitor to sign in', async () => {
    expect((await t.call('GET', '/api/user/buy')).body.code).toBe(10001);
  });

  describe('GET /api/user/buy/{id}', () => {
    it('shows the reply and the listed goods with its buyer price', async () => {
      const res = await detail(other, ids[1]);
      expect(res.body.data).toMatchObject({ status: 'listed', reply: '已上架', goods_id: listedGoods });
      expect(res.body.data.goods).toMatchObject({ id: listedGoods, name: '蒲地蓝消炎片', price: 1250 });
      expect(res.body.data.replied_at).toBe(Math.floor(t.clock.now().getTime() / 1000));
    });

    it('gives no goods link when the listed goods is 控销 for this buyer', async () => {
      await replyProductRequest(t.db, ids[2], { reply: '控销品种', goodsId: kxGoods }, t.clock.now());
      const res = await detail(other, ids[2]);
      expect(res.body.data).toMatchObject({ status: 'listed', goods_id: kxGoods, goods: null });
    });

    it("answers 404 for another company's id, a missing id and a malformed id", async () => {
      for (const id of [ids[0], 999999, 'abc']) {
        const res = await detail(buyer, id);
        expect([res.status, res.body.msg]).toEqual([404, '求购信息不存在']);
      }
    });
  });
});
