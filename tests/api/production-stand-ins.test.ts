// Production mode (NODE_ENV=production, config.demo false; issue 29 §4): every operator signs in
// with TOTP — one without it gets a session that can only enrol (我的账号) and sign out — while the
// demo keeps password-only operators; and the WeChat stand-in (tickets, our confirmation page),
// which authorises any ticket with any nickname, is absent (404) and not offered by the shop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorCookie, totpCode } from '../helpers/operators.ts';
import { createMember, TEST_PASSWORD } from '../helpers/accounts.ts';
import { auditLog, staff } from '../../server/db/schema.ts';
import { createOperator } from '../../server/services/admin/operators.ts';
import type { AdminLoginAnswer, SignedInOperator } from '../../src/domain/admin.ts';
import type { ShopMode } from '../../src/domain/contracts.ts';

const PASSWORD = 'console-pass-1';
const PRODUCTION = { demo: false, devEndpoints: false } as const;

let production: TestApp;
let demo: TestApp;
beforeAll(async () => {
  [production, demo] = await Promise.all([createTestApp({ config: PRODUCTION }), createTestApp()]);
  for (const t of [production, demo]) {
    await createOperator(
      t.db,
      { username: 'clerk', password: PASSWORD, name: '新财务', phone: '', role: 'finance', totp: false },
      t.clock.now(),
    );
    await createMember(t.db, { username: 'buyer1', phone: '13811112222' });
  }
});
afterAll(async () => {
  await Promise.all([production.close(), demo.close()]);
});

const login = (t: TestApp, body: Record<string, string>) =>
  t.call<AdminLoginAnswer>('POST', '/api/admin/login', { body });

describe('production: operators sign in with TOTP', () => {
  it('an operator without TOTP gets a session that can only enrol, then the whole console', async () => {
    const res = await login(production, { username: 'clerk', password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('请先开启动态验证码');
    expect(res.body.data).toMatchObject({
      totp_required: false,
      operator: { username: 'clerk', totp_enabled: false, totp_enrolment_required: true },
    });
    const cookie = operatorCookie(res)!;

    // Nothing but enrolment: the dashboard, the role's own work, even changing the password.
    for (const [method, path] of [
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/transfers'],
      ['GET', '/api/admin/settings'],
      ['POST', '/api/admin/me/password'],
    ] as const) {
      const refused = await production.call(method, path, {
        cookie,
        body: method === 'POST' ? { current_password: PASSWORD, new_password: 'another-pass-2' } : undefined,
      });
      expect(refused.status, path).toBe(403);
      expect(refused.body.msg).toBe('请先在“我的账号”开启动态验证码，再使用运营后台');
    }
    const me = await production.call<SignedInOperator>('GET', '/api/admin/me', { cookie });
    expect(me.body.data).toMatchObject({ username: 'clerk', totp_enrolment_required: true });

    const started = await production.call<{ secret: string }>('POST', '/api/admin/me/totp/start', { cookie });
    expect(started.status).toBe(200);
    const confirmed = await production.call('POST', '/api/admin/me/totp/confirm', {
      cookie,
      body: { code: totpCode(started.body.data.secret, production.clock.now()) },
    });
    expect(confirmed.status, confirmed.body.msg).toBe(200);
    expect(await production.db.select().from(auditLog).where(eq(auditLog.action, 'staff.totp_enrol'))).toHaveLength(1);

    // Enrolled: the same session opens the console, and the next sign-in asks for a code.
    expect((await production.call('GET', '/api/admin/dashboard', { cookie })).status).toBe(200);
    expect(
      (await production.call<SignedInOperator>('GET', '/api/admin/me', { cookie })).body.data.totp_enrolment_required,
    ).toBe(false);
    expect((await login(production, { username: 'clerk', password: PASSWORD })).body.data).toEqual({
      operator: null,
      totp_required: true,
    });
  });

  it("an admin's TOTP reset confines the operator's open sessions to enrolment at once", async () => {
    await createOperator(
      production.db,
      { username: 'keeper', password: PASSWORD, name: '仓管', phone: '', role: 'warehouse', totp: true },
      production.clock.now(),
    );
    const [row] = await production.db
      .select({ id: staff.id, secret: staff.totpSecret })
      .from(staff)
      .where(eq(staff.username, 'keeper'));
    production.clock.advance(60_000);
    const res = await login(production, {
      username: 'keeper',
      password: PASSWORD,
      totp: totpCode(row.secret!, production.clock.now()),
    });
    const cookie = operatorCookie(res)!;
    expect((await production.call('GET', '/api/admin/orders', { cookie })).status).toBe(200);
    await production.db.update(staff).set({ totpSecret: null, totpLastStep: null }).where(eq(staff.id, row.id));
    expect((await production.call('GET', '/api/admin/orders', { cookie })).status).toBe(403);
    expect((await production.call('POST', '/api/admin/me/totp/start', { cookie })).status).toBe(200);
  });

  it('the demo keeps password-only operators', async () => {
    const res = await login(demo, { username: 'clerk', password: PASSWORD });
    expect(res.body.data.operator).toMatchObject({ totp_enabled: false, totp_enrolment_required: false });
    expect((await demo.call('GET', '/api/admin/dashboard', { cookie: operatorCookie(res)! })).status).toBe(200);
  });
});

describe('production: no WeChat stand-in', () => {
  const STAND_IN = [
    ['POST', '/api/register/wechat'],
    ['GET', '/api/register/wechat?ticket=x'],
    ['GET', '/api/wechat/ticket?ticket=x'],
    ['POST', '/api/wechat/confirm'],
    ['POST', '/api/user/wechat_ticket'],
    ['GET', '/api/user/wechat_ticket?ticket=x'],
  ] as const;

  it('answers 404 on every stand-in route, for visitors and members alike', async () => {
    const cookie = await production.signIn('buyer1', TEST_PASSWORD);
    for (const [method, path] of STAND_IN) {
      for (const who of [null, cookie]) {
        const res = await production.call(method, path, {
          cookie: who,
          body: method === 'POST' ? { ticket: 'x', nickname: '任意昵称' } : undefined,
        });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    const mode = await production.call<ShopMode>('GET', '/api/global/shop_mode');
    expect(mode.body.data.wechat).toBe(false);
  });

  it('the demo keeps it', async () => {
    const issued = await demo.call('POST', '/api/register/wechat');
    expect(issued.status).toBe(200);
    expect(issued.body.data.url).toMatch(/^\/wechat\/confirm\?ticket=/);
    expect((await demo.call<ShopMode>('GET', '/api/global/shop_mode')).body.data.wechat).toBe(true);
  });
});
