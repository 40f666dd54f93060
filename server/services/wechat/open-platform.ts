// WeChat Open Platform website sign-in (网站应用微信登录, developers.weixin.qq.com
// doc/oplatform/Website_App/WeChat_Login/Wechat_Login.html): the browser goes to
// open.weixin.qq.com/connect/qrconnect (scope snsapi_login) with our `state`; after the scan WeChat
// sends it to our redirect_uri with `code` and `state`; the server trades the code (once, within
// 10 minutes) at api.weixin.qq.com/sns/oauth2/access_token for access_token, openid and unionid,
// then reads /sns/userinfo for the nickname. WeChat answers errors as JSON `{ errcode, errmsg }`.
import type { WechatIdentity, WechatLogin } from '../../wechat-login.ts';
import { WechatFailure } from '../../wechat-login.ts';

export const WECHAT_OPEN_URL = 'https://open.weixin.qq.com';
export const WECHAT_API_URL = 'https://api.weixin.qq.com';
export const WECHAT_CALLBACK_PATH = '/api/wechat/callback';

export interface OpenPlatformSettings {
  appId: string;
  appSecret: string;
  /** The shop's public origin: WeChat sends the browser back to SHOP_URL/api/wechat/callback. */
  shopUrl: string;
  /** WeChat's origins; a test's fake WeChat in tests. */
  openUrl: string;
  apiUrl: string;
  timeoutMs: number;
}

async function getJson(url: string, timeoutMs: number): Promise<Record<string, unknown>> {
  let text: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    text = await res.text();
    if (res.status !== 200) throw new WechatFailure(`HTTP ${res.status}`);
  } catch (err) {
    if (err instanceof WechatFailure) throw err;
    throw new WechatFailure(`request failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new WechatFailure(`not JSON: ${text.slice(0, 120)}`);
  }
  if (typeof body !== 'object' || body === null) throw new WechatFailure('not an object');
  const answer = body as Record<string, unknown>;
  if (typeof answer.errcode === 'number' && answer.errcode !== 0)
    throw new WechatFailure(`errcode ${answer.errcode}: ${String(answer.errmsg)}`);
  return answer;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function openPlatformLogin(settings: OpenPlatformSettings): WechatLogin {
  const redirectUri = `${settings.shopUrl.replace(/\/$/, '')}${WECHAT_CALLBACK_PATH}`;
  return {
    authorizeUrl(state) {
      const q = new URLSearchParams({
        appid: settings.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      });
      return `${settings.openUrl}/connect/qrconnect?${q.toString()}#wechat_redirect`;
    },
    async identify(code): Promise<WechatIdentity> {
      const tokenQuery = new URLSearchParams({
        appid: settings.appId,
        secret: settings.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      const token = await getJson(
        `${settings.apiUrl}/sns/oauth2/access_token?${tokenQuery.toString()}`,
        settings.timeoutMs,
      );
      const accessToken = text(token.access_token);
      const openid = text(token.openid);
      if (!accessToken || !openid) throw new WechatFailure('no access_token or openid');
      const infoQuery = new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' });
      const info = await getJson(`${settings.apiUrl}/sns/userinfo?${infoQuery.toString()}`, settings.timeoutMs);
      if (text(info.openid) !== openid) throw new WechatFailure('userinfo names another openid');
      // A nickname is the only thing shown; WeChat's may be longer than the shop's 20 characters.
      const nickname = Array.from(text(info.nickname).trim()).slice(0, 20).join('') || '微信用户';
      return { openid, unionid: text(info.unionid) || text(token.unionid), nickname };
    },
  };
}
