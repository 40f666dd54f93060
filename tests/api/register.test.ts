// Registration: account (step 1) → qualification upload (step 2) → review status (step 3), and
// the multi-store (多门店) flow of a head office.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember, TEST_PASSWORD } from '../helpers/accounts.ts';
import { companies, qualificationFiles } from '../../server/db/schema.ts';
import { creditCodeCheckChar } from '../../src/domain/validators.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CREDIT_17 = '91440101MA5CXXX0A';
const CREDIT_CODE = CREDIT_17 + creditCodeCheckChar(CREDIT_17);
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

async function sendCode(phone: string): Promise<string> {
  t.clock.advance(61_000);
  const res = await t.call('POST', '/api/user/create_code', { body: { phone, purpose: 'register' } });
  expect(res.status).toBe(200);
  const outbox = (await t.call('GET', '/api/dev/outbox')).body.data as { phone: string; code: string }[];
  return outbox.find((r) => r.phone === phone)!.code;
}

function step1Body(over: Record<string, string> = {}) {
  return {
    username: 'newshop',
    password: 'shop1234',
    password_confirmation: 'shop1234',
    phone: '13712345678',
    code: '000000',
    agree: '1',
    ...over,
  };
}

function companyForm(files: Record<string, Blob | string>, over: Record<string, string> = {}): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    company_name: '广州市新康大药房有限公司',
    kind: 'pharmacy',
    credit_code: CREDIT_CODE,
    legal_person: '陈新',
    contact_name: '陈新',
    contact_phone: '020-12345678',
    province: '广东省',
    city: '广州市',
    district: '越秀区',
    address: '中山五路1号',
    ...over,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [kind, blob] of Object.entries(files)) {
    if (typeof blob === 'string') form.append(`files[${kind}]`, blob);
    else form.append(`files[${kind}]`, blob, `${kind}.bin`);
  }
  return form;
}

describe('register step 1', () => {
  it('refuses a bad phone with the Chinese message (422)', async () => {
    const res = await t.call('POST', '/api/register/step1', { body: step1Body({ phone: '12345678901' }) });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('请输入正确的手机号码');
    expect(res.body.data.errors.phone).toEqual(['请输入正确的手机号码']);
  });

  it('needs the agreement and matching passwords', async () => {
    const noAgree = await t.call('POST', '/api/register/step1', { body: step1Body({ agree: '0' }) });
    expect(noAgree.body.data.errors.agree).toEqual(['请阅读并同意用户注册协议']);
    const mismatch = await t.call('POST', '/api/register/step1', {
      body: step1Body({ password_confirmation: 'other1234' }),
    });
    expect(mismatch.body.msg).toBe('两次输入的密码不一致');
  });

  it('refuses a wrong code', async () => {
    const code = await sendCode('13712345678');
    const res = await t.call('POST', '/api/register/step1', {
      body: step1Body({ code: code === '123456' ? '654321' : '123456' }),
    });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('验证码错误或已过期');
  });

  it('refuses a taken username (any letter case)', async () => {
    await createMember(t.db, { username: 'TakenName' });
    const res = await t.call('POST', '/api/register/step1', { body: step1Body({ username: 'takenname' }) });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('该用户名已被注册');
  });

  it('creates the account with a draft company and signs in', async () => {
    const code = await sendCode('13712345678');
    const res = await t.call('POST', '/api/register/step1', { body: step1Body({ code }) });
    expect(res.status).toBe(201);
    expect(res.body.code).toBe(10000);
    expect(res.body.data).toMatchObject({ step: 2, next: '/register/step2' });
    expect(res.cookie).toMatch(/^sid=/);
    const base = await t.call('GET', '/api/user/base', { cookie: res.cookie });
    expect(base.body.data).toMatchObject({ username: 'newshop', is_passed: 0, customer: { review_status: 'draft' } });
    const status = await t.call('GET', '/api/register/status', { cookie: res.cookie });
    expect(status.body.data.review_status).toBe('draft');
    // The code is spent.
    const again = await t.call('POST', '/api/register/step1', { body: step1Body({ username: 'newshop2', code }) });
    expect(again.status).toBe(422);
  });
});

