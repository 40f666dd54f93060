// The operator console's API: sign-in (password, TOTP, limits, separate from buyers), the
// dashboard's counts, the company list, the review decision with its state changes and audit
// rows, company settings, TOTP requirement, audit search, ADMIN_HOST.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember } from '../helpers/accounts.ts';
import { operatorCookie, operatorSignIn, totpCode } from '../helpers/operators.ts';
import { auditLog, companies, messages, orders, payments, qualificationFiles, staff } from '../../server/db/schema.ts';
import { ADMIN_DEMO_TOTP_SECRET, OPERATOR_DEMO_PASSWORD } from '../../server/seed/operators.ts';
import { createOperator } from '../../server/services/admin/operators.ts';
import type { CompanyDetail, CompanyRow, DashboardCounts, Paged, TransferRow } from '../../src/domain/admin.ts';

/** The messages the review wrote to a company (the seed writes none for pending or chain). */
const messagesOf = (companyId: number) =>
  t.db
    .select({ title: messages.title, link: messages.link })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.kind, 'system')))
    .then((rows) => rows.filter((r) => r.title.includes('审核') || r.title.includes('证件更新')));

let t: TestApp;
let pendingId: number;
let chainId: number;

const STEP_MS = 30_000;

beforeAll(async () => {
  t = await createTestApp({ seed: 40 });
  const [pending] = await t.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.reviewStatus, 'pending'));
  pendingId = pending.id;
  const [chain] = await t.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, '湖北同济堂连锁药房有限公司'));
  chainId = chain.id;
});
afterAll(() => t.close());

