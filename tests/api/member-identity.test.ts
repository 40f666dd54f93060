// Issue 17 part A: WeChat binding with one-time QR tickets (and unbinding), registration started
// from a WeChat scan, the login history, the phone uniqueness of updateUserInfo, and an expired
// recovery code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember, TEST_PASSWORD } from '../helpers/accounts.ts';
import { users } from '../../server/db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createMember(t.db, { username: 'binder', phone: '13811110001' });
  await createMember(t.db, { username: 'other', phone: '13811110002' });
});
afterAll(() => t.close());

const ticketOf = (url: string) => new URL(url, 'http://shop').searchParams.get('ticket')!;
const outbox = async () =>
  (await t.call('GET', '/api/dev/outbox')).body.data as { phone: string; purpose: string; code: string }[];

describe('WeChat binding (/bdwx)', () => {
  it('is for members only (10001)', async () => {
    for (const [method, path] of [
      ['POST', '/api/user/wechat_ticket'],
      ['GET', '/api/user/wechat_ticket?ticket=x'],
      ['DELETE', '/api/user/unbind_wechat'],
      ['GET', '/api/user/login_log'],
    ] as const) {
      const res = await t.call(method, path);
      expect(res.status, path).toBe(401);
      expect(res.body.code).toBe(10001);
    }
  });

  it('binds through a one-time ticket, shows it in the user base, and unbinds', async () => {
    const cookie = await t.signIn('binder', TEST_PASSWORD);
    const issued = await t.call('POST', '/api/user/wechat_ticket', { cookie });
    expect(issued.status).toBe(200);
    expect(issued.body.data.url).toMatch(/^\/wechat\/confirm\?ticket=/);
    expect(issued.body.data.expires_in).toBe(300);
    const ticket = ticketOf(issued.body.data.url);

    const waiting = await t.call('GET', `/api/user/wechat_ticket?ticket=${ticket}`, { cookie });
    expect(waiting.body.data.status).toBe('waiting');
    // The confirmation page (no session: it is the phone's browser) names the account.
    const described = await t.call('GET', `/api/wechat/ticket?ticket=${ticket}`);
    expect(described.body.data).toMatchObject({ purpose: 'bind', account: 'binder' });

    const noName = await t.call('POST', '/api/wechat/confirm', { body: { ticket, nickname: ' ' } });
    expect(noName.status).toBe(422);
    expect(noName.body.data.errors.nickname[0]).toBe('请输入微信昵称');

    const confirmed = await t.call('POST', '/api/wechat/confirm', { body: { ticket, nickname: '小林药师' } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.msg).toBe('微信绑定成功');
    const [row] = await t.db.select().from(users).where(eq(users.username, 'binder'));
    expect(row.wechatOpenid).toMatch(/^o[\w-]{27}$/);
    expect((await t.call('GET', '/api/user/base', { cookie })).body.data.wechat).toBe('小林药师');
    expect((await t.call('GET', `/api/user/wechat_ticket?ticket=${ticket}`, { cookie })).body.data.status).toBe('done');

    // The same QR scanned again is refused, and no new ticket while bound.
    const reused = await t.call('POST', '/api/wechat/confirm', { body: { ticket, nickname: '别人' } });
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe('二维码已使用，请在页面上刷新二维码');
    const again = await t.call('POST', '/api/user/wechat_ticket', { cookie });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('您已绑定微信，如需更换请先解绑');

    const unbound = await t.call('DELETE', '/api/user/unbind_wechat', { cookie });
    expect(unbound.status).toBe(200);
    expect((await t.call('GET', '/api/user/base', { cookie })).body.data.wechat).toBe('');
    const [after] = await t.db.select().from(users).where(eq(users.username, 'binder'));
    expect(after.wechatOpenid).toBeNull();
    const twice = await t.call('DELETE', '/api/user/unbind_wechat', { cookie });
    expect(twice.status).toBe(400);
    expect(twice.body.msg).toBe('尚未绑定微信');
  });

  it('refuses an expired ticket, an unknown one, and another user’s ticket (404)', async () => {
    const cookie = await t.signIn('binder', TEST_PASSWORD);
    const issued = await t.call('POST', '/api/user/wechat_ticket', { cookie });
    const ticket = ticketOf(issued.body.data.url);

    const otherCookie = await t.signIn('other', TEST_PASSWORD);
    const peek = await t.call('GET', `/api/user/wechat_ticket?ticket=${ticket}`, { cookie: otherCookie });
    expect(peek.status).toBe(404);

    const unknown = await t.call('POST', '/api/wechat/confirm', { body: { ticket: 'nope', nickname: 'x' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('二维码无效，请在页面上刷新二维码');

    t.clock.advance(5 * 60 * 1000 + 1);
    expect((await t.call('GET', `/api/user/wechat_ticket?ticket=${ticket}`, { cookie })).body.data.status).toBe(
      'expired',
    );
    const late = await t.call('POST', '/api/wechat/confirm', { body: { ticket, nickname: '小林' } });
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe('二维码已过期，请在页面上刷新二维码');
    const [row] = await t.db.select().from(users).where(eq(users.username, 'binder'));
    expect(row.wechatOpenid).toBeNull();
  });
});

describe('registration from a WeChat scan (/register/wechat)', () => {
  async function registerCode(phone: string): Promise<string> {
    t.clock.advance(61_000);
    expect((await t.call('POST', '/api/user/create_code', { body: { phone, purpose: 'register' } })).status).toBe(200);
    return (await outbox()).find((r) => r.phone === phone && r.purpose === 'register')!.code;
  }
  const account = (over: Record<string, string>) => ({
    username: 'wxshop',
    password: 'shop1234',
    password_confirmation: 'shop1234',
    phone: '13822220001',
    agree: '1',
    ...over,
  });

  it('creates the account bound to the WeChat that confirmed the scan', async () => {
    const issued = await t.call('POST', '/api/register/wechat');
    expect(issued.status).toBe(200);
    const ticket = ticketOf(issued.body.data.url);
    expect((await t.call('GET', `/api/register/wechat?ticket=${ticket}`)).body.data.status).toBe('waiting');

    // Before the scan the ticket cannot register anyone.
    const early = await t.call('POST', '/api/register/step1', {
      body: account({ code: await registerCode('13822220001'), wechat_ticket: ticket }),
    });
    expect(early.status).toBe(422);
    expect(early.body.data.errors.wechat_ticket[0]).toBe('微信授权已失效，请重新扫码');

    const described = await t.call('GET', `/api/wechat/ticket?ticket=${ticket}`);
    expect(described.body.data).toMatchObject({ purpose: 'register', account: '' });
    expect((await t.call('POST', '/api/wechat/confirm', { body: { ticket, nickname: '新康药房' } })).status).toBe(200);
    expect((await t.call('GET', `/api/register/wechat?ticket=${ticket}`)).body.data).toEqual({
      status: 'scanned',
      nickname: '新康药房',
    });

    // The scan gives the buyer time to fill in the form (longer than the QR's 5 minutes).
    t.clock.advance(10 * 60 * 1000);
    const res = await t.call('POST', '/api/register/step1', {
      body: account({ code: await registerCode('13822220001'), wechat_ticket: ticket }),
    });
    expect(res.status).toBe(201);
    const base = await t.call('GET', '/api/user/base', { cookie: res.cookie });
    expect(base.body.data.wechat).toBe('新康药房');

    // Spent: a second registration with the same scan is refused.
    const replay = await t.call('POST', '/api/register/step1', {
      body: account({
        username: 'wxshop2',
        phone: '13822220002',
        code: await registerCode('13822220002'),
        wechat_ticket: ticket,
      }),
    });
    expect(replay.status).toBe(422);
    expect(replay.body.data.errors.wechat_ticket).toBeDefined();
    expect((await t.call('GET', `/api/register/wechat?ticket=${ticket}`)).body.data.status).toBe('done');
  });

  it('refuses a bind ticket and an unknown one', async () => {
    const cookie = await t.signIn('other', TEST_PASSWORD);
    const bind = ticketOf((await t.call('POST', '/api/user/wechat_ticket', { cookie })).body.data.url);
    expect((await t.call('GET', `/api/register/wechat?ticket=${bind}`)).status).toBe(404);
    expect((await t.call('GET', '/api/register/wechat?ticket=')).status).toBe(422);
  });
});

describe('login history and profile', () => {
  it('records each sign-in with time and client address, newest first, per account', async () => {
    await createMember(t.db, { username: 'historian', phone: '13811110003' });
    await t.signIn('historian', TEST_PASSWORD);
    t.clock.advance(60_000);
    const cookie = await t.signIn('historian', TEST_PASSWORD);
    const res = await t.call('GET', '/api/user/login_log', { cookie });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({ method: 'password', time: t.clock.now().toISOString() });
    expect(typeof res.body.data[0].ip).toBe('string');
    expect(new Date(res.body.data[1].time).getTime()).toBeLessThan(new Date(res.body.data[0].time).getTime());
    // Another account's list does not grow with historian's sign-ins.
    const otherCookie = await t.signIn('other', TEST_PASSWORD);
    const before = ((await t.call('GET', '/api/user/login_log', { cookie: otherCookie })).body.data as unknown[])
      .length;
    await t.signIn('historian', TEST_PASSWORD);
    expect((await t.call('GET', '/api/user/login_log', { cookie: otherCookie })).body.data).toHaveLength(before);
  });

  it('refuses a phone another account uses, keeps one’s own', async () => {
    const cookie = await t.signIn('other', TEST_PASSWORD);
    const taken = await t.call('POST', '/api/user/updateUserInfo', {
      cookie,
      body: { name: '王五', phone: '13811110001' },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.data.errors.phone[0]).toBe('该手机号已被其他账号使用');
    const own = await t.call('POST', '/api/user/updateUserInfo', {
      cookie,
      body: { name: '王五', phone: '13811110002' },
    });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ name: '王五', phone: '13811110002' });
  });
});

describe('password recovery codes', () => {
  it('refuses a code older than 5 minutes', async () => {
    await createMember(t.db, { username: 'latecomer', phone: '13811110004' });
    t.clock.advance(61_000);
    await t.call('POST', '/api/user/create_code', { body: { phone: '13811110004', purpose: 'reset_password' } });
    const code = (await outbox()).find((r) => r.phone === '13811110004')!.code;
    t.clock.advance(5 * 60 * 1000 + 1);
    const late = await t.call('POST', '/api/user/forget/verify', { body: { phone: '13811110004', code } });
    expect(late.status).toBe(422);
    expect(late.body.data.errors.code[0]).toBe('验证码错误或已过期');
  });
});

describe('QR ticket limit', () => {
  it('gives one address at most 20 tickets in 10 minutes (429 after)', async () => {
    t.clock.advance(11 * 60 * 1000);
    for (let i = 0; i < 20; i++) expect((await t.call('POST', '/api/register/wechat')).status).toBe(200);
    const refused = await t.call('POST', '/api/register/wechat');
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('二维码获取过于频繁，请稍后再试');
  });
});
