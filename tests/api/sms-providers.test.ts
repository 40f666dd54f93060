// Verification codes through the real SMS providers' HTTP APIs (issue 33 §1), each against a local
// fake provider that checks the request's signature with the documented algorithm and the test's
// keys: a sent code is the code stored; a provider that times out, answers 5xx or answers garbage
// leaves no code stored, spends none of the buyer's limits and says 短信发送失败，请稍后再试; the
// provider's throttling is the shop's limit message; every send is logged with the phone masked
// and the provider's request id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember } from '../helpers/accounts.ts';
import { startFakeSms, fakeSmsEnv, type FakeSms } from '../helpers/fake-sms.ts';
import { phoneCodes } from '../../server/db/schema.ts';
import { readSmsSettings } from '../../server/ops/sms-settings.ts';
import type { LogEntry } from '../../server/log.ts';

for (const provider of ['aliyun', 'tencent'] as const) {
  describe(`${provider} SMS`, () => {
    let fake: FakeSms;
    let t: TestApp;
    const lines: LogEntry[] = [];
    /** The last SMS line (every request also writes its access line after it). */
    const lastSend = () => lines.filter((l) => l.event === 'sms.send').at(-1);
    let phoneNo = 0;
    /** A fresh phone per test: each has its own limits. */
    const nextPhone = () => `1390000${String(++phoneNo).padStart(4, '0')}`;

    beforeAll(async () => {
      fake = await startFakeSms(provider);
      const env: Record<string, string> = { ...fakeSmsEnv(provider, fake.url), SMS_TIMEOUT_MS: '2000' };
      const { sms, missing } = readSmsSettings((n) => env[n], true);
      expect(missing).toEqual([]);
      t = await createTestApp({ config: { demo: false, devEndpoints: false, sms }, log: (l) => lines.push(l) });
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });

    const requestCode = (phone: string, purpose = 'register') =>
      t.call('POST', '/api/user/create_code', { body: { purpose, phone } });
    const storedCodes = (phone: string) => t.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone));

    it('sends the code through the provider, stores exactly that code and logs the masked phone with the request id', async () => {
      fake.mode = 'ok';
      const phone = nextPhone();
      const res = await requestCode(phone);
      expect(res.status, JSON.stringify(lastSend())).toBe(200);
      expect(res.body.msg).toBe(`验证码已发送至${phone.slice(0, 3)}****${phone.slice(7)}`);
      const sent = fake.sent.at(-1)!;
      expect(sent.phone).toBe(provider === 'aliyun' ? phone : `+86${phone}`);
      expect(sent).toMatchObject({
        signName: '康源医药',
        template: provider === 'aliyun' ? 'SMS_154950909' : '1110001',
      });
      expect(sent.code).toMatch(/^\d{6}$/);
      const stored = await storedCodes(phone);
      expect(stored.map((r) => r.code)).toEqual([sent.code]);
      const line = lastSend()!;
      expect(line).toMatchObject({
        event: 'sms.send',
        provider,
        outcome: 'sent',
        request_id: sent.requestId,
        phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      });
      expect(JSON.stringify(lines)).not.toContain(phone);
      expect(JSON.stringify(lines)).not.toContain(sent.code);

      // The code works: registration step 1 accepts it.
      const step1 = await t.call('POST', '/api/register/step1', {
        body: {
          username: `sms${provider}`,
          password: 'abc12345',
          password_confirmation: 'abc12345',
          phone,
          code: sent.code,
          agree: '1',
        },
      });
      expect(step1.status, step1.body.msg).toBe(201);
    });

    for (const mode of ['timeout', '5xx', 'garbage'] as const) {
      it(`a provider that ${mode === 'timeout' ? 'does not answer' : mode === '5xx' ? 'answers 5xx' : 'answers garbage'}: 短信发送失败, nothing stored, the limit not spent`, async () => {
        fake.mode = mode;
        const phone = nextPhone();
        const sentBefore = fake.sent.length;
        const res = await requestCode(phone);
        expect(res.status).toBe(400);
        expect(res.body.msg).toBe('短信发送失败，请稍后再试');
        expect(await storedCodes(phone)).toEqual([]);
        expect(fake.sent.length).toBe(sentBefore);
        expect(lastSend()).toMatchObject({
          event: 'sms.send',
          provider,
          outcome: 'failed',
          phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
        });

        // Within the same minute the buyer may ask again (1 a minute), and this time it arrives.
        fake.mode = 'ok';
        const again = await requestCode(phone);
        expect(again.status, again.body.msg).toBe(200);
        expect((await storedCodes(phone)).map((r) => r.code)).toEqual([fake.sent.at(-1)!.code]);
      });
    }

    it("the provider's throttling is the shop's limit message, and spends nothing of ours", async () => {
      fake.mode = 'throttle';
      const phone = nextPhone();
      const res = await requestCode(phone);
      expect(res.status).toBe(429);
      expect(res.body.msg).toBe('验证码发送过于频繁，请60秒后再试');
      expect(await storedCodes(phone)).toEqual([]);
      expect(lastSend()).toMatchObject({ outcome: 'throttled', provider });
      expect(String(lastSend()!.request_id)).not.toBe('');
      fake.mode = 'ok';
      expect((await requestCode(phone)).status).toBe(200);
      // Our own limit still holds after a real send: one a minute.
      expect((await requestCode(phone)).body.msg).toBe('验证码发送过于频繁，请60秒后再试');
    });

    it('password recovery goes out through the provider too, and a failed send there says so', async () => {
      const phone = nextPhone();
      await createMember(t.db, { username: `rec${provider}`, phone });
      fake.mode = '5xx';
      expect((await requestCode(phone, 'reset_password')).body.msg).toBe('短信发送失败，请稍后再试');
      expect(await storedCodes(phone)).toEqual([]);
      fake.mode = 'ok';
      const res = await t.call('POST', '/api/user/create_code', {
        body: { purpose: 'reset_password', username: `rec${provider}` },
      });
      expect(res.status, res.body.msg).toBe(200);
      expect((await storedCodes(phone)).map((r) => r.code)).toEqual([fake.sent.at(-1)!.code]);
    });

    it('the fake checks the signature: a wrong secret is refused by it and is a failed send here', async () => {
      const env: Record<string, string> = {
        ...fakeSmsEnv(provider, fake.url),
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'wrong',
        TENCENT_SMS_SECRET_KEY: 'wrong',
      };
      const { sms } = readSmsSettings((n) => env[n], true);
      const wrong = await createTestApp({ config: { demo: false, devEndpoints: false, sms } });
      try {
        fake.mode = 'ok';
        const before = fake.badSignatures;
        const phone = nextPhone();
        const res = await wrong.call('POST', '/api/user/create_code', { body: { purpose: 'register', phone } });
        expect(res.body.msg).toBe('短信发送失败，请稍后再试');
        expect(fake.badSignatures).toBe(before + 1);
        expect(await wrong.db.select().from(phoneCodes)).toEqual([]);
      } finally {
        await wrong.close();
      }
    });
  });
}

describe('SMS settings', () => {
  it('production names what a provider still needs', () => {
    expect(readSmsSettings(() => undefined, true).missing).toEqual(['SMS_PROVIDER']);
    const env: Record<string, string> = { SMS_PROVIDER: 'tencent', SMS_TEMPLATE_REGISTER: '1' };
    expect(readSmsSettings((n) => env[n], true).missing).toEqual([
      'TENCENT_SMS_SECRET_ID',
      'TENCENT_SMS_SECRET_KEY',
      'TENCENT_SMS_SDK_APP_ID',
      'SMS_SIGN_NAME',
      'SMS_TEMPLATE',
    ]);
    expect(readSmsSettings(() => undefined, false)).toEqual({ missing: [] });
  });
});
