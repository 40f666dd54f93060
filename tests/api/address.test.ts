// /api/address: list (default first), create with validation and the 20-address cap, edit, delete
// (promoting the newest), set default (exactly one), and another company's addresses (404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertBuyer, type Buyer } from '../fixtures/catalogue.ts';
import { addresses } from '../../server/db/schema.ts';
import type { Address, AddressInput } from '../../src/domain/orders.ts';

let t: TestApp;
let buyer: Buyer;
let other: Buyer;

const input = (over: Partial<AddressInput> = {}): AddressInput => ({
  consignee: '陈建华',
  phone: '13800138000',
  province: '广东省',
  city: '广州市',
  district: '天河区',
  detail: '天河路385号康宁大厦首层',
  ...over,
});

const list = (b: Buyer) => t.call<Address[]>('GET', '/api/address', { cookie: b.cookie });
const create = (b: Buyer, body: object) => t.call<Address>('POST', '/api/address', { body, cookie: b.cookie });
const defaults = async (companyId: number) =>
  (
    await t.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.companyId, companyId), eq(addresses.isDefault, true)))
  ).map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp();
  buyer = await insertBuyer(t.db, 'approved', t.clock.now());
  other = await insertBuyer(t.db, 'approved', t.clock.now());
});
afterAll(() => t.close());

describe('GET/POST /api/address', () => {
  it('needs a signed-in member', async () => {
    expect((await t.call('GET', '/api/address')).status).toBe(401);
    expect((await t.call('POST', '/api/address', { body: input() })).status).toBe(401);
  });

  it('makes the first address the default and keeps exactly one default', async () => {
    expect((await list(buyer)).body.data).toEqual([]);
    const first = await create(buyer, input({ is_default: 0 }));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ consignee: '陈建华', phone: '13800138000', is_default: 1 });

    t.clock.advance(1000);
    const second = await create(buyer, input({ consignee: '林小燕', phone: '020-12345678' }));
    expect(second.body.data.is_default).toBe(0);
    t.clock.advance(1000);
    const third = await create(buyer, input({ consignee: '王五', is_default: 1 }));
    expect(third.body.data.is_default).toBe(1);

    const rows = (await list(buyer)).body.data;
    // Default first, then newest first.
    expect(rows.map((r) => r.consignee)).toEqual(['王五', '林小燕', '陈建华']);
    expect(rows.filter((r) => r.is_default === 1)).toHaveLength(1);
    expect(await defaults(buyer.companyId)).toEqual([third.body.data.id]);
  });

  it('refuses bad input with Chinese messages', async () => {
    const cases: [Partial<AddressInput>, string, string][] = [
      [{ consignee: '  ' }, 'consignee', '请输入收货人姓名'],
      [{ consignee: '张'.repeat(21) }, 'consignee', '收货人姓名最多20个字符'],
      [{ phone: '12345' }, 'phone', '请输入正确的联系电话'],
      [{ phone: '' }, 'phone', '请输入手机号码'],
      [{ province: '' }, 'province', '请选择省份'],
      [{ city: '' }, 'city', '请选择城市'],
      [{ district: '' }, 'district', '请选择区县'],
      [{ detail: '' }, 'detail', '请输入详细地址'],
      [{ detail: '天河路1' }, 'detail', '详细地址为5-120个字符'],
      [{ detail: '路'.repeat(121) }, 'detail', '详细地址为5-120个字符'],
    ];
    const before = (await list(buyer)).body.data.length;
    for (const [over, field, msg] of cases) {
      const res = await t.call('POST', '/api/address', { body: input(over), cookie: buyer.cookie });
      expect(res.status, field).toBe(422);
      expect(res.body.msg).toBe(msg);
      expect(res.body.data.errors[field][0]).toBe(msg);
    }
    expect((await list(buyer)).body.data.length).toBe(before);
    // Landlines and mobiles both pass; spaces around values are trimmed.
    const ok = await create(other, input({ phone: ' 0755-1234567 ', detail: ' 深南大道1号 ' }));
    expect(ok.body.data).toMatchObject({ phone: '0755-1234567', detail: '深南大道1号' });
  });

  it('refuses a province/city/district that is not a real place, on the wrong field', async () => {
    const cases: [Partial<AddressInput>, string, string][] = [
      [{ province: '广东' }, 'province', '请选择正确的省份'],
      [{ province: '香港特别行政区', city: '香港', district: '中西区' }, 'province', '请选择正确的省份'],
      [{ city: '深圳' }, 'city', '请选择正确的城市'],
      // A real city of another province.
      [{ city: '武汉市', district: '江汉区' }, 'city', '请选择正确的城市'],
      [{ district: '江汉区' }, 'district', '请选择正确的区县'],
      // The dataset's placeholder levels are not cities of their own.
      [{ province: '北京市', city: '市辖区', district: '东城区' }, 'city', '请选择正确的城市'],
      [{ province: '湖北省', city: '省直辖县级行政区划', district: '仙桃市' }, 'city', '请选择正确的城市'],
    ];
    const before = (await list(buyer)).body.data.length;
    for (const [over, field, msg] of cases) {
      const res = await t.call('POST', '/api/address', { body: input(over), cookie: buyer.cookie });
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(res.body.msg).toBe(msg);
      expect(res.body.data.errors).toEqual({ [field]: [msg] });
    }
    expect((await list(buyer)).body.data.length).toBe(before);

    // 直辖市 (city named like the province), a 省直辖县级 unit and a region name with spaces around.
    for (const over of [
      { province: '北京市', city: '北京市', district: '朝阳区' },
      { province: '重庆市', city: '重庆市', district: '石柱土家族自治县' },
      { province: '湖北省', city: '仙桃市', district: '仙桃市' },
      { province: ' 广东省 ', city: '深圳市', district: '南山区 ' },
    ]) {
      const res = await create(other, input(over));
      expect(res.status, JSON.stringify(over)).toBe(200);
      expect(res.body.data).toMatchObject({
        province: over.province.trim(),
        city: over.city,
        district: over.district.trim(),
      });
    }
  });

  it('caps a company at 20 addresses', async () => {
    const capped = await insertBuyer(t.db, 'approved', t.clock.now());
    for (let i = 0; i < 20; i++) expect((await create(capped, input({ consignee: `收货人${i}` }))).status).toBe(200);
    const res = await create(capped, input());
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('最多保存20个收货地址');
    expect((await list(capped)).body.data).toHaveLength(20);
  });
});

