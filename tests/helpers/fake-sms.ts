// A local fake of both SMS providers at the HTTP edge: it checks each request's signature the way
// the providers document it (Alibaba Cloud ACS3-HMAC-SHA256, Tencent Cloud TC3-HMAC-SHA256), written
// here from their documentation apart from the shop's adapters, with the test's keys, and answers
// as the provider would: sent, throttled, a 5xx, garbage, or no answer at all (`mode`).
// Only a verified, answered send is recorded in `sent`.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeSmsMode = 'ok' | 'throttle' | '5xx' | 'garbage' | 'timeout';

export interface FakeSent {
  phone: string;
  signName: string;
  template: string;
  code: string;
  requestId: string;
}

export const FAKE_KEYS = {
  aliyun: { id: 'LTAI5tTestAccessKeyId', secret: 'test-aliyun-access-key-secret' },
  tencent: { id: 'AKIDtestSecretId00000000000000000000', secret: 'test-tencent-secret-key', appId: '1400000001' },
};

export interface FakeSms {
  url: string;
  mode: FakeSmsMode;
  sent: FakeSent[];
  /** Requests whose signature did not verify (each answered as the provider's auth failure). */
  badSignatures: number;
  close(): Promise<void>;
}

const hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmacHex = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest('hex');
const hmacRaw = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
/** RFC 3986 as the Alibaba document spells it: everything but A-Z a-z 0-9 - _ . ~ percent-encoded. */
const pct = (s: string) =>
  Array.from(Buffer.from(s, 'utf8'))
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

function header(req: IncomingMessage, name: string): string {
  const v = req.headers[name];
  return (Array.isArray(v) ? v.join(',') : (v ?? '')).trim();
}