const audits = (action: string, targetId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

describe('operator sign-in', () => {
  it('refuses a wrong password and an unknown name alike, and a buyer account', async () => {
    for (const [username, password] of [
      ['reviewer', 'wrong-pass1'],
      ['nobody', OPERATOR_DEMO_PASSWORD],
      ['demo', 'demo1234'],
    ]) {
      const res = await t.call('POST', '/api/admin/login', { body: { username, password } });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('用户名或密码错误');
      expect(operatorCookie(res)).toBeNull();
    }
  });

  it('asks for the TOTP code after the right password, refuses a wrong or replayed code, accepts the right one', async () => {
    t.clock.advance(STEP_MS);
    const first = await t.call('POST', '/api/admin/login', {
      body: { username: 'admin', password: OPERATOR_DEMO_PASSWORD },
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ operator: null, totp_required: true });
    expect(operatorCookie(first)).toBeNull();

    const good = totpCode(ADMIN_DEMO_TOTP_SECRET, t.clock.now());
    const wrong = good === '000000' ? '111111' : '000000';
    const refused = await t.call('POST', '/api/admin/login', {
      body: { username: 'admin', password: OPERATOR_DEMO_PASSWORD, totp: wrong },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.data.errors.totp).toEqual(['动态验证码错误或已使用']);

    const malformed = await t.call('POST', '/api/admin/login', {
      body: { username: 'admin', password: OPERATOR_DEMO_PASSWORD, totp: '12ab' },
    });
    expect(malformed.status).toBe(422);

    const accepted = await t.call('POST', '/api/admin/login', {
      body: { username: 'admin', password: OPERATOR_DEMO_PASSWORD, totp: good },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.operator).toMatchObject({ username: 'admin', role: 'admin', totp_enabled: true });
    const cookie = operatorCookie(accepted);
    expect(cookie).toMatch(/^admin_sid=/);
    expect(accepted.headers.getSetCookie().join()).toMatch(/Path=\/api\/admin/);
    const me = await t.call('GET', '/api/admin/me', { cookie });
    expect(me.body.data).toMatchObject({ username: 'admin', role: 'admin' });

    const replay = await t.call('POST', '/api/admin/login', {
      body: { username: 'admin', password: OPERATOR_DEMO_PASSWORD, totp: good },
    });
    expect(replay.status).toBe(422);
  });

  it('locks an account after 5 failures, even for the right password', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await t.call('POST', '/api/admin/login', {
        body: { username: 'warehouse', password: `wrong${i}pass` },
      });
      expect(res.status).toBe(400);
    }
    const locked = await t.call('POST', '/api/admin/login', {
      body: { username: 'warehouse', password: OPERATOR_DEMO_PASSWORD },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toBe('登录失败次数过多，请15分钟后再试');
    t.clock.advance(16 * 60_000);
    await expect(operatorSignIn(t, 'warehouse')).resolves.toMatch(/^admin_sid=/);
  });

  it('keeps buyer and operator sessions apart', async () => {
    const buyer = await t.signIn('demo', 'demo1234');
    expect((await t.call('GET', '/api/admin/me', { cookie: buyer })).status).toBe(401);
    const operator = await operatorSignIn(t, 'support');
    expect((await t.call('GET', '/api/user/base', { cookie: operator })).status).toBe(401);
  });

  it('logs out: the cookie stops working', async () => {
    const cookie = await operatorSignIn(t, 'finance');
    const out = await t.call('POST', '/api/admin/logout', { cookie });
    expect(out.status).toBe(200);
    expect((await t.call('GET', '/api/admin/me', { cookie })).status).toBe(401);
  });
});

describe('dashboard and company list', () => {
  it('counts what waits: the seeded registration, the renewal, orders per status, low stock', async () => {
    const cookie = await operatorSignIn(t, 'warehouse');
    const res = await t.call<DashboardCounts>('GET', '/api/admin/dashboard', { cookie });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.registrations_pending).toBe(1);
    expect(d.renewals_pending).toBe(1);
    expect(Object.keys(d.orders_waiting).sort()).toEqual([
      'after_sale',
      'awaiting_transfer',
      'paid',
      'pending_payment',
      'shipped',
    ]);
    expect(d.transfers_to_confirm).toBe(d.orders_waiting.awaiting_transfer);
    for (const g of d.low_stock.goods) expect(g.stock).toBeLessThanOrEqual(d.low_stock.threshold);
  });

  it('searches, filters, sorts and pages on the server; refuses bad parameters', async () => {
    const cookie = await operatorSignIn(t, 'support');
    const found = await t.call<Paged<CompanyRow>>('GET', '/api/admin/companies?q=%E4%BB%81%E5%BF%83', { cookie });
    expect(found.body.data.list.map((c) => c.id)).toEqual([pendingId]);
    const pending = await t.call<Paged<CompanyRow>>('GET', '/api/admin/companies?status=pending', { cookie });
    expect(pending.body.data.total).toBe(1);
    const renewals = await t.call<Paged<CompanyRow>>('GET', '/api/admin/companies?renewal=1', { cookie });
    expect(renewals.body.data.list.map((c) => c.id)).toEqual([chainId]);
    expect(renewals.body.data.list[0].pending_files).toBe(1);
    const all = await t.call<Paged<CompanyRow>>('GET', '/api/admin/companies?page_size=100', { cookie });
    const filesWaiting = Object.fromEntries(all.body.data.list.map((c) => [c.id, c.pending_files]));
    expect(Object.values(filesWaiting).reduce((a, b) => a + b, 0)).toBe(4);
    expect(filesWaiting[pendingId]).toBe(3);
    expect(filesWaiting[chainId]).toBe(1);
    const sorted = await t.call<Paged<CompanyRow>>(
      'GET',
      '/api/admin/companies?sort=name&order=asc&page_size=2&page=1',
      { cookie },
    );
    expect(sorted.body.data.list).toHaveLength(2);
    expect(sorted.body.data.total).toBeGreaterThan(2);
    const names = sorted.body.data.list.map((c) => c.name);
    expect([...names].sort()).toEqual(names);
    for (const bad of ['sort=password', 'order=up', 'page_size=1000', 'status=x', `q=${'药'.repeat(51)}`]) {
      const res = await t.call('GET', `/api/admin/companies?${encodeURI(bad)}`, { cookie });
      expect(res.status, bad).toBe(422);
    }
    expect((await t.call('GET', '/api/admin/companies/999999', { cookie })).status).toBe(404);
    expect((await t.call('GET', '/api/admin/companies/abc', { cookie })).status).toBe(404);
  });

  it('shows a company with its files, and serves a file to open beside the form', async () => {
    const cookie = await operatorSignIn(t, 'reviewer');
    const res = await t.call<CompanyDetail>('GET', `/api/admin/companies/${pendingId}`, { cookie });
    expect(res.body.data.review_status).toBe('pending');
    expect(res.body.data.files.map((f) => f.kind)).toEqual(['business_license', 'drug_license', 'gsp']);
    expect(res.body.data.users.map((u) => u.username)).toEqual(['pending']);
    const file = await t.app.request(res.body.data.files[0].url, { headers: { cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer()).slice(1, 4)).toEqual(new Uint8Array([0x50, 0x4e, 0x47]));
    const other = await t.app.request(`/api/admin/companies/${chainId}/files/${res.body.data.files[0].id}`, {
      headers: { cookie },
    });
    expect(other.status).toBe(404);
  });
});

describe('review decisions', () => {
  it('approves the pending registration: the buyer sees prices at once; a second approval changes nothing', async () => {
    const buyer = await t.signIn('pending', 'demo1234');
    const before = await t.call('GET', '/api/goods/detail/1', { cookie: buyer });
    expect(before.body.data.price).toBeNull();

    const cookie = await operatorSignIn(t, 'reviewer');
    const res = await t.call('POST', `/api/admin/companies/${pendingId}/approve`, { cookie });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ review_status: 'approved', kind: 'registration' });

    const [company] = await t.db.select().from(companies).where(eq(companies.id, pendingId));
    expect(company.reviewStatus).toBe('approved');
    const files = await t.db
      .select({ status: qualificationFiles.status })
      .from(qualificationFiles)
      .where(eq(qualificationFiles.companyId, pendingId));
    expect(files.every((f) => f.status === 'approved')).toBe(true);
    const rows = await audits('company.approve', pendingId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffName: '孙倩', targetType: 'company' });
    expect(rows[0].before).toMatchObject({ review_status: 'pending', kind: 'registration' });
    expect(rows[0].after).toMatchObject({ review_status: 'approved' });

    const after = await t.call('GET', '/api/goods/detail/1', { cookie: buyer });
    expect(after.body.data.price).toBeGreaterThan(0);
    const status = await t.call('GET', '/api/register/status', { cookie: buyer });
    expect(status.body.data.review_status).toBe('approved');

    // The buyer hears of it in 我的消息, once.
    expect(await messagesOf(pendingId)).toEqual([{ title: '资质审核通过', link: '/user' }]);

    const again = await t.call('POST', `/api/admin/companies/${pendingId}/approve`, { cookie });
    expect(again.status).toBe(409);
    expect(await audits('company.approve', pendingId)).toHaveLength(1);
    expect(await messagesOf(pendingId)).toHaveLength(1);
  });

  it('rejects a registration with a reason the buyer reads; refuses a missing reason', async () => {
    const { companyId } = await createMember(t.db, {
      username: 'newshop',
      company: { name: '新开药店', reviewStatus: 'pending' },
    });
    const id = companyId!;
    const cookie = await operatorSignIn(t, 'reviewer');
    const blank = await t.call('POST', `/api/admin/companies/${id}/reject`, { cookie, body: { reason: ' ' } });
    expect(blank.status).toBe(422);
    expect(blank.body.data.errors.reason).toBeDefined();
    const [unchanged] = await t.db.select().from(companies).where(eq(companies.id, id));
    expect(unchanged.reviewStatus).toBe('pending');

    const res = await t.call('POST', `/api/admin/companies/${id}/reject`, {
      cookie,
      body: { reason: '营业执照已过期，请上传新证' },
    });
    expect(res.status).toBe(200);
    const buyer = await t.signIn('newshop', 'demo1234');
    const status = await t.call('GET', '/api/register/status', { cookie: buyer });
    expect(status.body.data).toMatchObject({ review_status: 'rejected', review_note: '营业执照已过期，请上传新证' });
    const rows = await audits('company.reject', id);
    expect(rows).toHaveLength(1);
    expect(rows[0].after).toMatchObject({ review_status: 'rejected', review_note: '营业执照已过期，请上传新证' });
    expect(
      (await t.call('POST', `/api/admin/companies/${id}/reject`, { cookie, body: { reason: '再驳回一次' } })).status,
    ).toBe(409);
    expect(await messagesOf(id)).toEqual([{ title: '资质审核未通过', link: '/register/step3' }]);
  });

  it('rejects a renewal: the files are rejected, the company keeps buying', async () => {
    const cookie = await operatorSignIn(t, 'reviewer');
    const res = await t.call('POST', `/api/admin/companies/${chainId}/reject`, {
      cookie,
      body: { reason: '许可证复印件不清晰' },
    });
    expect(res.body.data).toMatchObject({ kind: 'renewal', review_status: 'approved' });
    const files = await t.db
      .select({
        status: qualificationFiles.status,
        replacesId: qualificationFiles.replacesId,
        reviewNote: qualificationFiles.reviewNote,
      })
      .from(qualificationFiles)
      .where(eq(qualificationFiles.companyId, chainId));
    // The renewal is refused with the reason; the certificates in force stay approved.
    expect(files.filter((f) => f.replacesId !== null)).toEqual([
      { status: 'rejected', replacesId: expect.any(Number), reviewNote: '许可证复印件不清晰' },
    ]);
    expect(files.filter((f) => f.replacesId === null).every((f) => f.status === 'approved')).toBe(true);
    expect(await messagesOf(chainId)).toContainEqual({ title: '证件更新未通过', link: '/zzzj' });
  });
});

