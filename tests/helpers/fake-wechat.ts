// A local fake of WeChat's website sign-in at the HTTP edge (open.weixin.qq.com and
// api.weixin.qq.com in one server): /connect/qrconnect checks the application and, standing for a
// buyer who scans and agrees on the phone (`scanner`), sends the browser back to redirect_uri with
// a one-time code and the state; /sns/oauth2/access_token trades a code once, for the right
// application secret only; /sns/userinfo answers for its access token. Errors as WeChat answers
// them: `{ errcode, errmsg }`. `mode` makes the token endpoint fail.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_WECHAT = { appId: 'wx0123456789abcdef', appSecret: 'test-wechat-app-secret-0000000000' };

export interface WechatUser {
  openid: string;
  unionid: string;
  nickname: string;
}

export interface FakeWechat {
  url: string;
  /** Who scans the next QR code; null: the buyer refuses on the phone (no code). */
  scanner: WechatUser | null;
  mode: 'ok' | '5xx' | 'garbage';
  /** Codes traded so far (each at most once). */
  exchanges: number;
  /** A code for `user` as if they had scanned, without the browser leg (API tests). */
  codeFor(user: WechatUser): string;
  close(): Promise<void>;
}

export const wechatUser = (n: number, nickname = `微信用户${n}`): WechatUser => ({
  openid: `oFAKE${String(n).padStart(23, '0')}`,
  unionid: `uFAKE${String(n).padStart(24, '0')}`,
  nickname,
});

export async function startFakeWechat(): Promise<FakeWechat> {
  const codes = new Map<string, WechatUser>();
  const tokens = new Map<string, WechatUser>();
  const newCode = (user: WechatUser) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, user);
    return code;
  };
  const fake = {
    scanner: wechatUser(1) as WechatUser | null,
    mode: 'ok' as FakeWechat['mode'],
    exchanges: 0,
    codeFor: newCode,
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = url.searchParams;
    const json = (value: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (url.pathname === '/connect/qrconnect') {
      if (
        q.get('appid') !== FAKE_WECHAT.appId ||
        q.get('scope') !== 'snsapi_login' ||
        q.get('response_type') !== 'code' ||
        !q.get('redirect_uri')
      ) {
        return res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('该链接无法访问');
      }
      const back = new URL(q.get('redirect_uri')!);
      if (fake.scanner) back.searchParams.set('code', newCode(fake.scanner));
      back.searchParams.set('state', q.get('state') ?? '');
      return res.writeHead(302, { location: back.toString() }).end();
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (fake.mode === '5xx') return res.writeHead(502).end('Bad Gateway');
      if (fake.mode === 'garbage') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
      if (q.get('appid') !== FAKE_WECHAT.appId || q.get('secret') !== FAKE_WECHAT.appSecret)
        return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      if (q.get('grant_type') !== 'authorization_code') return json({ errcode: 40002, errmsg: 'invalid grant_type' });
      const user = codes.get(q.get('code') ?? '');
      if (!user) return json({ errcode: 40029, errmsg: 'invalid code' });
      codes.delete(q.get('code')!);
      fake.exchanges++;
      const token = randomBytes(16).toString('hex');
      tokens.set(token, user);
      return json({
        access_token: token,
        expires_in: 7200,
        refresh_token: randomBytes(8).toString('hex'),
        openid: user.openid,
        scope: 'snsapi_login',
        unionid: user.unionid,
      });
    }
    if (url.pathname === '/sns/userinfo') {
      const user = tokens.get(q.get('access_token') ?? '');
      if (!user || q.get('openid') !== user.openid)
        return json({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      return json({
        openid: user.openid,
        nickname: user.nickname,
        sex: 0,
        province: '',
        city: '',
        country: 'CN',
        headimgurl: '',
        privilege: [],
        unionid: user.unionid,
      });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** The shop's settings (environment names) for WeChat sign-in through the fake. */
export const fakeWechatEnv = (url: string, shopUrl: string): Record<string, string> => ({
  WECHAT_APP_ID: FAKE_WECHAT.appId,
  WECHAT_APP_SECRET: FAKE_WECHAT.appSecret,
  WECHAT_OPEN_URL: url,
  WECHAT_API_URL: url,
  SHOP_URL: shopUrl,
});