/** Alibaba Cloud V3 signature, from help.aliyun.com "V3 request structure and signature". */
function aliyunVerified(req: IncomingMessage, body: string): boolean {
  const m = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(
    header(req, 'authorization'),
  );
  if (!m || m[1] !== FAKE_KEYS.aliyun.id) return false;
  const signed = m[2].split(';');
  if (!signed.includes('host') || !signed.includes('x-acs-action') || !signed.includes('x-acs-date')) return false;
  if (header(req, 'x-acs-content-sha256') !== hex(body)) return false;
  const url = new URL(req.url ?? '/', 'http://fake');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [pct(k), pct(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    req.method,
    url.pathname,
    query,
    signed.map((h) => `${h}:${header(req, h)}\n`).join(''),
    m[2],
    hex(body),
  ].join('\n');
  return hmacHex(FAKE_KEYS.aliyun.secret, `ACS3-HMAC-SHA256\n${hex(canonical)}`) === m[3];
}

/** Tencent Cloud TC3-HMAC-SHA256, from cloud.tencent.com "签名方法 v3". */
function tencentVerified(req: IncomingMessage, body: string): boolean {
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]+)$/.exec(
      header(req, 'authorization'),
    );
  if (!m || m[1] !== FAKE_KEYS.tencent.id) return false;
  const timestamp = header(req, 'x-tc-timestamp');
  if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== m[2]) return false;
  const signed = m[3].split(';');
  if (!signed.includes('content-type') || !signed.includes('host')) return false;
  const canonical = [
    req.method,
    '/',
    '',
    signed.map((h) => `${h}:${header(req, h).toLowerCase()}\n`).join(''),
    m[3],
    hex(body),
  ].join('\n');
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${m[2]}/sms/tc3_request\n${hex(canonical)}`;
  const key = hmacRaw(hmacRaw(hmacRaw(`TC3${FAKE_KEYS.tencent.secret}`, m[2]), 'sms'), 'tc3_request');
  return hmacHex(key, stringToSign) === m[4];
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

export async function startFakeSms(provider: 'aliyun' | 'tencent'): Promise<FakeSms> {
  const fake = { mode: 'ok' as FakeSmsMode, sent: [] as FakeSent[], badSignatures: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const requestId = randomUUID().toUpperCase();
      if (fake.mode === 'timeout') return; // held until the client gives up or the fake closes
      if (fake.mode === '5xx')
        return res
          .writeHead(503, { 'content-type': 'text/html' })
          .end('<html>503 Service Temporarily Unavailable</html>');
      if (fake.mode === 'garbage')
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"Code":"OK",');
      if (provider === 'aliyun') {
        if (
          req.method !== 'POST' ||
          header(req, 'x-acs-action') !== 'SendSms' ||
          header(req, 'x-acs-version') !== '2017-05-25' ||
          !aliyunVerified(req, body)
        ) {
          fake.badSignatures++;
          return json(res, 400, {
            Code: 'SignatureDoesNotMatch',
            Message: 'Specified signature does not match our calculation.',
            RequestId: requestId,
          });
        }
        if (fake.mode === 'throttle')
          return json(res, 200, {
            Code: 'isv.BUSINESS_LIMIT_CONTROL',
            Message: '触发分钟级流控Permits:1',
            RequestId: requestId,
          });
        const q = new URL(req.url ?? '/', 'http://fake').searchParams;
        const param = JSON.parse(q.get('TemplateParam') ?? '{}') as { code?: string };
        fake.sent.push({
          phone: q.get('PhoneNumbers') ?? '',
          signName: q.get('SignName') ?? '',
          template: q.get('TemplateCode') ?? '',
          code: param.code ?? '',
          requestId,
        });
        return json(res, 200, { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: requestId });
      }
      if (
        req.method !== 'POST' ||
        header(req, 'x-tc-action') !== 'SendSms' ||
        header(req, 'x-tc-version') !== '2021-01-11' ||
        !tencentVerified(req, body)
      ) {
        fake.badSignatures++;
        return json(res, 200, {
          Response: {
            Error: {
              Code: 'AuthFailure.SignatureFailure',
              Message: 'The provided credentials could not be validated.',
            },
            RequestId: requestId,
          },
        });
      }
      const p = JSON.parse(body) as {
        PhoneNumberSet: string[];
        SmsSdkAppId: string;
        SignName: string;
        TemplateId: string;
        TemplateParamSet: string[];
      };
      if (p.SmsSdkAppId !== FAKE_KEYS.tencent.appId) {
        return json(res, 200, {
          Response: {
            Error: { Code: 'FailedOperation.SmsSdkAppIdVerifyFail', Message: 'SmsSdkAppId 校验失败' },
            RequestId: requestId,
          },
        });
      }
      const phone = p.PhoneNumberSet[0] ?? '';
      if (fake.mode === 'throttle') {
        return json(res, 200, {
          Response: {
            SendStatusSet: [
              {
                SerialNo: '',
                PhoneNumber: phone,
                Fee: 0,
                SessionContext: '',
                Code: 'LimitExceeded.PhoneNumberThirtySecondLimit',
                Message: '单个手机号30秒内下发短信条数超过设定的上限',
                IsoCode: 'CN',
              },
            ],
            RequestId: requestId,
          },
        });
      }
      fake.sent.push({
        phone,
        signName: p.SignName,
        template: p.TemplateId,
        code: p.TemplateParamSet[0] ?? '',
        requestId,
      });
      return json(res, 200, {
        Response: {
          SendStatusSet: [
            {
              SerialNo: '5000:1045710669157053657849499619',
              PhoneNumber: phone,
              Fee: 1,
              SessionContext: '',
              Code: 'Ok',
              Message: 'send success',
              IsoCode: 'CN',
            },
          ],
          RequestId: requestId,
        },
      });
    });
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

/** The shop's settings (environment names) that point one provider at the fake. */
export function fakeSmsEnv(provider: 'aliyun' | 'tencent', url: string): Record<string, string> {
  const common = {
    SMS_PROVIDER: provider,
    SMS_ENDPOINT: url,
    SMS_SIGN_NAME: '康源医药',
    SMS_TEMPLATE: provider === 'aliyun' ? 'SMS_154950909' : '1110001',
  };
  return provider === 'aliyun'
    ? {
        ...common,
        ALIYUN_SMS_ACCESS_KEY_ID: FAKE_KEYS.aliyun.id,
        ALIYUN_SMS_ACCESS_KEY_SECRET: FAKE_KEYS.aliyun.secret,
      }
    : {
        ...common,
        TENCENT_SMS_SECRET_ID: FAKE_KEYS.tencent.id,
        TENCENT_SMS_SECRET_KEY: FAKE_KEYS.tencent.secret,
        TENCENT_SMS_SDK_APP_ID: FAKE_KEYS.tencent.appId,
      };
}
