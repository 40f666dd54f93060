// WeChat website sign-in settings (docs/operations.md "Production settings"): optional everywhere.
// Without them production offers no WeChat (its entries hidden, the ticket routes 404) and the demo
// keeps its stand-in; with them both use WeChat. Half of them, or no SHOP_URL for WeChat's
// redirect back, is refused.
import type { WechatLogin } from '../wechat-login.ts';
import { openPlatformLogin, WECHAT_API_URL, WECHAT_OPEN_URL } from '../services/wechat/open-platform.ts';
import { Refusal } from './refusal.ts';

type Get = (name: string) => string | undefined;

const KEYS = ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'] as const;
const ORIGIN = /^https?:\/\/[^/]+\/?$/;

export function readWechatSettings(get: Get): { missing: string[]; wechat?: WechatLogin } {
  const missing = KEYS.filter((k) => !get(k));
  if (missing.length === KEYS.length) return { missing: [] };
  if (!get('SHOP_URL')) missing.push('SHOP_URL' as never);
  if (missing.length > 0) return { missing };
  for (const name of ['WECHAT_OPEN_URL', 'WECHAT_API_URL']) {
    const v = get(name);
    if (v && !ORIGIN.test(v)) throw new Refusal(`${name}=${v} is not an origin such as https://api.weixin.qq.com.`);
  }
  const timeout = get('WECHAT_TIMEOUT_MS');
  const timeoutMs = timeout ? Number(timeout) : 5_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Refusal(`WECHAT_TIMEOUT_MS=${timeout} is not a number of milliseconds.`);
  return {
    missing: [],
    wechat: openPlatformLogin({
      appId: get('WECHAT_APP_ID')!,
      appSecret: get('WECHAT_APP_SECRET')!,
      shopUrl: get('SHOP_URL')!,
      openUrl: (get('WECHAT_OPEN_URL') ?? WECHAT_OPEN_URL).replace(/\/$/, ''),
      apiUrl: (get('WECHAT_API_URL') ?? WECHAT_API_URL).replace(/\/$/, ''),
      timeoutMs,
    }),
  };
}
