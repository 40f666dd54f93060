// The e-contract (/dzht): GET /api/user/contract, POST /api/user/contract/sign,
// GET /api/user/contract/pdf — 459 at checkout until the current version is signed, again after a
// new version is released, the signature's record, the PDF's content, and who may do what.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createShop, type Shop } from '../fixtures/checkout.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { companies, contracts } from '../../server/db/schema.ts';
import { CONTRACT_VERSIONS, currentContract } from '../../server/services/contracts/versions.ts';
import type { ContractView } from '../../src/domain/e-contract.ts';
import type { UserBase } from '../../src/domain/user.ts';
import { formatDateTime } from '../../src/domain/time.ts';

let t: TestApp;
let shop: Shop;
let goodsId: number;
const released = CONTRACT_VERSIONS.length;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t);
  goodsId = await shop.goods({ name: '阿莫西林胶囊', basePrice: 3_000, stock: 500 });
});
afterAll(() => t.close());
// A test that releases a version takes it back, so the others see the shipped list.
afterEach(() => {
  CONTRACT_VERSIONS.splice(released);
});

const PARTY = {
  name: '成都市青羊区惠民诊所',
  creditCode: '52510105MJ0T6X2A9K',
  legalPerson: '杨帆',
  contactName: '杨帆',
  contactPhone: '17708201935',
  province: '四川省',
  city: '成都市',
  district: '青羊区',
  address: '东城根上街32号',
};

async function unsignedBuyer() {
  const b = await shop.buyer({ contract: false });
  await t.db.update(companies).set(PARTY).where(eq(companies.id, b.companyId));
  return b;
}

const sign = (cookie: string, version: string = currentContract().version) =>
  t.call<ContractView>('POST', '/api/user/contract/sign', {
    cookie,
    body: { version },
    headers: { 'user-agent': 'vitest-contract' },
  });

describe('GET /api/user/contract', () => {
  it('fills the current version with the company details, unsigned', async () => {
    const b = await unsignedBuyer();
    const res = await t.call<ContractView>('GET', '/api/user/contract', { cookie: b.cookie });
    expect(res.status).toBe(200);
    const v = res.body.data;
    expect(v.version).toBe(currentContract().version);
    expect(v.company).toEqual({
      name: PARTY.name,
      credit_code: PARTY.creditCode,
      legal_person: PARTY.legalPerson,
      address: '四川省成都市青羊区东城根上街32号',
      contact: PARTY.contactName,
      phone: PARTY.contactPhone,
    });
    const text = v.sections.flatMap((s) => s.clauses).join('');
    expect(text).toContain(`乙方（采购方）：${PARTY.name}，统一社会信用代码：${PARTY.creditCode}，法定代表人：杨帆`);
    expect(text).not.toMatch(/\{\w+\}/);
    expect(v).toMatchObject({ signature: null, last_signature: null, can_sign: 1, pdf_url: null });
  });

  it('refuses visitors with 10001', async () => {
    const res = await t.call('GET', '/api/user/contract');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10001);
    expect(
      (await t.call('POST', '/api/user/contract/sign', { body: { version: currentContract().version } })).body.code,
    ).toBe(10001);
    expect((await t.call('GET', '/api/user/contract/pdf')).body.code).toBe(10001);
  });
});

