// NODE_ENV=production's start-up refusals (server/ops/shop-settings.ts): each missing setting is
// named, the demo needs none, and a half-configured Alipay is refused in the demo too; a
// production server with every setting starts without the demo's parts.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readShopSettings } from '../../server/ops/shop-settings.ts';
import { Refusal } from '../../server/ops/refusal.ts';
import { startServer } from '../../server/index.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

const FULL = {
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: privateKey.replace(/\n/g, '\\n'),
  ALIPAY_PUBLIC_KEY: publicKey,
  SHOP_URL: 'https://shop.example.com',
  TRANSFER_ACCOUNT_NAME: '广州康源医药有限公司',
  TRANSFER_BANK: '招商银行广州分行',
  TRANSFER_ACCOUNT_NO: '1209 0000 0000 0001',
  CHAT_TOKEN_SECRET: 'x'.repeat(32),
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tExample',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'example-secret',
  SMS_SIGN_NAME: '康源医药',
  SMS_TEMPLATE: 'SMS_154950909',
};

const refusal = (env: Record<string, string>, production = true): string => {
  try {
    readShopSettings(env, production);
  } catch (err) {
    if (err instanceof Refusal) return err.message;
    throw err;
  }
  return '';
};

describe('production settings', () => {
  it('starts with every setting: Alipay and the account configured, no demo', () => {
    const s = readShopSettings(FULL, true);
    expect(s.demo).toBe(false);
    expect(s.alipay?.method).toBe('alipay');
    expect(s.transferAccount).toEqual({
      account_name: '广州康源医药有限公司',
      bank: '招商银行广州分行',
      account_no: '1209 0000 0000 0001',
    });
  });

  for (const name of Object.keys(FULL)) {
    it(`refuses without ${name}, naming it`, () => {
      const { [name]: _gone, ...rest } = FULL as Record<string, string>;
      expect(refusal(rest)).toBe(`NODE_ENV=production needs ${name} (docs/operations.md "Production settings").`);
    });
  }

  it('names every missing setting at once', () => {
    expect(refusal({})).toContain(
      'ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY, SHOP_URL, TRANSFER_ACCOUNT_NAME, TRANSFER_BANK, TRANSFER_ACCOUNT_NO, CHAT_TOKEN_SECRET, SMS_PROVIDER',
    );
  });

  it('reads the private key in either encoding, with or without its PEM lines', () => {
    const bare = (pemText: string) => pemText.replace(/-----[A-Z ]+-----|\n/g, '');
    const pkcs1 = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    for (const key of [privateKey, bare(privateKey), pkcs1.privateKey, bare(pkcs1.privateKey)]) {
      expect(
        readShopSettings({ ...FULL, ALIPAY_PRIVATE_KEY: key, ALIPAY_PUBLIC_KEY: bare(publicKey) }, true).alipay,
      ).toBeDefined();
    }
  });

  it('refuses keys that are not keys', () => {
    expect(refusal({ ...FULL, ALIPAY_PRIVATE_KEY: 'not-a-key' })).toBe(
      'ALIPAY_PRIVATE_KEY is not an RSA private key (PKCS#1 or PKCS#8).',
    );
    expect(refusal({ ...FULL, ALIPAY_PUBLIC_KEY: 'MIIBIjAN' })).toMatch(/^ALIPAY_PUBLIC_KEY is not a public key/);
  });

  it('reads the SMS provider: Alibaba or Tencent, named in full, per-purpose templates over the default', () => {
    expect(readShopSettings(FULL, true).sms?.provider).toBe('aliyun');
    const tencent = {
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: 'AKID1',
      TENCENT_SMS_SECRET_KEY: 'k',
      TENCENT_SMS_SDK_APP_ID: '1400000001',
    };
    const { ALIYUN_SMS_ACCESS_KEY_ID: _id, ALIYUN_SMS_ACCESS_KEY_SECRET: _secret, ...withoutAliyun } = FULL;
    expect(readShopSettings({ ...withoutAliyun, ...tencent }, true).sms?.provider).toBe('tencent');
    expect(refusal({ ...FULL, SMS_PROVIDER: 'tencent' })).toBe(
      'NODE_ENV=production need TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID (docs/operations.md "Production settings").',
    );
    expect(refusal({ ...FULL, SMS_PROVIDER: 'twilio' })).toBe('SMS_PROVIDER=twilio is neither aliyun nor tencent.');
    // The demo keeps its outbox without a provider, but refuses half of one.
    expect(readShopSettings({}, false).sms).toBeUndefined();
    expect(refusal({ SMS_PROVIDER: 'aliyun' }, false)).toBe(
      'the SMS settings need ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, SMS_SIGN_NAME, SMS_TEMPLATE (docs/operations.md "Production settings").',
    );
  });

  it('refuses a plain-http SHOP_URL in production', () => {
    expect(refusal({ ...FULL, SHOP_URL: 'http://shop.example.com' })).toMatch(/must be https/);
  });

  it('needs nothing in the demo, but refuses half of the Alipay settings there', () => {
    expect(readShopSettings({}, false)).toEqual({ demo: true });
    // SHOP_URL alone (WeChat sign-in needs it) is not half of Alipay.
    expect(readShopSettings({ SHOP_URL: 'http://localhost:3000' }, false).alipay).toBeUndefined();
    expect(refusal({ ALIPAY_APP_ID: '1' }, false)).toBe(
      'the Alipay settings need ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY, SHOP_URL (docs/operations.md "Production settings").',
    );
  });

  it('startServer refuses before opening anything', async () => {
    const saved = process.env.CHAT_TOKEN_SECRET;
    delete process.env.CHAT_TOKEN_SECRET;
    try {
      await expect(
        startServer({ nodeEnv: 'production', port: 0, dataDir: '/nonexistent/never-created', log: () => {} }),
      ).rejects.toThrow(Refusal);
    } finally {
      if (saved !== undefined) process.env.CHAT_TOKEN_SECRET = saved;
    }
  });

  it(
    'a production server with every setting starts without the demo data, sandbox or dev endpoints',
    { timeout: 90_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'production-start-'));
      const saved = { ...process.env };
      Object.assign(process.env, FULL);
      const lines: string[] = [];
      try {
        const server = await startServer({
          nodeEnv: 'production',
          port: 0,
          host: '127.0.0.1',
          dataDir,
          staticDir: dataDir,
          log: (l) => lines.push(l),
        });
        try {
          expect(lines.some((l) => l.startsWith('seeding'))).toBe(false);
          const get = (p: string) => fetch(`${server.url}${p}`);
          expect((await get('/api/dev/outbox')).status).toBe(404);
          expect((await get('/api/pay/sandbox/1')).status).toBe(404);
          const common = (await (await get('/api/global/shop_mode')).json()) as {
            data: { demo: boolean; online_pay: string };
          };
          expect(common.data).toMatchObject({ demo: false, online_pay: 'alipay' });
          const login = await fetch(`${server.url}/api/user/login`, {
            method: 'POST',
            body: new URLSearchParams({ username: 'demo', password: 'demo1234' }),
          });
          expect(login.status).not.toBe(200);
        } finally {
          await server.close();
        }
      } finally {
        process.env = saved;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
