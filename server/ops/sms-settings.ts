// Which SMS provider sends the verification codes, from the environment (docs/operations.md
// "Production settings"). Production refuses to start without one (docs/decisions/sms-providers.md):
// without SMS a stranger cannot register and a member cannot recover a password. The demo needs
// none (its outbox), but a provider named there must be complete.
import type { SmsPurpose, SmsSender } from '../sms-sender.ts';
import { aliyunSmsSender, ALIYUN_SMS_ENDPOINT } from '../services/sms/aliyun.ts';
import { tencentSmsSender, TENCENT_SMS_ENDPOINT } from '../services/sms/tencent.ts';
import { DEFAULT_SMS_TIMEOUT_MS } from '../services/sms/provider-call.ts';
import { Refusal } from './refusal.ts';

type Get = (name: string) => string | undefined;

const PROVIDER_KEYS = {
  aliyun: ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET'],
  tencent: ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID'],
} as const;

/** A template per purpose: SMS_TEMPLATE_<PURPOSE>, else SMS_TEMPLATE (one 验证码 template for all). */
const PURPOSES: SmsPurpose[] = ['register', 'reset_password', 'change_password', 'change_phone'];

/**
 * The problems (missing names) and, when there are none and a provider is named, its sender.
 * `SMS_ENDPOINT` overrides the provider's API origin (a test's fake provider; a regional endpoint).
 */
export function readSmsSettings(get: Get, production: boolean): { missing: string[]; sms?: SmsSender } {
  const provider = get('SMS_PROVIDER');
  if (!provider) return { missing: production ? ['SMS_PROVIDER'] : [] };
  if (provider !== 'aliyun' && provider !== 'tencent') {
    throw new Refusal(`SMS_PROVIDER=${provider} is neither aliyun nor tencent.`);
  }
  const templates = Object.fromEntries(
    PURPOSES.map((p) => [p, get(`SMS_TEMPLATE_${p.toUpperCase()}`) ?? get('SMS_TEMPLATE')]),
  ) as Record<SmsPurpose, string | undefined>;
  const missing = [...PROVIDER_KEYS[provider], 'SMS_SIGN_NAME'].filter((n) => !get(n));
  if (PURPOSES.some((p) => !templates[p])) missing.push('SMS_TEMPLATE');
  if (missing.length > 0) return { missing };

  const timeout = get('SMS_TIMEOUT_MS');
  const timeoutMs = timeout ? Number(timeout) : DEFAULT_SMS_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Refusal(`SMS_TIMEOUT_MS=${timeout} is not a number of milliseconds.`);
  const endpoint = get('SMS_ENDPOINT');
  if (endpoint && !/^https?:\/\/[^/]+\/?$/.test(endpoint))
    throw new Refusal(`SMS_ENDPOINT=${endpoint} is not an origin such as https://dysmsapi.aliyuncs.com.`);
  const common = { signName: get('SMS_SIGN_NAME')!, templates: templates as Record<SmsPurpose, string>, timeoutMs };
  const sms =
    provider === 'aliyun'
      ? aliyunSmsSender({
          ...common,
          accessKeyId: get('ALIYUN_SMS_ACCESS_KEY_ID')!,
          accessKeySecret: get('ALIYUN_SMS_ACCESS_KEY_SECRET')!,
          endpoint: endpoint ?? ALIYUN_SMS_ENDPOINT,
        })
      : tencentSmsSender({
          ...common,
          secretId: get('TENCENT_SMS_SECRET_ID')!,
          secretKey: get('TENCENT_SMS_SECRET_KEY')!,
          sdkAppId: get('TENCENT_SMS_SDK_APP_ID')!,
          region: get('TENCENT_SMS_REGION') ?? 'ap-guangzhou',
          endpoint: endpoint ?? TENCENT_SMS_ENDPOINT,
        });
  return { missing: [], sms };
}
