// Tencent Cloud SMS (sms 2021-01-11, SendSms) over its documented HTTP API with the v3 signature,
// TC3-HMAC-SHA256 (cloud.tencent.com/document/api/382/52072): a JSON POST whose canonical request
// (method, path, the signed headers content-type, host and x-tc-action, the body's SHA-256) is
// hashed into a string to sign under a credential scope `date/sms/tc3_request`, and signed with a
// key derived from the SecretKey by HMAC over the date, the service and `tc3_request`.
import { createHash, createHmac } from 'node:crypto';
import { callProvider, child, field } from './provider-call.ts';
import { SmsFailure, type SmsMessage, type SmsSender, type SmsSent, type SmsTemplates } from '../../sms-sender.ts';

export const TENCENT_SMS_ENDPOINT = 'https://sms.tencentcloudapi.com';
const SERVICE = 'sms';
const ACTION = 'SendSms';
const VERSION = '2021-01-11';
const ALGORITHM = 'TC3-HMAC-SHA256';
const CONTENT_TYPE = 'application/json; charset=utf-8';

export interface TencentSmsSettings extends SmsTemplates {
  secretId: string;
  secretKey: string;
  /** The SMS application (SmsSdkAppId, 1400…). */
  sdkAppId: string;
  region: string;
  endpoint: string;
  timeoutMs: number;
  now?: () => Date;
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** Tencent's codes for its own frequency limits (频率限制), per phone or per request rate. */
const isThrottle = (code: string): boolean => code.startsWith('LimitExceeded') || code === 'RequestLimitExceeded';

export function tencentSmsSender(settings: TencentSmsSettings): SmsSender {
  const url = new URL(settings.endpoint);
  return {
    provider: 'tencent',
    async send(message: SmsMessage): Promise<SmsSent> {
      const payload = JSON.stringify({
        PhoneNumberSet: [`+86${message.phone}`],
        SmsSdkAppId: settings.sdkAppId,
        SignName: settings.signName,
        TemplateId: settings.templates[message.purpose],
        TemplateParamSet: [message.code],
      });
      const timestamp = Math.floor((settings.now?.() ?? new Date()).getTime() / 1000);
      const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
      const signedHeaders = 'content-type;host;x-tc-action';
      const canonicalRequest = [
        'POST',
        '/',
        '',
        `content-type:${CONTENT_TYPE}\nhost:${url.host}\nx-tc-action:${ACTION.toLowerCase()}\n`,
        signedHeaders,
        sha256Hex(payload),
      ].join('\n');
      const scope = `${date}/${SERVICE}/tc3_request`;
      const stringToSign = `${ALGORITHM}\n${timestamp}\n${scope}\n${sha256Hex(canonicalRequest)}`;
      const signingKey = hmac(hmac(hmac(`TC3${settings.secretKey}`, date), SERVICE), 'tc3_request');
      const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
      const answer = await callProvider(
        `${url.origin}/`,
        {
          method: 'POST',
          headers: {
            'content-type': CONTENT_TYPE,
            'x-tc-action': ACTION,
            'x-tc-version': VERSION,
            'x-tc-timestamp': String(timestamp),
            'x-tc-region': settings.region,
            authorization: `${ALGORITHM} Credential=${settings.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
          },
          body: payload,
        },
        settings.timeoutMs,
      );
      const response = child(answer.json, 'Response');
      const requestId = field(response, 'RequestId');
      const error = child(response, 'Error');
      if (error !== undefined) {
        const code = field(error, 'Code');
        throw new SmsFailure(
          isThrottle(code) ? 'throttled' : 'failed',
          `${code}: ${field(error, 'Message')}`,
          requestId,
        );
      }
      const statuses = child(response, 'SendStatusSet');
      const status = Array.isArray(statuses) ? (statuses[0] as unknown) : undefined;
      const code = field(status, 'Code');
      if (answer.status === 200 && code === 'Ok') return { requestId };
      if (!code) throw new SmsFailure('failed', `HTTP ${answer.status} without a send status`, requestId);
      throw new SmsFailure(
        isThrottle(code) ? 'throttled' : 'failed',
        `${code}: ${field(status, 'Message')}`,
        requestId,
      );
    },
  };
}