describe('register step 2 and 3', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await t.signIn('newshop', 'shop1234');
  });

  it('needs a session', async () => {
    const res = await t.call('POST', '/api/register/step2', { form: companyForm({}) });
    expect(res.status).toBe(401);
  });

  it('refuses a file whose bytes are not PDF/JPG/PNG, whatever its name', async () => {
    const fake = new Blob(['<html><script>alert(1)</script></html>'], { type: 'application/pdf' });
    const res = await t.call('POST', '/api/register/step2', {
      cookie,
      form: companyForm({ business_license: fake, drug_license: new Blob([PDF]) }),
    });
    expect(res.status).toBe(422);
    expect(res.body.data.errors['files.business_license']).toEqual(['营业执照仅支持PDF、JPG、PNG格式']);
  });

  it('refuses missing required documents, a bad credit code and a file over 5 MB', async () => {
    const missing = await t.call('POST', '/api/register/step2', {
      cookie,
      form: companyForm({ business_license: new Blob([PDF]) }),
    });
    expect(missing.status).toBe(422);
    expect(missing.body.data.errors['files.drug_license']).toEqual(['请上传药品经营许可证']);

    const badCode = await t.call('POST', '/api/register/step2', {
      cookie,
      form: companyForm({ business_license: new Blob([PDF]), drug_license: new Blob([PDF]) }, { credit_code: '123' }),
    });
    expect(badCode.body.msg).toBe('请输入正确的18位统一社会信用代码');

    // The registered address must be a real 省/市/区, as delivery addresses must.
    const badRegion = await t.call('POST', '/api/register/step2', {
      cookie,
      form: companyForm(
        { business_license: new Blob([PDF]), drug_license: new Blob([PDF]) },
        { city: '深圳市', district: '越秀区' },
      ),
    });
    expect(badRegion.status).toBe(422);
    expect(badRegion.body.data.errors.district).toEqual(['请选择正确的区县']);

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF);
    const tooBig = await t.call('POST', '/api/register/step2', {
      cookie,
      form: companyForm({ business_license: new Blob([big]), drug_license: new Blob([PDF]) }),
    });
    expect(tooBig.body.data.errors['files.business_license']).toEqual(['营业执照文件不能超过5MB']);
  });

  it('stores the company and documents and moves to review', async () => {
    const res = await t.call('POST', '/api/register/step2', {
      cookie,
      form: companyForm({ business_license: new Blob([PDF]), drug_license: new Blob([PNG]) }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ step: 3, review_status: 'pending' });
    const status = await t.call('GET', '/api/register/status', { cookie });
    expect(status.body.data).toMatchObject({ review_status: 'pending', company: '广州市新康大药房有限公司' });
    expect(status.body.data.msg).toContain('审核中');
    const base = await t.call('GET', '/api/user/base', { cookie });
    const files = await t.db
      .select()
      .from(qualificationFiles)
      .where(eq(qualificationFiles.companyId, base.body.data.customer.id));
    expect(files.map((f) => [f.kind, f.mime]).sort()).toEqual([
      ['business_license', 'application/pdf'],
      ['drug_license', 'image/png'],
    ]);
    const again = await t.call('POST', '/api/register/step2', {
      cookie,
      form: companyForm({ business_license: new Blob([PDF]), drug_license: new Blob([PNG]) }),
    });
    expect(again.status).toBe(400);
  });
});

describe('multi-store registration', () => {
  let hq: { companyId: number | null };
  let hqCookie: string;
  beforeAll(async () => {
    hq = await createMember(t.db, { username: 'chainhq', company: { name: '连锁总部', kind: 'chain' } });
    hqCookie = await t.signIn('chainhq', TEST_PASSWORD);
  });

  it('lets a head office add a store account and submit its documents', async () => {
    const step1 = await t.call('POST', '/api/register/dd/step1', {
      cookie: hqCookie,
      body: {
        store_name: '连锁一店',
        username: 'chainstore1',
        password: 'store1234',
        password_confirmation: 'store1234',
        phone: '13655556666',
      },
    });
    expect(step1.status).toBe(201);
    const storeId = step1.body.data.store_id as number;
    const [store] = await t.db.select().from(companies).where(eq(companies.id, storeId));
    expect(store.parentId).toBe(hq.companyId);

    const form = companyForm(
      { business_license: new Blob([PDF]), drug_license: new Blob([PDF]) },
      { company_name: '连锁一店' },
    );
    form.append('store_id', String(storeId));
    const step2 = await t.call('POST', '/api/register/dd/step2', { cookie: hqCookie, form });
    expect(step2.status).toBe(200);
    const status = await t.call('GET', `/api/register/status?store_id=${storeId}`, { cookie: hqCookie });
    expect(status.body.data.review_status).toBe('pending');

    // The store's own account can sign in.
    await expect(t.signIn('chainstore1', 'store1234')).resolves.toMatch(/^sid=/);
    const base = await t.call('GET', '/api/user/base', { cookie: hqCookie });
    expect(base.body.data.customer.is_head_office).toBe(1);
  });

  it('refuses a single pharmacy, and another chain’s store id (404)', async () => {
    await createMember(t.db, { username: 'single1' });
    const single = await t.signIn('single1', TEST_PASSWORD);
    const refused = await t.call('POST', '/api/register/dd/step1', {
      cookie: single,
      body: {
        store_name: 'x',
        username: 'xstore1',
        password: 'store1234',
        password_confirmation: 'store1234',
        phone: '13655556667',
      },
    });
    expect(refused.status).toBe(403);

    const other = await createMember(t.db, { username: 'otherhq', company: { name: '别家总部', kind: 'chain' } });
    const foreign = await createMember(t.db, {
      username: 'otherstore',
      company: { name: '别家门店', parentId: other.companyId, reviewStatus: 'draft' },
    });
    const form = companyForm({ business_license: new Blob([PDF]), drug_license: new Blob([PDF]) });
    form.append('store_id', String(foreign.companyId));
    const res = await t.call('POST', '/api/register/dd/step2', { cookie: hqCookie, form });
    expect(res.status).toBe(404);
    const peek = await t.call('GET', `/api/register/status?store_id=${foreign.companyId}`, { cookie: hqCookie });
    expect(peek.status).toBe(404);
  });
});
