// The console's money settings (issue 29 §4): the 对公转账 account every buyer is told to pay into
// and the payment window belong to 管理员 and 财务, need a fresh code of the operator's own TOTP,
// are audited with before/after and announced on every operator's 工作台. 运营 keep shipping and
// the shop front. Wrong codes are counted before they are checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { roleOperator, totpOperator } from '../helpers/operators.ts';
import { auditLog } from '../../server/db/schema.ts';
import type { SiteSettingsView } from '../../src/domain/admin-content.ts';
import type { DashboardCounts } from '../../src/domain/admin.ts';
import type { TransferInfo } from '../../src/domain/orders.ts';

const ACCOUNT = {
  account_name: '康源医药（广州）有限公司',
  bank: '招商银行广州天河支行',
  account_no: '1209 8888 0000 0002',
};
const THIEF = { account_name: '某某贸易有限公司', bank: '某银行', account_no: '6222 0000 1111 2222' };

let t: TestApp;
let ops: string;
let warehouse: string;
let financeNoTotp: string;
let buyerCookie: string;

const save = (cookie: string, body: unknown) =>
  t.call<SiteSettingsView>('POST', '/api/admin/settings', { cookie, json: body });
const errorsOf = (res: { body: { data: unknown } }) => (res.body.data as { errors: Record<string, string[]> }).errors;
const transferAccount = async () =>
  (await t.call<TransferInfo>('GET', '/api/pay/transfer_info', { cookie: buyerCookie })).body.data;

beforeAll(async () => {
  t = await createTestApp({ seed: 20 });
  ops = (await roleOperator(t, 'operations')).cookie;
  warehouse = (await roleOperator(t, 'warehouse')).cookie;
  financeNoTotp = (await roleOperator(t, 'finance')).cookie;
  buyerCookie = await t.signIn('demo', 'demo1234');
});
afterAll(() => t.close());

describe('who may change the money settings', () => {
  it('refuses 运营 (403) on the transfer account and the payment window, and changes nothing', async () => {
    const before = await transferAccount();
    const res = await save(ops, { transfer_account: THIEF });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('收款账户与支付时限只有管理员和财务可以修改');
    expect((await save(ops, { payment_window: { minutes: 60 } })).status).toBe(403);
    // A save mixing what 运营 may change with what they may not changes nothing at all.
    expect((await save(ops, { shipping: { shipping_amount: 1, fee: 1 }, transfer_account: THIEF })).status).toBe(403);
    expect(await transferAccount()).toEqual(before);
    expect(
      (await t.call<SiteSettingsView>('GET', '/api/admin/settings', { cookie: ops })).body.data.shipping,
    ).not.toEqual({ shipping_amount: 1, fee: 1 });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.money_update'))).toHaveLength(0);
  });

  it('still lets 运营 change shipping, and keeps 财务 off it', async () => {
    expect((await save(ops, { shipping: { shipping_amount: 50_000, fee: 900 } })).status).toBe(200);
    const res = await save(financeNoTotp, { shipping: { shipping_amount: 1, fee: 1 } });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('运费与页脚设置只有运营和管理员可以修改');
  });

  it('lets 财务 read the settings page; other roles get 403', async () => {
    expect((await t.call('GET', '/api/admin/settings', { cookie: financeNoTotp })).status).toBe(200);
    expect((await t.call('GET', '/api/admin/settings', { cookie: warehouse })).status).toBe(403);
    expect((await save(warehouse, { transfer_account: THIEF })).status).toBe(403);
  });

  it('refuses 财务 without TOTP and says to turn it on at 我的账号', async () => {
    const res = await save(financeNoTotp, { transfer_account: THIEF, totp_code: '123456' });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('修改收款账户与支付时限须使用动态验证码，请先在“我的账号”开启动态验证码');
    expect((await transferAccount()).account_no).not.toBe(THIEF.account_no);
  });
});

