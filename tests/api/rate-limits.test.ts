// Limits under a parallel burst (issue 29 §2): 40 requests at once get at most the limit
// evaluated — wrong passwords (shop and console), wrong TOTP codes, SMS code requests and phone
// code guesses — the rest 429; one TOTP code signs in once; password recovery answers the same
// for accounts that exist and accounts that do not. Runs on PGlite (one connection: requests
// interleave between statements) and, when TEST_DATABASE_URL is set, ALSO on that PostgreSQL
// database (real parallel transactions):
//   TEST_DATABASE_URL=postgres://shop:shop@localhost:5432/shop_test npx vitest run tests/api/rate-limits.test.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type CallResult, type TestApp } from '../helpers/test-app.ts';
import { createMember, TEST_PASSWORD } from '../helpers/accounts.ts';
import { operatorCookie, totpCode } from '../helpers/operators.ts';
import { phoneCodes, staff } from '../../server/db/schema.ts';
import { createOperator } from '../../server/services/admin/operators.ts';

const backends: [string, string | undefined][] = [['PGlite', undefined]];
if (process.env.TEST_DATABASE_URL) backends.push(['PostgreSQL', process.env.TEST_DATABASE_URL]);

const BURST = 40;
const OPERATOR_PASSWORD = 'console-password-1';