describe('company settings', () => {
  it('saves rank, staff, flags and scope with an audit row; refuses bad values', async () => {
    const cookie = await operatorSignIn(t, 'reviewer');
    const [manager] = await t.db.select({ id: staff.id }).from(staff).where(eq(staff.role, 'account_manager'));
    const [sales] = await t.db.select({ id: staff.id }).from(staff).where(eq(staff.role, 'salesperson'));
    const good = {
      rank: '3',
      account_manager_id: String(manager.id),
      salesperson_id: String(sales.id),
      is_special: '1',
      is_show_youx: '0',
      is_can_chat: '1',
      is_after_sale: '1',
      business_scope: ['xy', 'qx'],
    };
    for (const [field, bad] of [
      ['rank', { ...good, rank: '9' }],
      ['business_scope', { ...good, business_scope: ['xy', 'zz'] }],
      ['salesperson_id', { ...good, salesperson_id: String(manager.id) }],
      ['is_special', { ...good, is_special: 'maybe' }],
    ] as const) {
      const res = await t.call('POST', `/api/admin/companies/${pendingId}/settings`, { cookie, body: bad });
      expect(res.status, field).toBe(422);
      expect(res.body.data.errors[field], field).toBeDefined();
    }
    const res = await t.call('POST', `/api/admin/companies/${pendingId}/settings`, { cookie, body: good });
    expect(res.status).toBe(200);
    const [c] = await t.db.select().from(companies).where(eq(companies.id, pendingId));
    expect(c).toMatchObject({
      rank: 3,
      accountManagerId: manager.id,
      salespersonId: sales.id,
      isSpecial: true,
      isCanChat: true,
      businessScope: ['xy', 'qx'],
    });
    const rows = await audits('company.settings', pendingId);
    expect(rows).toHaveLength(1);
    expect(rows[0].before).toMatchObject({ rank: 1, is_special: false });
    expect(rows[0].after).toMatchObject({ rank: 3, is_special: true, business_scope: ['xy', 'qx'] });
  });
});

