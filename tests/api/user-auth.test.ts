// Sessions and accounts: login, lockout, logout, user base, profile, password change and recovery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember, TEST_PASSWORD } from '../helpers/accounts.ts';
import { signCurrentContract } from '../helpers/contract.ts';
import {
  cartLines,
  categories,
  companies,
  goods,
  manufacturers,
  messages,
  sessions,
  siteConfig,
  staff,
  wallets,
  warehouses,
} from '../../server/db/schema.ts';
import type { UserBase } from '../../src/domain/user.ts';

let t: TestApp;
let demo: { userId: number; companyId: number | null };

beforeAll(async () => {
  t = await createTestApp();
  const [manager] = await t.db
    .insert(staff)
    .values({ name: '王经理', phone: '13900000001', role: 'account_manager' })
    .returning();
  const [ywy] = await t.db
    .insert(staff)
    .values({ name: '李业务', phone: '13900000002', role: 'salesperson' })
    .returning();
  demo = await createMember(t.db, {
    username: 'demo',
    name: '张三',
    phone: '13800000001',
    company: {
      name: '康源大药房',
      rank: 2,
      isCanChat: true,
      accountManagerId: manager.id,
      salespersonId: ywy.id,
      province: '广东省',
      city: '广州市',
      district: '天河区',
      address: '体育西路1号',
    },
  });
  await signCurrentContract(t.db, demo.companyId!, new Date('2025-01-01T00:00:00Z'));
  await t.db.insert(wallets).values({ companyId: demo.companyId!, balance: 100_00, points: 321 });
  await t.db.insert(siteConfig).values([
    { key: 'hot_line', value: '400-800-1234' },
    { key: 'common_config', value: { qq1: '10001', qq2: '10002' } },
  ]);
  await t.db.insert(messages).values([
    { companyId: demo.companyId!, title: 'a', body: 'a' },
    { companyId: demo.companyId!, title: 'b', body: 'b', readAt: new Date() },
  ]);
  const [m] = await t.db.insert(manufacturers).values({ name: '华润三九医药股份有限公司' }).returning();
  const [cat] = await t.db.insert(categories).values({ level: 1, name: '西药' }).returning();
  const [wh] = await t.db.insert(warehouses).values({ name: '广州仓' }).returning();
  const goodsRows = await t.db
    .insert(goods)
    .values(
      [1, 2, 3].map((i) => ({
        name: `感冒灵颗粒${i}`,
        manufacturerId: m.id,
        sccj: m.name,
        categoryId: cat.id,
        categoryL1: cat.id,
        categoryL2: cat.id,
        warehouseId: wh.id,
        basePrice: 1000,
      })),
    )
    .returning();
  await t.db.insert(cartLines).values(
    goodsRows.map((g) => ({
      companyId: demo.companyId!,
      userId: demo.userId,
      goodsId: g.id,
      warehouseId: wh.id,
      number: 1,
      price: 1000,
    })),
  );
});
afterAll(() => t.close());