describe('edit, default, delete', () => {
  it('edits an address; is_default=0 never leaves the company without a default', async () => {
    const [def] = (await list(buyer)).body.data;
    const res = await t.call<Address>('POST', `/api/address/${def.id}/edit`, {
      body: input({ consignee: '王五改', detail: '体育西路1号', is_default: 0 }),
      cookie: buyer.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: def.id, consignee: '王五改', detail: '体育西路1号', is_default: 1 });
    const bad = await t.call('POST', `/api/address/${def.id}/edit`, {
      body: input({ phone: 'x' }),
      cookie: buyer.cookie,
    });
    expect(bad.status).toBe(422);
    // Editing checks the region too, and leaves the stored address as it was.
    const nowhere = await t.call('POST', `/api/address/${def.id}/edit`, {
      body: input({ city: '广州市', district: '南山区' }),
      cookie: buyer.cookie,
    });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.msg).toBe('请选择正确的区县');
    expect(nowhere.body.data.errors).toEqual({ district: ['请选择正确的区县'] });
    const moved = await t.call<Address>('POST', `/api/address/${def.id}/edit`, {
      body: input({ province: '上海市', city: '上海市', district: '浦东新区', detail: '世纪大道100号', is_default: 0 }),
      cookie: buyer.cookie,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ province: '上海市', city: '上海市', district: '浦东新区' });
  });

  it('moves the default in one step', async () => {
    const rows = (await list(buyer)).body.data;
    const target = rows[rows.length - 1];
    const res = await t.call<Address>('POST', `/api/address/${target.id}/default`, { cookie: buyer.cookie });
    expect(res.body.data.is_default).toBe(1);
    expect(await defaults(buyer.companyId)).toEqual([target.id]);
    expect((await list(buyer)).body.data[0].id).toBe(target.id);
  });

  it('deleting the default promotes the newest remaining address', async () => {
    const rows = (await list(buyer)).body.data;
    const def = rows[0];
    const newest = rows.slice(1).reduce((a, b) => (a.id > b.id ? a : b));
    const res = await t.call('POST', `/api/address/${def.id}/delete`, { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: def.id, default_id: newest.id });
    expect(await defaults(buyer.companyId)).toEqual([newest.id]);

    // Deleting a non-default keeps the default; deleting everything leaves none.
    for (const r of (await list(buyer)).body.data) {
      await t.call('POST', `/api/address/${r.id}/delete`, { cookie: buyer.cookie });
    }
    expect((await list(buyer)).body.data).toEqual([]);
  });

  it("answers 404 for another company's address and changes nothing", async () => {
    const mine = await create(buyer, input({ consignee: '我的地址' }));
    const id = mine.body.data.id;
    const before = await t.db.select().from(addresses).where(eq(addresses.companyId, buyer.companyId));
    for (const [path, body] of [
      [`/api/address/${id}/edit`, input({ consignee: '篡改' })],
      [`/api/address/${id}/delete`, undefined],
      [`/api/address/${id}/default`, undefined],
    ] as const) {
      const res = await t.call('POST', path, { body, cookie: other.cookie });
      expect(res.status, path).toBe(404);
      expect(res.body.msg).toBe('收货地址不存在');
    }
    expect(await t.db.select().from(addresses).where(eq(addresses.companyId, buyer.companyId))).toEqual(before);
    expect((await list(other)).body.data.map((a) => a.id)).not.toContain(id);
    expect((await t.call('POST', '/api/address/abc/delete', { cookie: buyer.cookie })).status).toBe(404);
    expect((await t.call('POST', '/api/address/999999/default', { cookie: buyer.cookie })).status).toBe(404);
  });
});