describe('operators and audit', () => {
  it('an admin requires TOTP of an operator: their sessions end and the next sign-in needs a code', async () => {
    t.clock.advance(STEP_MS);
    const admin = await operatorSignIn(t, 'admin', { totpSecret: ADMIN_DEMO_TOTP_SECRET });
    const support = await operatorSignIn(t, 'support');
    const [row] = await t.db.select({ id: staff.id }).from(staff).where(eq(staff.username, 'support'));
    const res = await t.call('POST', `/api/admin/operators/${row.id}/totp`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(res.body.data.qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect((await t.call('GET', '/api/admin/me', { cookie: support })).status).toBe(401);
    const again = await t.call('POST', '/api/admin/login', {
      body: { username: 'support', password: OPERATOR_DEMO_PASSWORD },
    });
    expect(again.body.data.totp_required).toBe(true);
    await expect(operatorSignIn(t, 'support', { totpSecret: res.body.data.secret })).resolves.toMatch(/^admin_sid=/);

    const reset = await t.call('POST', `/api/admin/operators/${row.id}/totp/reset`, { cookie: admin });
    expect(reset.status).toBe(200);
    await expect(operatorSignIn(t, 'support')).resolves.toMatch(/^admin_sid=/);
    expect(await audits('staff.totp_require', row.id)).toHaveLength(1);
    expect(await audits('staff.totp_reset', row.id)).toHaveLength(1);
    expect((await t.call('POST', '/api/admin/operators/999999/totp', { cookie: admin })).status).toBe(404);
  });

  it('an admin searches the audit log by action, operator and target', async () => {
    t.clock.advance(STEP_MS);
    const admin = await operatorSignIn(t, 'admin', { totpSecret: ADMIN_DEMO_TOTP_SECRET });
    const res = await t.call(
      'GET',
      `/api/admin/audit?action=company.approve&target_type=company&target_id=${pendingId}`,
      { cookie: admin },
    );
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.list[0]).toMatchObject({
      staff_name: '孙倩',
      action: 'company.approve',
      target_id: pendingId,
    });
    const byName = await t.call('GET', `/api/admin/audit?q=${encodeURIComponent('孙倩')}`, { cookie: admin });
    expect(byName.body.data.list.every((e: { staff_name: string }) => e.staff_name === '孙倩')).toBe(true);
    expect(byName.body.data.total).toBeGreaterThanOrEqual(4);
    for (const bad of ['action=DROP%20TABLE', 'from=2025-13-45', 'page=0', 'target_id=-1']) {
      expect((await t.call('GET', `/api/admin/audit?${bad}`, { cookie: admin })).status, bad).toBe(422);
    }
  });
});

describe('对公转账 confirmation', () => {
  it('finance confirms the amount and bank reference: the order is paid once; twice changes nothing', async () => {
    const cookie = await operatorSignIn(t, 'finance');
    const list = await t.call<Paged<TransferRow>>('GET', '/api/admin/transfers', { cookie });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    const waiting = list.body.data.list[0];
    const url = `/api/admin/transfers/${waiting.order_id}/confirm`;

    const short = await t.call('POST', url, {
      cookie,
      body: { amount: String(waiting.amount - 1), bank_reference: 'ICBC20250602001' },
    });
    expect(short.status).toBe(422);
    expect(short.body.data.errors.amount).toEqual(['到账金额与订单应付金额不符']);
    const badRef = await t.call('POST', url, {
      cookie,
      body: { amount: String(waiting.amount), bank_reference: '<script>' },
    });
    expect(badRef.status).toBe(422);
    expect(badRef.body.data.errors.bank_reference).toBeDefined();
    const [unchanged] = await t.db.select().from(orders).where(eq(orders.id, waiting.order_id));
    expect(unchanged.status).toBe('awaiting_transfer');

    const body = { amount: String(waiting.amount), bank_reference: 'ICBC20250602001' };
    const first = await t.call('POST', url, { cookie, body });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'paid', amount: waiting.amount, replayed: false });
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, waiting.order_id));
    expect(paid).toMatchObject({ status: 'paid', paidAmount: waiting.amount, payMethod: 'transfer' });
    const pays = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, waiting.order_id), eq(payments.status, 'succeeded')));
    expect(pays.map((p) => p.gatewayRef)).toEqual(['transfer:ICBC20250602001']);

    const again = await t.call('POST', url, { cookie, body });
    expect(again.status).toBe(200);
    expect(again.body.data.replayed).toBe(true);
    const other = await t.call('POST', url, { cookie, body: { ...body, bank_reference: 'ICBC20250602999' } });
    expect(other.status).toBe(409);
    expect(await audits('order.confirm_transfer', waiting.order_id)).toHaveLength(1);
    expect((await t.call('GET', '/api/admin/transfers', { cookie })).body.data.total).toBe(0);
    expect((await t.call('POST', '/api/admin/transfers/999999/confirm', { cookie, body })).status).toBe(404);
  });

  it('one bank reference pays one order only', async () => {
    const cookie = await operatorSignIn(t, 'finance');
    const [o] = await t.db.select().from(orders).where(eq(orders.status, 'pending_payment')).limit(1);
    await t.db.update(orders).set({ status: 'awaiting_transfer' }).where(eq(orders.id, o.id));
    const reused = await t.call('POST', `/api/admin/transfers/${o.id}/confirm`, {
      cookie,
      body: { amount: String(o.payAmount), bank_reference: 'ICBC20250602001' },
    });
    expect(reused.status).toBe(422);
    expect(reused.body.data.errors.bank_reference).toEqual(['该银行流水号已用于其他订单']);
    const [still] = await t.db.select().from(orders).where(eq(orders.id, o.id));
    expect(still.status).toBe('awaiting_transfer');
  });
});