describe.each(backends)('limits under a parallel burst on %s', (_name, databaseUrl) => {
  let t: TestApp;

  beforeAll(async () => {
    // Behind a proxy, so each test speaks from an address of its own (X-Forwarded-For).
    t = await createTestApp({ databaseUrl, config: { trustProxy: true } });
  });
  afterAll(async () => {
    await t.close();
  });

  let addressSeq = 0;
  /** Request headers from an address no other test uses. */
  const newAddress = () => ({ 'x-forwarded-for': `203.0.113.${++addressSeq}` });
  const burst = <T>(make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: BURST }, (_, i) => make(i)));
  /** How many answers had each status, e.g. { 400: 5, 429: 35 }. */
  const tally = (rs: CallResult[]) =>
    rs.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

  const login = (username: string, password: string, headers: Record<string, string>) =>
    t.call('POST', '/api/user/login', { body: { username, password }, headers });
  const consoleLogin = (body: Record<string, string>, headers: Record<string, string>) =>
    t.call('POST', '/api/admin/login', { body, headers });
  const createCode = (body: Record<string, string>, headers: Record<string, string>) =>
    t.call('POST', '/api/user/create_code', { body, headers });

  describe('shop sign-in', () => {
    it('40 wrong passwords for one account at once: 5 are checked (400), 35 refused (429), then even the right one waits', async () => {
      await createMember(t.db, { username: 'burst-buyer' });
      const from = newAddress();
      const rs = await burst(() => login('burst-buyer', 'wrong1234', from));
      expect(tally(rs)).toEqual({ 400: 5, 429: 35 });
      expect(rs.find((r) => r.status === 400)!.body.msg).toBe('用户名或密码错误');
      expect(rs.find((r) => r.status === 429)!.body.msg).toBe('登录失败次数过多，请15分钟后再试');
      expect((await login('burst-buyer', TEST_PASSWORD, newAddress())).status).toBe(429);
      t.clock.advance(15 * 60 * 1000 + 1);
      expect((await login('burst-buyer', TEST_PASSWORD, newAddress())).status).toBe(200);
    });

    it('40 wrong passwords from one address over 40 names at once: 20 are checked, 20 refused', async () => {
      const from = newAddress();
      const rs = await burst((i) => login(`nobody-${i}`, 'wrong1234', from));
      expect(tally(rs)).toEqual({ 400: 20, 429: 20 });
      // The address is locked; a refused attempt counted against no account.
      await createMember(t.db, { username: 'same-desk' });
      expect((await login('same-desk', TEST_PASSWORD, from)).status).toBe(429);
      expect((await login('same-desk', TEST_PASSWORD, newAddress())).status).toBe(200);
    });

    it('a success clears the account counter and frees its place at the address', async () => {
      await createMember(t.db, { username: 'typo-prone' });
      const from = newAddress();
      for (let i = 0; i < 4; i++) expect((await login('typo-prone', 'wrong1234', from)).status).toBe(400);
      expect((await login('typo-prone', TEST_PASSWORD, from)).status).toBe(200);
      const again = await burst(() => login('typo-prone', 'wrong1234', from));
      expect(tally(again)).toEqual({ 400: 5, 429: 35 });
    });

    it('an address counts failures only: after 19 failures a sign-in leaves it one more', async () => {
      await createMember(t.db, { username: 'shared-pc' });
      const from = newAddress();
      const failures = await Promise.all(
        Array.from({ length: 19 }, (_, i) => login(`stranger-${i}`, 'wrong1234', from)),
      );
      expect(tally(failures)).toEqual({ 400: 19 });
      expect((await login('shared-pc', TEST_PASSWORD, from)).status).toBe(200);
      const last = await Promise.all(Array.from({ length: 3 }, (_, i) => login(`latecomer-${i}`, 'wrong1234', from)));
      expect(tally(last)).toEqual({ 400: 1, 429: 2 });
    });
  });

  describe('console sign-in', () => {
    /** An operator (with a second factor when `totp`) and its secret. */
    async function operator(username: string, totp: boolean): Promise<string | null> {
      await createOperator(
        t.db,
        { username, name: '测试', phone: '', role: 'support', password: OPERATOR_PASSWORD, totp },
        t.clock.now(),
      );
      const [row] = await t.db.select({ secret: staff.totpSecret }).from(staff).where(eq(staff.username, username));
      return row.secret;
    }
    /** A 6-digit code that is not the right one a step either side of now. */
    function wrongCode(secret: string, i: number): string {
      const near = [-30_000, 0, 30_000].map((d) => totpCode(secret, new Date(t.clock.now().getTime() + d)));
      for (let n = i; ; n += BURST) {
        const code = String((n * 7_919) % 1_000_000).padStart(6, '0');
        if (!near.includes(code)) return code;
      }
    }

    it('40 wrong passwords for one operator at once: 5 are checked, 35 refused', async () => {
      await operator('burst-ops', false);
      const from = newAddress();
      const rs = await burst(() => consoleLogin({ username: 'burst-ops', password: 'wrong-password-9' }, from));
      expect(tally(rs)).toEqual({ 400: 5, 429: 35 });
      expect((await consoleLogin({ username: 'burst-ops', password: OPERATOR_PASSWORD }, newAddress())).status).toBe(
        429,
      );
    });

    it('40 wrong passwords from one address over 40 names at once: 20 are checked, 20 refused', async () => {
      const from = newAddress();
      const rs = await burst((i) => consoleLogin({ username: `ghost-${i}`, password: 'wrong-password-9' }, from));
      expect(tally(rs)).toEqual({ 400: 20, 429: 20 });
    });

    it('40 wrong TOTP codes with the right password at once: 5 are checked (422), 35 refused', async () => {
      const secret = (await operator('burst-totp', true))!;
      const from = newAddress();
      const rs = await burst((i) =>
        consoleLogin({ username: 'burst-totp', password: OPERATOR_PASSWORD, totp: wrongCode(secret, i) }, from),
      );
      expect(tally(rs)).toEqual({ 422: 5, 429: 35 });
      expect(rs.find((r) => r.status === 422)!.body.data.errors.totp).toEqual(['动态验证码错误或已使用']);
      const right = totpCode(secret, t.clock.now());
      expect(
        (await consoleLogin({ username: 'burst-totp', password: OPERATOR_PASSWORD, totp: right }, newAddress())).status,
      ).toBe(429);
    });

    it('asking for the code after the right password counts nothing', async () => {
      const secret = (await operator('asked-twice', true))!;
      const from = newAddress();
      for (let i = 0; i < 6; i++) {
        const asked = await consoleLogin({ username: 'asked-twice', password: OPERATOR_PASSWORD }, from);
        expect(asked.body.data).toEqual({ operator: null, totp_required: true });
      }
      const signedIn = await consoleLogin(
        { username: 'asked-twice', password: OPERATOR_PASSWORD, totp: totpCode(secret, t.clock.now()) },
        from,
      );
      expect(signedIn.status).toBe(200);
    });

    it('40 wrong current passwords at 我的账号 at once: 5 are checked (422), 35 refused', async () => {
      await operator('own-password', false);
      const cookie = operatorCookie(
        await consoleLogin({ username: 'own-password', password: OPERATOR_PASSWORD }, newAddress()),
      )!;
      const change = (current: string) =>
        t.call('POST', '/api/admin/me/password', {
          cookie,
          body: { current_password: current, new_password: 'a-new-password-2' },
        });
      const rs = await burst(() => change('wrong-password-9'));
      expect(tally(rs)).toEqual({ 422: 5, 429: 35 });
      expect((await change(OPERATOR_PASSWORD)).status).toBe(429);
    });

    it('4 sign-ins with one TOTP code at once: exactly one session', async () => {
      const secret = (await operator('one-code', true))!;
      const code = totpCode(secret, t.clock.now());
      const rs = await Promise.all(
        Array.from({ length: 4 }, () =>
          consoleLogin({ username: 'one-code', password: OPERATOR_PASSWORD, totp: code }, newAddress()),
        ),
      );
      expect(tally(rs)).toEqual({ 200: 1, 422: 3 });
      expect(rs.filter((r) => operatorCookie(r))).toHaveLength(1);
      expect(rs.find((r) => r.status === 422)!.body.data.errors.totp).toEqual(['动态验证码错误或已使用']);
    });
  });

  describe('SMS codes', () => {
    it('40 register codes for a registered phone at once: one answer (已注册), 39 refused', async () => {
      await createMember(t.db, { username: 'has-phone', phone: '13700000001' });
      const from = newAddress();
      const rs = await burst(() => createCode({ purpose: 'register', phone: '13700000001' }, from));
      expect(tally(rs)).toEqual({ 400: 1, 429: 39 });
      expect(rs.find((r) => r.status === 400)!.body.msg).toBe('该手机号已注册，请直接登录');
      expect(rs.find((r) => r.status === 429)!.body.msg).toBe('验证码发送过于频繁，请60秒后再试');
    });

    it('40 register codes from one address over 40 registered phones at once: 30 answered, 10 refused', async () => {
      const phones = Array.from({ length: BURST }, (_, i) => `1370000${String(1_000 + i)}`);
      for (const [i, phone] of phones.entries())
        await createMember(t.db, { username: `phone-owner-${i}`, phone, company: null });
      const from = newAddress();
      const rs = await burst((i) => createCode({ purpose: 'register', phone: phones[i] }, from));
      expect(tally(rs)).toEqual({ 400: 30, 429: 10 });
      expect(rs.find((r) => r.status === 429)!.body.msg).toBe('验证码发送次数过多，请明天再试');
    });

    it('recovery by username answers a real and an unknown name alike; a burst of 40 gets one answer', async () => {
      await createMember(t.db, { username: 'real-name', phone: '13700000002' });
      const real = await createCode({ purpose: 'reset_password', username: 'real-name' }, newAddress());
      const unknown = await createCode({ purpose: 'reset_password', username: 'no-such-name' }, newAddress());
      expect(real.status).toBe(200);
      expect(unknown.body).toEqual(real.body);
      expect(real.body).toEqual({
        code: 10000,
        msg: '若该账号已绑定手机，验证码已发送至该手机',
        data: { phone: '', expires_in: 300, resend_in: 60 },
      });
      // Only the real account's phone got a code.
      const sent = await t.db.select().from(phoneCodes).where(eq(phoneCodes.purpose, 'reset_password'));
      expect(sent.map((r) => r.phone)).toEqual(['13700000002']);

      const from = newAddress();
      const rs = await burst(() => createCode({ purpose: 'reset_password', username: 'another-unknown' }, from));
      expect(tally(rs)).toEqual({ 200: 1, 429: 39 });
    });

    it('recovery by phone answers a registered and an unregistered phone alike; verify answers an unknown account like a wrong code', async () => {
      await createMember(t.db, { username: 'phone-recovery', phone: '13700000003' });
      const registered = await createCode({ purpose: 'reset_password', phone: '13700000003' }, newAddress());
      const unregistered = await createCode({ purpose: 'reset_password', phone: '13700000004' }, newAddress());
      expect(registered.status).toBe(200);
      expect(registered.body.msg).toBe('若该手机号已注册，验证码已发送至137****0003');
      expect(unregistered.status).toBe(200);
      expect(unregistered.body.msg).toBe('若该手机号已注册，验证码已发送至137****0004');
      expect(unregistered.body.data).toEqual({ ...registered.body.data, phone: '137****0004' });

      const wrongCode = { status: 422, msg: '验证码错误或已过期' };
      const byPhone = await t.call('POST', '/api/user/forget/verify', {
        body: { phone: '13700000004', code: '123456' },
      });
      const byName = await t.call('POST', '/api/user/forget/verify', {
        body: { username: 'no-such-name', code: '123456' },
      });
      for (const r of [byPhone, byName]) {
        expect({ status: r.status, msg: r.body.msg }).toEqual(wrongCode);
        expect(r.body.data.errors).toEqual({ code: ['验证码错误或已过期'] });
      }
    });

    it('40 guesses of one phone code at once: 5 are compared, then the right code no longer works', async () => {
      await createMember(t.db, { username: 'guessed', phone: '13700000005' });
      expect((await createCode({ purpose: 'reset_password', phone: '13700000005' }, newAddress())).status).toBe(200);
      const [issued] = await t.db
        .select()
        .from(phoneCodes)
        .where(and(eq(phoneCodes.phone, '13700000005'), eq(phoneCodes.purpose, 'reset_password')));
      const wrong = (i: number) => {
        const guess = String(i).padStart(6, '0');
        return guess === issued.code ? '999999' : guess;
      };
      const rs = await burst((i) =>
        t.call('POST', '/api/user/forget/verify', { body: { phone: '13700000005', code: wrong(i) } }),
      );
      expect(tally(rs)).toEqual({ 422: 40 });
      const [after] = await t.db
        .select({ attempts: phoneCodes.attempts })
        .from(phoneCodes)
        .where(eq(phoneCodes.id, issued.id));
      expect(after.attempts).toBe(5);
      const right = await t.call('POST', '/api/user/forget/verify', {
        body: { phone: '13700000005', code: issued.code },
      });
      expect(right.status).toBe(422);
    });
  });
});