describe('signing and checkout', () => {
  it('459 until signed; signing records version, time, user and address; then checkout proceeds', async () => {
    const b = await unsignedBuyer();
    const [line] = await shop.fill(b, [[goodsId, 1]]);
    const before = await shop.preview(b, [line]);
    expect(before.status).toBe(459);
    expect(before.body).toEqual({ code: 459, msg: '请先签署电子合同', data: null });
    expect(
      (await t.call<UserBase>('GET', '/api/user/base', { cookie: b.cookie })).body.data.customer.contract_signed,
    ).toBe(0);

    const signed = await sign(b.cookie);
    expect(signed.status).toBe(200);
    expect(signed.body.msg).toBe('电子合同签署成功');
    expect(signed.body.data.signature).toMatchObject({
      version: currentContract().version,
      signed_at: Math.floor(t.clock.now().getTime() / 1000),
    });
    expect(signed.body.data.pdf_url).toBe('/api/user/contract/pdf');

    const [row] = await t.db.select().from(contracts).where(eq(contracts.companyId, b.companyId));
    expect(row).toMatchObject({ version: currentContract().version, userId: b.userId, userAgent: 'vitest-contract' });
    expect(row.signedAt.getTime()).toBe(t.clock.now().getTime());
    expect(row.ip).not.toBe('');

    const after = await shop.preview(b, [line]);
    expect(after.status).toBe(200);
    expect(
      (await t.call<UserBase>('GET', '/api/user/base', { cookie: b.cookie })).body.data.customer.contract_signed,
    ).toBe(1);

    // Signing again keeps the first signature.
    t.clock.advance(60_000);
    await sign(b.cookie);
    expect(await t.db.select().from(contracts).where(eq(contracts.companyId, b.companyId))).toHaveLength(1);
  });

  it('a new version asks for a new signature (459 again), and a page showing the old one cannot sign', async () => {
    const b = await unsignedBuyer();
    const [line] = await shop.fill(b, [[goodsId, 1]]);
    const old = currentContract().version;
    await sign(b.cookie);
    expect((await shop.preview(b, [line])).status).toBe(200);

    CONTRACT_VERSIONS.push({ ...currentContract(), version: '2026版' });
    const stale = await shop.preview(b, [line]);
    expect(stale.status).toBe(459);
    const view = (await t.call<ContractView>('GET', '/api/user/contract', { cookie: b.cookie })).body.data;
    expect(view).toMatchObject({ version: '2026版', signature: null, last_signature: { version: old } });

    const refused = await sign(b.cookie, old);
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe('合同已更新，请阅读最新版本后再签署');
    expect((await sign(b.cookie, '2026版')).status).toBe(200);
    expect((await shop.preview(b, [line])).status).toBe(200);
    const rows = await t.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.companyId, b.companyId)));
    expect(rows.map((r) => r.version).sort()).toEqual([old, '2026版'].sort());
  });

  it('refuses bad input and unapproved companies', async () => {
    const b = await unsignedBuyer();
    const missing = await t.call('POST', '/api/user/contract/sign', { cookie: b.cookie, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.msg).toBe('请阅读合同后再签署');
    const long = await sign(b.cookie, 'x'.repeat(51));
    expect(long.status).toBe(422);

    const pending = await shop.buyer({ kind: 'pending', contract: false });
    const view = await t.call<ContractView>('GET', '/api/user/contract', { cookie: pending.cookie });
    expect(view.body.data.can_sign).toBe(0);
    const refused = await sign(pending.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('资质审核通过后才能签署电子合同');
  });
});

describe('GET /api/user/contract/pdf', () => {
  it('is 404 before signing', async () => {
    const b = await unsignedBuyer();
    const res = await t.call('GET', '/api/user/contract/pdf', { cookie: b.cookie });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('尚未签署电子合同');
  });

  it('is a parseable PDF with the company, the version and the signature, in an embedded CJK font', async () => {
    const b = await unsignedBuyer();
    const signedAt = (await sign(b.cookie)).body.data.signature?.signed_at;
    const res = await t.app.request('/api/user/contract/pdf', { headers: { cookie: b.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(`电子合同-${PARTY.name}-${currentContract().version}.pdf`)}`,
    );
    const pdf = Buffer.from(await res.arrayBuffer());
    const raw = pdf.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
    // The font travels with the file: an embedded font program, subset (XXXXXX+ name).
    expect(raw).toMatch(/\/FontFile3|\/FontFile2/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+/);
    const text = pdfText(pdf);
    expect(text).toContain('药品购销框架合同');
    expect(text).toContain(`合同版本：${currentContract().version}`);
    expect(text).toContain(PARTY.name);
    expect(text).toContain(PARTY.creditCode);
    expect(text).toContain(`签署时间：${formatDateTime(signedAt, 'seconds')}`);
  });

  it('answers 304 to a device holding the current copy, and a new PDF once what it says changes', async () => {
    const b = await unsignedBuyer();
    await sign(b.cookie);
    const get = (headers: Record<string, string> = {}) =>
      t.app.request('/api/user/contract/pdf', { headers: { cookie: b.cookie, ...headers } });
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const tag = first.headers.get('etag') ?? '';
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    await first.arrayBuffer();

    const held = await get({ 'if-none-match': tag });
    expect(held.status).toBe(304);
    expect(held.headers.get('etag')).toBe(tag);
    expect(await held.text()).toBe('');
    // Another tag, or one among several, as a browser may send.
    expect((await get({ 'if-none-match': 'W/"an-older-copy"' })).status).toBe(200);
    expect((await get({ 'if-none-match': `W/"an-older-copy", ${tag}` })).status).toBe(304);

    // The company's name is part of the contract: the copy the device holds is no longer current.
    await t.db.update(companies).set({ name: '成都仁和大药房连锁有限公司' }).where(eq(companies.id, b.companyId));
    const renamed = await get({ 'if-none-match': tag });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('etag')).not.toBe(tag);
    expect(pdfText(Buffer.from(await renamed.arrayBuffer()))).toContain('成都仁和大药房连锁有限公司');
  });
});
