// Alibaba Cloud SMS (dysmsapi 2017-05-25, SendSms) over its documented HTTP API with the V3
// signature, ACS3-HMAC-SHA256 (help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature):
// an RPC-style call, its parameters in the query string and an empty body; the canonical request
// (method, path, sorted RFC 3986 query, the signed headers `host` and `x-acs-*`, the body's
// SHA-256) is hashed, and that hash signed with the AccessKey secret.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { callProvider, field } from './provider-call.ts';
import { SmsFailure, type SmsMessage, type SmsSender, type SmsSent, type SmsTemplates } from '../../sms-sender.ts';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
const ACTION = 'SendSms';
const VERSION = '2017-05-25';
const ALGORITHM = 'ACS3-HMAC-SHA256';

export interface AliyunSmsSettings extends SmsTemplates {
  accessKeyId: string;
  accessKeySecret: string;
  /** The API's origin; a test's fake provider in tests. */
  endpoint: string;
  timeoutMs: number;
  /** The signature's clock and nonce; tests pass neither. */
  now?: () => Date;
}

/** RFC 3986 percent-encoding, as the signature wants it (space %20, `*` %2A, `~` as is). */
export const rfc3986 = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/** Alibaba's answer codes that mean its own per-phone or per-account limits (流控). */
function isThrottle(code: string): boolean {
  return code === 'isv.BUSINESS_LIMIT_CONTROL' || code === 'isv.DAY_LIMIT_CONTROL' || code.startsWith('Throttling');
}

export function aliyunSmsSender(settings: AliyunSmsSettings): SmsSender {
  const url = new URL(settings.endpoint);
  return {
    provider: 'aliyun',
    async send(message: SmsMessage): Promise<SmsSent> {
      const query: Record<string, string> = {
        PhoneNumbers: message.phone,
        SignName: settings.signName,
        TemplateCode: settings.templates[message.purpose],
        TemplateParam: JSON.stringify({ code: message.code }),
      };
      const canonicalQuery = Object.keys(query)
        .sort()
        .map((k) => `${rfc3986(k)}=${rfc3986(query[k])}`)
        .join('&');
      const body = '';
      const headers: Record<string, string> = {
        host: url.host,
        'x-acs-action': ACTION,
        'x-acs-version': VERSION,
        'x-acs-date': (settings.now?.() ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        'x-acs-signature-nonce': randomUUID(),
        'x-acs-content-sha256': sha256Hex(body),
      };
      const signed = Object.keys(headers).sort();
      const canonicalRequest = [
        'POST',
        '/',
        canonicalQuery,
        signed.map((h) => `${h}:${headers[h].trim()}\n`).join(''),
        signed.join(';'),
        headers['x-acs-content-sha256'],
      ].join('\n');
      const stringToSign = `${ALGORITHM}\n${sha256Hex(canonicalRequest)}`;
      const signature = createHmac('sha256', settings.accessKeySecret).update(stringToSign, 'utf8').digest('hex');
      const { host: _host, ...sent } = headers;
      const answer = await callProvider(
        `${url.origin}/?${canonicalQuery}`,
        {
          method: 'POST',
          headers: {
            ...sent,
            accept: 'application/json',
            authorization: `${ALGORITHM} Credential=${settings.accessKeyId},SignedHeaders=${signed.join(';')},Signature=${signature}`,
          },
          body,
        },
        settings.timeoutMs,
      );
      const code = field(answer.json, 'Code');
      const requestId = field(answer.json, 'RequestId');
      if (code === 'OK' && answer.status === 200) return { requestId };
      if (!code) throw new SmsFailure('failed', `HTTP ${answer.status} without a Code`, requestId);
      throw new SmsFailure(
        isThrottle(code) ? 'throttled' : 'failed',
        `${code}: ${field(answer.json, 'Message')}`,
        requestId,
      );
    },
  };
}