describe('creating an operator (npm run operator)', () => {
  it('creates an account that signs in with its role; refuses a taken name, a short password, a bad name', async () => {
    const created = await createOperator(
      t.db,
      { username: 'boss', name: '老板', phone: '13500000077', role: 'admin', password: 'a-long-password', totp: false },
      t.clock.now(),
    );
    expect(created.otpauth_uri).toBeNull();
    const cookie = await operatorSignIn(t, 'boss', { password: 'a-long-password' });
    expect((await t.call('GET', '/api/admin/me', { cookie })).body.data).toMatchObject({
      username: 'boss',
      role: 'admin',
    });
    const base = { name: '某人', phone: '', role: 'support' as const, password: 'a-long-password', totp: false };
    await expect(createOperator(t.db, { ...base, username: 'boss' }, t.clock.now())).rejects.toThrow('该用户名已存在');
    await expect(
      createOperator(t.db, { ...base, username: 'newbie', password: 'short' }, t.clock.now()),
    ).rejects.toThrow('密码至少10位');
    await expect(createOperator(t.db, { ...base, username: 'Bad Name' }, t.clock.now())).rejects.toThrow(/用户名/);
    const withCode = await createOperator(t.db, { ...base, username: 'guard', totp: true }, t.clock.now());
    expect(withCode.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    const login = await t.call('POST', '/api/admin/login', {
      body: { username: 'guard', password: 'a-long-password' },
    });
    expect(login.body.data.totp_required).toBe(true);
  });
});

describe('ADMIN_HOST', () => {
  it('answers the admin API only on the admin host', async () => {
    const hosted = await createTestApp({ config: { adminHost: 'admin.example.com' } });
    try {
      const elsewhere = await call(hosted.app, 'GET', '/api/admin/me', { headers: { host: 'shop.example.com' } });
      expect(elsewhere.status).toBe(404);
      const there = await call(hosted.app, 'GET', '/api/admin/me', { headers: { host: 'admin.example.com' } });
      expect(there.status).toBe(401);
    } finally {
      await hosted.close();
    }
  });
});
