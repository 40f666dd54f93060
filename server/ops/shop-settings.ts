// What decides demo or shop (docs/operations.md "Production settings"): NODE_ENV=production is the
// one switch. The demo (anything else) has the sandbox gateway, the dev endpoints, the demo-accounts
// panel and the demo bank account; production has none of them, so it needs, from the environment,
// a real gateway (Alipay), our receiving account for 对公转账, the chat token secret and an SMS
// provider (sms-settings.ts), and
// refuses to start, naming every missing one, without them. The licences and QR codes the shell
// shows are optional settings (shop-front-settings.ts): production shows none of the demo's.
import type { AlipayGateway } from '../payment-gateway.ts';
import { alipayGateway, ALIPAY_PRODUCTION_GATEWAY } from '../services/payments/alipay.ts';
import type { TransferAccount } from '@domain/orders.ts';
import { Refusal } from './refusal.ts';
import { readShopFrontSettings, type ShopFrontSettings } from './shop-front-settings.ts';
import { readSmsSettings } from './sms-settings.ts';
import { readWechatSettings } from './wechat-settings.ts';
import type { WechatLogin } from '../wechat-login.ts';
import type { SmsSender } from '../sms-sender.ts';

type Env = Record<string, string | undefined>;

export interface ShopSettings extends ShopFrontSettings {
  demo: boolean;
  alipay?: AlipayGateway;
  transferAccount?: TransferAccount;
  sms?: SmsSender;
  wechat?: WechatLogin;
}

const ALIPAY_KEYS = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'SHOP_URL'] as const;
const TRANSFER_KEYS = ['TRANSFER_ACCOUNT_NAME', 'TRANSFER_BANK', 'TRANSFER_ACCOUNT_NO'] as const;

/** PEM keys fit in one environment line with `\n` escapes. */
const pem = (value: string): string => value.replace(/\\n/g, '\n');

export function readShopSettings(env: Env, production: boolean): ShopSettings {
  const get = (name: string): string | undefined => env[name]?.trim() || undefined;
  const missing = (names: readonly string[]) => names.filter((n) => !get(n));

  const problems: string[] = [];
  const alipayMissing = missing(ALIPAY_KEYS);
  // In the demo Alipay is optional, but half its settings is a mistake worth stopping for. SHOP_URL
  // alone is not half of Alipay: WeChat sign-in needs it too.
  const alipayStarted = ALIPAY_KEYS.some((k) => k !== 'SHOP_URL' && get(k));
  if (production || alipayStarted) problems.push(...alipayMissing);
  if (production) problems.push(...missing(TRANSFER_KEYS), ...missing(['CHAT_TOKEN_SECRET']));
  const sms = readSmsSettings(get, production);
  problems.push(...sms.missing);
  const wechat = readWechatSettings(get);
  const wechatHalf = wechat.missing.length > 0;
  problems.push(...wechat.missing.filter((n) => !problems.includes(n)));
  const shopUrl = get('SHOP_URL');
  if (shopUrl && !/^https?:\/\/[^/]+\/?$/.test(shopUrl)) {
    throw new Refusal(`SHOP_URL=${shopUrl} is not an origin such as https://shop.example.com.`);
  }
  if (production && shopUrl && !shopUrl.startsWith('https://')) {
    throw new Refusal(`SHOP_URL=${shopUrl} must be https:// in production (Alipay posts its notifications there).`);
  }
  if (problems.length > 0) {
    throw new Refusal(
      `${production ? 'NODE_ENV=production' : alipayStarted ? 'the Alipay settings' : wechatHalf ? 'the WeChat settings' : 'the SMS settings'} need${problems.length === 1 ? 's' : ''} ${problems.join(', ')} (docs/operations.md "Production settings").`,
    );
  }

  const settings: ShopSettings = { demo: !production, ...readShopFrontSettings(get) };
  if (sms.sms) settings.sms = sms.sms;
  if (wechat.wechat) settings.wechat = wechat.wechat;
  if (alipayMissing.length === 0) {
    try {
      settings.alipay = alipayGateway({
        appId: get('ALIPAY_APP_ID')!,
        privateKey: pem(get('ALIPAY_PRIVATE_KEY')!),
        alipayPublicKey: pem(get('ALIPAY_PUBLIC_KEY')!),
        gateway: get('ALIPAY_GATEWAY') ?? ALIPAY_PRODUCTION_GATEWAY,
        shopUrl: shopUrl!,
      });
    } catch (err) {
      // A key that cannot sign or verify would only show at the first payment.
      throw new Refusal(`${err instanceof Error ? err.message : String(err)}.`);
    }
  }
  if (missing(TRANSFER_KEYS).length === 0) {
    settings.transferAccount = {
      account_name: get('TRANSFER_ACCOUNT_NAME')!,
      bank: get('TRANSFER_BANK')!,
      account_no: get('TRANSFER_ACCOUNT_NO')!,
    };
  }
  return settings;
}