describe('POST /api/user/login', () => {
  it('signs in, sets a hardened session cookie and returns the user base', async () => {
    const res = await t.call<UserBase>('POST', '/api/user/login', {
      body: { username: 'demo', password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(10000);
    expect(res.body.data.username).toBe('demo');
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).not.toMatch(/Secure/);
    // Only the token's hash is stored.
    const token = res.cookie!.slice(4);
    const rows = await t.db.select().from(sessions);
    expect(rows.some((r) => r.id === token)).toBe(false);
  });

  it('refuses a wrong password and an unknown user with the same 400 answer', async () => {
    const wrong = await t.call('POST', '/api/user/login', { body: { username: 'demo', password: 'nope12345' } });
    const unknown = await t.call('POST', '/api/user/login', { body: { username: 'ghost', password: 'nope12345' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: 400, msg: '用户名或密码错误', data: null });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('needs both fields (422)', async () => {
    const res = await t.call('POST', '/api/user/login', { body: { username: 'demo' } });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('请输入密码');
  });

  it('locks an account after 5 failures, even for the right password, for 15 minutes', async () => {
    await createMember(t.db, { username: 'locked1' });
    for (let i = 0; i < 5; i++) {
      const res = await t.call('POST', '/api/user/login', { body: { username: 'locked1', password: 'wrong1234' } });
      expect(res.status).toBe(400);
    }
    const sixth = await t.call('POST', '/api/user/login', { body: { username: 'locked1', password: TEST_PASSWORD } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.msg).toBe('登录失败次数过多，请15分钟后再试');
    expect(sixth.cookie).toBeNull();
    t.clock.advance(15 * 60 * 1000 + 1);
    const later = await t.call('POST', '/api/user/login', { body: { username: 'locked1', password: TEST_PASSWORD } });
    expect(later.status).toBe(200);
  });

  it('sets Secure on the cookie behind HTTPS', async () => {
    const secure = await createTestApp({ config: { secureCookies: true } });
    await createMember(secure.db, { username: 'secure1' });
    const res = await secure.call('POST', '/api/user/login', {
      body: { username: 'secure1', password: TEST_PASSWORD },
    });
    expect(res.headers.get('set-cookie')).toMatch(/Secure/);
    await secure.close();
  });
});

describe('GET /api/user/base', () => {
  it('answers 401/10001 when signed out', async () => {
    const res = await t.call('GET', '/api/user/base');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10001);
  });

  it('builds every SPEC §3 field from the database', async () => {
    const cookie = await t.signIn('demo', TEST_PASSWORD);
    const res = await t.call<UserBase>('GET', '/api/user/base', { cookie });
    expect(res.status).toBe(200);
    const u = res.body.data;
    expect(u).toMatchObject({
      show: true,
      username: 'demo',
      name: '张三',
      phone: '13800000001',
      company: '康源大药房',
      rank: 2,
      admin: { name: '王经理', phone: '13900000001', is_default: 0 },
      address: '广东省广州市天河区体育西路1号',
      is_passed: 1,
      points: 321,
      cart: 3,
      message_count: 1,
      common_config: { hot_line: '400-800-1234', qq1: '10001', qq2: '10002' },
      quality_inspection: { quality_inspection_url: '', msg: '质检报告请联系客服索取' },
      is_can_chat: 1,
      is_AfterSale: 1,
      ywy: { name: '李业务', phone: '13900000002' },
      customer: { id: demo.companyId, review_status: 'approved', contract_signed: 1, is_head_office: 0 },
    });
    expect(u.token).toMatch(/^\d+\.\d+\.[0-9a-f]{64}$/);
    expect(cookie).not.toContain(u.token);
    const keys = Object.keys(u).sort();
    expect(keys).toEqual(
      [
        'show',
        'username',
        'name',
        'phone',
        'company',
        'face',
        'rank',
        'admin',
        'address',
        'is_passed',
        'points',
        'cart',
        'message_count',
        'wechat',
        'common_config',
        'quality_inspection',
        'login_url',
        'is_show_youx',
        'is_special',
        'is_can_chat',
        'token',
        'is_AfterSale',
        'ywy',
        'customer',
      ].sort(),
    );
  });

  it('shows the quality-inspection link when the company has one', async () => {
    await t.db
      .update(companies)
      .set({ qualityInspectionUrl: 'https://qc.example/r/1' })
      .where(eq(companies.id, demo.companyId!));
    const cookie = await t.signIn('demo', TEST_PASSWORD);
    const res = await t.call<UserBase>('GET', '/api/user/base', { cookie });
    expect(res.body.data.quality_inspection).toEqual({ quality_inspection_url: 'https://qc.example/r/1', msg: '' });
  });
});

describe('session lifetime', () => {
  it('slides the expiry forward and ends after 30 idle days', async () => {
    await createMember(t.db, { username: 'slider' });
    const cookie = await t.signIn('slider', TEST_PASSWORD);
    const soon = await t.call('GET', '/api/user/base', { cookie });
    expect(soon.cookie).toBeNull(); // seen less than a minute ago: no write
    t.clock.advance(20 * 24 * 3600 * 1000);
    const refreshed = await t.call('GET', '/api/user/base', { cookie });
    expect(refreshed.status).toBe(200);
    expect(refreshed.cookie).toBe(cookie);
    t.clock.advance(20 * 24 * 3600 * 1000);
    expect((await t.call('GET', '/api/user/base', { cookie })).status).toBe(200);
    t.clock.advance(31 * 24 * 3600 * 1000);
    const expired = await t.call('GET', '/api/user/base', { cookie });
    expect(expired.status).toBe(401);
    expect(expired.cookie).toBe('');
  });
});

describe('DELETE /api/user/logout', () => {
  it('ends the session: the old cookie no longer works', async () => {
    const cookie = await t.signIn('demo', TEST_PASSWORD);
    const res = await t.call('DELETE', '/api/user/logout', { cookie });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(10000);
    expect(res.cookie).toBe('');
    expect((await t.call('GET', '/api/user/base', { cookie })).status).toBe(401);
  });
});

describe('profile and password (signed in)', () => {
  it('updates name and phone, refusing a bad phone with the Chinese message', async () => {
    await createMember(t.db, { username: 'profile1' });
    const cookie = await t.signIn('profile1', TEST_PASSWORD);
    const bad = await t.call('POST', '/api/user/updateUserInfo', { cookie, body: { name: '王五', phone: '12345' } });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toBe('请输入正确的手机号码');
    expect(bad.body.data.errors.phone).toEqual(['请输入正确的手机号码']);
    // A new phone needs its code and the current password (tests/api/account-changes.test.ts).
    expect(
      (
        await t.call('POST', '/api/user/create_code', {
          cookie,
          body: { purpose: 'change_phone', phone: '13700000077' },
        })
      ).status,
    ).toBe(200);
    const outbox = (await t.call('GET', '/api/dev/outbox')).body.data as {
      phone: string;
      purpose: string;
      code: string;
    }[];
    const code = outbox.find((c) => c.phone === '13700000077' && c.purpose === 'change_phone')?.code;
    const good = await t.call('POST', '/api/user/updateUserInfo', {
      cookie,
      body: { name: '王五', phone: '13700000077', code, old_password: TEST_PASSWORD },
    });
    expect(good.status, good.body.msg).toBe(200);
    const base = await t.call<UserBase>('GET', '/api/user/base', { cookie });
    expect(base.body.data).toMatchObject({ name: '王五', phone: '13700000077' });
  });

  it('changes the password, checking the old one, and signs out other browsers', async () => {
    await createMember(t.db, { username: 'changer' });
    const here = await t.signIn('changer', TEST_PASSWORD);
    const elsewhere = await t.signIn('changer', TEST_PASSWORD);
    const wrongOld = await t.call('POST', '/api/user/resetPassword', {
      cookie: here,
      body: { old_password: 'bad12345', password: 'newpass99' },
    });
    expect(wrongOld.status).toBe(422);
    expect(wrongOld.body.msg).toBe('原密码不正确');
    const weak = await t.call('POST', '/api/user/resetPassword', { cookie: here, body: { password: '123' } });
    expect(weak.status).toBe(422);
    const res = await t.call('POST', '/api/user/resetPassword', {
      cookie: here,
      body: { old_password: TEST_PASSWORD, password: 'newpass99', password_confirmation: 'newpass99' },
    });
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/api/user/base', { cookie: here })).status).toBe(200);
    expect((await t.call('GET', '/api/user/base', { cookie: elsewhere })).status).toBe(401);
    await expect(t.signIn('changer', 'newpass99')).resolves.toMatch(/^sid=/);
  });

  it('needs a session', async () => {
    expect((await t.call('POST', '/api/user/resetPassword', { body: { password: 'abc12345' } })).status).toBe(401);
    expect(
      (await t.call('POST', '/api/user/updateUserInfo', { body: { name: 'x', phone: '13800000000' } })).status,
    ).toBe(401);
  });
});

describe('GET /api/user/phone/:value', () => {
  it('says whether a phone is registered', async () => {
    expect((await t.call('GET', '/api/user/phone/13800000001')).body.data).toEqual({ exists: true });
    expect((await t.call('GET', '/api/user/phone/13811112222')).body.data).toEqual({ exists: false });
    expect((await t.call('GET', '/api/user/phone/123')).status).toBe(422);
  });
});

describe('SMS codes and password recovery', () => {
  const outbox = async () =>
    (await t.call('GET', '/api/dev/outbox')).body.data as { phone: string; purpose: string; code: string }[];

  it('sends a code without revealing it, and rate-limits resends', async () => {
    const res = await t.call('POST', '/api/user/create_code', { body: { phone: '13622223333', purpose: 'register' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ phone: '136****3333', expires_in: 300, resend_in: 60 });
    const [latest] = await outbox();
    expect(latest).toMatchObject({ phone: '13622223333', purpose: 'register' });
    expect(latest.code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(res.body)).not.toContain(latest.code);
    const again = await t.call('POST', '/api/user/create_code', {
      body: { phone: '13622223333', purpose: 'register' },
    });
    expect(again.status).toBe(429);
    t.clock.advance(61_000);
    expect(
      (await t.call('POST', '/api/user/create_code', { body: { phone: '13622223333', purpose: 'register' } })).status,
    ).toBe(200);
  });

  it('refuses a register code for a registered phone and a bad purpose', async () => {
    const taken = await t.call('POST', '/api/user/create_code', {
      body: { phone: '13800000001', purpose: 'register' },
    });
    expect(taken.status).toBe(400);
    const bad = await t.call('POST', '/api/user/create_code', { body: { phone: '13800000001', purpose: 'hack' } });
    expect(bad.status).toBe(422);
  });

  it('recovers a password end to end: code → verify → reset → old sessions end', async () => {
    await createMember(t.db, { username: 'forgetful', phone: '13533334444' });
    const oldSession = await t.signIn('forgetful', TEST_PASSWORD);

    const sent = await t.call('POST', '/api/user/create_code', {
      body: { username: 'forgetful', purpose: 'reset_password' },
    });
    expect(sent.status).toBe(200);
    // By username the answer shows no phone (it must not tell which names exist).
    expect(sent.body.data.phone).toBe('');
    const code = (await outbox()).find((r) => r.phone === '13533334444' && r.purpose === 'reset_password')!.code;

    const wrong = await t.call('POST', '/api/user/forget/verify', {
      body: { username: 'forgetful', code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.msg).toBe('验证码错误或已过期');

    const verified = await t.call('POST', '/api/user/forget/verify', { body: { phone: '13533334444', code } });
    expect(verified.status).toBe(200);
    const token = verified.body.data.token as string;
    expect(verified.body.data.username).toBe('forgetful');

    const reused = await t.call('POST', '/api/user/forget/verify', { body: { phone: '13533334444', code } });
    expect(reused.status).toBe(422);

    const mismatch = await t.call('POST', '/api/user/forget/reset', {
      body: { token, password: 'fresh1234', password_confirmation: 'fresh9999' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.msg).toBe('两次输入的密码不一致');

    const reset = await t.call('POST', '/api/user/forget/reset', {
      body: { token, password: 'fresh1234', password_confirmation: 'fresh1234' },
    });
    expect(reset.status).toBe(200);
    expect((await t.call('GET', '/api/user/base', { cookie: oldSession })).status).toBe(401);
    await expect(t.signIn('forgetful', 'fresh1234')).resolves.toMatch(/^sid=/);
    const oldPassword = await t.call('POST', '/api/user/login', {
      body: { username: 'forgetful', password: TEST_PASSWORD },
    });
    expect(oldPassword.status).toBe(400);

    const replay = await t.call('POST', '/api/user/forget/reset', {
      body: { token, password: 'other1234', password_confirmation: 'other1234' },
    });
    expect(replay.status).toBe(400);
  });

  it('expires a verified reset token after 15 minutes', async () => {
    await createMember(t.db, { username: 'slowpoke', phone: '13544445555' });
    t.clock.advance(61_000);
    await t.call('POST', '/api/user/create_code', { body: { phone: '13544445555', purpose: 'reset_password' } });
    const code = (await outbox()).find((r) => r.phone === '13544445555')!.code;
    const verified = await t.call('POST', '/api/user/forget/verify', { body: { username: 'slowpoke', code } });
    t.clock.advance(15 * 60 * 1000 + 1);
    const late = await t.call('POST', '/api/user/forget/reset', {
      body: { token: verified.body.data.token, password: 'fresh1234', password_confirmation: 'fresh1234' },
    });
    expect(late.status).toBe(400);
  });
});

describe('dev outbox', () => {
  it('is absent when dev endpoints are off', async () => {
    const prod = await createTestApp({ config: { devEndpoints: false } });
    const res = await prod.call('GET', '/api/dev/outbox');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
    await prod.close();
  });
});
