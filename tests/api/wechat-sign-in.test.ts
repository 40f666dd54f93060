// Real WeChat website sign-in (issue 33 §2) against a local fake WeChat at the HTTP edge: the
// ticket is the OAuth `state`, kept by the browser that asked for it (`wx_state` cookie); WeChat's
// callback binds (/bdwx) or authorises a registration (/register/wechat) once; a replayed state,
// a state from another browser or for another member, a refused or failing WeChat each bind
// nothing. Production offers WeChat only with its settings; the stand-in stays the demo's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember, TEST_PASSWORD } from '../helpers/accounts.ts';
import { startFakeWechat, fakeWechatEnv, wechatUser, type FakeWechat } from '../helpers/fake-wechat.ts';
import { phoneCodes, users } from '../../server/db/schema.ts';
import { readWechatSettings } from '../../server/ops/wechat-settings.ts';

const SHOP = 'https://shop.example.com';
let fake: FakeWechat;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeWechat();
  const env = fakeWechatEnv(fake.url, SHOP);
  const { wechat, missing } = readWechatSettings((n) => env[n]);
  expect(missing).toEqual([]);
  t = await createTestApp({ config: { demo: false, devEndpoints: false, wechat } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const stateCookie = (res: { headers: Headers }) => {
  for (const line of res.headers.getSetCookie()) {
    const m = /^wx_state=([^;]+)/.exec(line);
    if (m) return `wx_state=${m[1]}`;
  }
  return null;
};

/** Asks for a ticket and follows WeChat's page as the browser would; the callback URL WeChat sends it to. */
async function authorise(path: '/api/user/wechat_ticket' | '/api/register/wechat', session: string | null) {
  const res = await t.call('POST', path, { cookie: session });
  expect(res.status, res.body.msg).toBe(200);
  expect(res.body.data.redirect).toBe(true);
  const url = new URL(res.body.data.url as string);
  expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/connect/qrconnect`);
  expect(url.searchParams.get('redirect_uri')).toBe(`${SHOP}/api/wechat/callback`);
  expect(url.searchParams.get('state')).toBe(res.body.data.ticket);
  const wechat = await fetch(url, { redirect: 'manual' });
  expect(wechat.status).toBe(302);
  const back = new URL(wechat.headers.get('location')!);
  expect(back.origin).toBe(SHOP);
  return {
    ticket: res.body.data.ticket as string,
    browser: stateCookie(res),
    callback: `${back.pathname}${back.search}`,
  };
}

async function callback(path: string, cookies: (string | null)[]) {
  const cookie = cookies.filter(Boolean).join('; ');
  const res = await t.app.request(path, { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!, SHOP);
  return {
    page: location.pathname,
    ticket: location.searchParams.get('ticket'),
    error: location.searchParams.get('wechat_error'),
  };
}

const openidOf = async (username: string) =>
  (await t.db.select({ openid: users.wechatOpenid }).from(users).where(eq(users.username, username)))[0].openid;

describe('binding through WeChat (/bdwx)', () => {
  it('the shop offers WeChat in production with its settings', async () => {
    expect((await t.call('GET', '/api/global/shop_mode')).body.data.wechat).toBe(true);
    // The stand-in's confirmation endpoints stay the demo's.
    expect((await t.call('POST', '/api/wechat/confirm', { body: { ticket: 'x', nickname: 'y' } })).status).toBe(404);
  });

  it('binds the WeChat that scanned, once: a replayed callback binds nothing more', async () => {
    await createMember(t.db, { username: 'binder' });
    const session = await t.signIn('binder', TEST_PASSWORD);
    fake.scanner = wechatUser(1, '张药师');
    const flow = await authorise('/api/user/wechat_ticket', session);
    expect(flow.browser).toBe(`wx_state=${flow.ticket}`);
    const first = await callback(flow.callback, [session, flow.browser]);
    expect(first).toEqual({ page: '/bdwx', ticket: flow.ticket, error: null });
    expect(await openidOf('binder')).toBe(wechatUser(1).openid);
    expect((await t.call('GET', '/api/user/base', { cookie: session })).body.data.wechat).toBe('张药师');

    const exchanges = fake.exchanges;
    const replay = await callback(flow.callback, [session, flow.browser]);
    expect(replay).toMatchObject({ page: '/bdwx', error: '二维码已使用，请在页面上刷新二维码' });
    expect(fake.exchanges).toBe(exchanges);

    const unbind = await t.call('DELETE', '/api/user/unbind_wechat', { cookie: session });
    expect(unbind.body.msg).toBe('已解除微信绑定');
    expect(await openidOf('binder')).toBeNull();
  });

  it("refuses a state that is not this browser's, and the owner's ticket still works after", async () => {
    await createMember(t.db, { username: 'victim' });
    await createMember(t.db, { username: 'other' });
    const victim = await t.signIn('victim', TEST_PASSWORD);
    const other = await t.signIn('other', TEST_PASSWORD);
    fake.scanner = wechatUser(2);
    const flow = await authorise('/api/user/wechat_ticket', victim);

    // Another browser follows the link: no cookie, or its own cookie of another ticket.
    expect((await callback(flow.callback, [other])).error).toBe('微信授权已失效，请重新扫码');
    const own = await t.call('POST', '/api/user/wechat_ticket', { cookie: other });
    expect((await callback(flow.callback, [other, stateCookie(own)])).error).toBe('微信授权已失效，请重新扫码');
    // The right browser cookie but another member's session (a copied cookie): refused too.
    expect((await callback(flow.callback, [other, flow.browser])).error).toBe('微信授权已失效，请重新扫码');
    expect(await openidOf('other')).toBeNull();
    expect(await openidOf('victim')).toBeNull();

    // Even the member's own session without the browser's state cookie (another of their browsers).
    expect((await callback(flow.callback, [victim])).error).toBe('微信授权已失效，请重新扫码');
    expect(await callback(flow.callback, [victim, flow.browser])).toMatchObject({ page: '/bdwx', error: null });
    expect(await openidOf('victim')).toBe(wechatUser(2).openid);
  });

  it('a WeChat bound to another account is refused', async () => {
    await createMember(t.db, { username: 'second' });
    const session = await t.signIn('second', TEST_PASSWORD);
    fake.scanner = wechatUser(2); // victim's, bound above
    const flow = await authorise('/api/user/wechat_ticket', session);
    expect((await callback(flow.callback, [session, flow.browser])).error).toBe('该微信已绑定其他账号');
    expect(await openidOf('second')).toBeNull();
  });

  it('a buyer who refuses on the phone, or a WeChat that fails or answers garbage, binds nothing and spends the state', async () => {
    await createMember(t.db, { username: 'unlucky' });
    const session = await t.signIn('unlucky', TEST_PASSWORD);
    fake.scanner = null;
    const refused = await authorise('/api/user/wechat_ticket', session);
    expect((await callback(refused.callback, [session, refused.browser])).error).toBe('已取消微信授权');
    fake.scanner = wechatUser(3);
    for (const mode of ['5xx', 'garbage'] as const) {
      fake.mode = mode;
      const flow = await authorise('/api/user/wechat_ticket', session);
      expect((await callback(flow.callback, [session, flow.browser])).error).toBe('微信授权失败，请稍后再试');
      fake.mode = 'ok';
      expect((await callback(flow.callback, [session, flow.browser])).error).toBe('二维码已使用，请在页面上刷新二维码');
    }
    // A forged code is WeChat's 40029.
    const flow = await authorise('/api/user/wechat_ticket', session);
    const forged = flow.callback.replace(/code=[^&]+/, 'code=forged');
    expect((await callback(forged, [session, flow.browser])).error).toBe('微信授权失败，请稍后再试');
    expect(await openidOf('unlucky')).toBeNull();
  });
});

describe('registering from a WeChat scan (/register/wechat)', () => {
  it("a registration state scanned in someone else's browser authorises nothing (login CSRF)", async () => {
    fake.scanner = wechatUser(8);
    // The attacker asks for a registration and gets a victim to scan it: the victim's browser has no cookie.
    const flow = await authorise('/api/register/wechat', null);
    expect((await callback(flow.callback, [])).error).toBe('微信授权已失效，请重新扫码');
    const state = await t.call('GET', `/api/register/wechat?ticket=${encodeURIComponent(flow.ticket)}`);
    expect(state.body.data).toEqual({ status: 'waiting', nickname: '' });
  });

  it('the scan authorises the account form; step 1 creates the account bound to that WeChat', async () => {
    fake.scanner = wechatUser(9, '新药房');
    const flow = await authorise('/api/register/wechat', null);
    const back = await callback(flow.callback, [flow.browser]);
    expect(back).toEqual({ page: '/register/wechat', ticket: flow.ticket, error: null });
    const state = await t.call('GET', `/api/register/wechat?ticket=${encodeURIComponent(flow.ticket)}`);
    expect(state.body.data).toEqual({ status: 'scanned', nickname: '新药房' });

    const phone = '13700009999';
    expect((await t.call('POST', '/api/user/create_code', { body: { purpose: 'register', phone } })).status).toBe(200);
    const [{ code }] = await t.db.select({ code: phoneCodes.code }).from(phoneCodes).where(eq(phoneCodes.phone, phone));
    const step1 = await t.call('POST', '/api/register/step1', {
      body: {
        username: 'wxnew',
        password: 'abc12345',
        password_confirmation: 'abc12345',
        phone,
        code,
        agree: '1',
        wechat_ticket: flow.ticket,
      },
    });
    expect(step1.status, step1.body.msg).toBe(201);
    expect(await openidOf('wxnew')).toBe(wechatUser(9).openid);

    // The same WeChat cannot register a second account.
    const again = await authorise('/api/register/wechat', null);
    expect((await callback(again.callback, [again.browser])).error).toBe('该微信已注册，请直接登录');
  });
});

describe('without WeChat settings', () => {
  it('production hides WeChat and answers 404; the demo keeps the stand-in', async () => {
    const production = await createTestApp({ config: { demo: false, devEndpoints: false } });
    const demo = await createTestApp();
    try {
      expect((await production.call('GET', '/api/global/shop_mode')).body.data.wechat).toBe(false);
      expect((await production.call('POST', '/api/register/wechat')).status).toBe(404);
      expect((await production.app.request('/api/wechat/callback?state=a&code=b')).status).toBe(404);
      const demoTicket = await demo.call('POST', '/api/register/wechat');
      expect(demoTicket.body.data).toMatchObject({ redirect: false });
      expect(demoTicket.body.data.url).toMatch(/^\/wechat\/confirm\?ticket=/);
      expect((await demo.app.request('/api/wechat/callback?state=a&code=b')).status).toBe(404);
    } finally {
      await Promise.all([production.close(), demo.close()]);
    }
  });

  it('half of the settings, or no SHOP_URL, is refused', () => {
    expect(readWechatSettings((n) => ({ WECHAT_APP_ID: 'wx1' })[n]).missing).toEqual(['WECHAT_APP_SECRET', 'SHOP_URL']);
    expect(readWechatSettings(() => undefined)).toEqual({ missing: [] });
  });
});