describe('a fresh TOTP code', () => {
  it('财务: refused without a code and with a wrong one; accepted with a fresh one, audited and announced', async () => {
    const finance = await totpOperator(t, 'finance', 'finance-totp');
    const missing = await save(finance.cookie, { transfer_account: ACCOUNT });
    expect(missing.status).toBe(422);
    expect(errorsOf(missing)).toEqual({ totp_code: ['请输入6位动态验证码'] });
    const next = finance.code();
    const wrong = await save(finance.cookie, {
      transfer_account: ACCOUNT,
      totp_code: String((Number(next) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.status).toBe(422);
    expect(errorsOf(wrong)).toEqual({ totp_code: ['动态验证码错误或已使用'] });
    const before = await transferAccount();
    expect(before.account_no).not.toBe(ACCOUNT.account_no);

    const code = finance.code();
    const res = await save(finance.cookie, { transfer_account: ACCOUNT, totp_code: code });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ transfer_account: ACCOUNT, transfer_account_source: 'console' });
    expect(await transferAccount()).toMatchObject(ACCOUNT);

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.money_update'));
    expect(audit.staffName).toBe('测试finance-totp');
    expect(audit.before).toEqual({ transfer_account: null });
    expect(audit.after).toEqual({ transfer_account: ACCOUNT });

    // Every operator's 工作台 announces it, 仓库 included.
    const dash = await t.call<DashboardCounts>('GET', '/api/admin/dashboard', { cookie: warehouse });
    expect(dash.body.data.money_settings_changes).toEqual([
      {
        id: audit.id,
        at: t.clock.now().getTime(),
        by: '测试finance-totp',
        changed: ['transfer_account'],
        before: { transfer_account: null },
        after: { transfer_account: ACCOUNT },
      },
    ]);

    // The same code does not serve a second change.
    const again = await save(finance.cookie, { transfer_account: THIEF, totp_code: code });
    expect(again.status).toBe(422);
    expect(errorsOf(again)).toEqual({ totp_code: ['动态验证码错误或已使用'] });
    expect(await transferAccount()).toMatchObject(ACCOUNT);
  });

  it('管理员: the payment window with a fresh code, before/after in the audit; the announcement lasts 7 days', async () => {
    const admin = await totpOperator(t, 'admin', 'admin-totp');
    expect((await save(admin.cookie, { payment_window: { minutes: 45 } })).status).toBe(422);
    const res = await save(admin.cookie, {
      payment_window: { minutes: 45 },
      shipping: { shipping_amount: 60_000, fee: 800 },
      totp_code: admin.code(),
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.payment_window).toEqual({ minutes: 45 });
    const [money] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.money_update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    // Before: no console row (null), so the environment's 30 minutes applied.
    expect(money.before).toEqual({ payment_window: null });
    expect(money.after).toEqual({ payment_window: { minutes: 45 } });
    // Shipping is not a money setting: its own audit row, not announced.
    const [site] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(site.after).toEqual({ shipping: { shipping_amount: 60_000, fee: 800 } });

    // Signed in afresh each time: a week later the earlier session has long ended.
    const dash = async () =>
      (
        await t.call<DashboardCounts>('GET', '/api/admin/dashboard', {
          cookie: (await roleOperator(t, 'operations')).cookie,
        })
      ).body.data.money_settings_changes;
    expect((await dash()).map((c) => c.changed)).toEqual([['payment_window'], ['transfer_account']]);
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect(await dash()).toEqual([]);
  });
});

// Runs on PGlite and, when TEST_DATABASE_URL is set, also on that PostgreSQL (real parallel requests).
const backends: [string, string | undefined][] = [['PGlite', undefined]];
if (process.env.TEST_DATABASE_URL) backends.push(['PostgreSQL', process.env.TEST_DATABASE_URL]);

describe.each(backends)('fresh TOTP codes under parallel requests on %s', (_name, databaseUrl) => {
  let r: TestApp;
  const saveOn = (cookie: string, body: unknown) =>
    r.call<SiteSettingsView>('POST', '/api/admin/settings', { cookie, json: body });
  beforeAll(async () => {
    r = await createTestApp({ databaseUrl });
  });
  afterAll(() => r.close());

  it('counts wrong codes before checking them: of 12 parallel guesses at most 5 are evaluated', async () => {
    const finance = await totpOperator(r, 'finance', 'finance-burst');
    const right = finance.code();
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(
      guesses.map((g) => saveOn(finance.cookie, { payment_window: { minutes: 50 }, totp_code: g })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    // Locked: even the right code waits out the window.
    const locked = await saveOn(finance.cookie, { payment_window: { minutes: 50 }, totp_code: right });
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toBe('动态验证码错误次数过多，请15分钟后再试');
  });

  it('spends a code once when two saves race with it', async () => {
    const admin = await totpOperator(r, 'admin', 'admin-race');
    const code = admin.code();
    const answers = await Promise.all([
      saveOn(admin.cookie, { payment_window: { minutes: 70 }, totp_code: code }),
      saveOn(admin.cookie, { payment_window: { minutes: 80 }, totp_code: code }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
  });
});
