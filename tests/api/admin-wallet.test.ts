// The console's wallet work (财务): balance adjustments with a reason (their own ledger type, never
// below zero, once per request id), coupon and cash-voucher grants to several companies, the
// company's wallet view; store relations (审核) with their refusals; an operator's own password
// (other sessions end) and TOTP enrolment (on only after a valid first code). Each action's audit
// row, the buyer's view of it, bad input as 422 on its field, and other roles refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorSignIn, roleOperator, totpCode } from '../helpers/operators.ts';
import { auditLog, companies, couponTemplates, messages, users, wallets } from '../../server/db/schema.ts';
import { OPERATOR_DEMO_PASSWORD } from '../../server/seed/operators.ts';
import type {
  AdjustResult,
  AdminWalletView,
  GrantableTemplate,
  GrantResult,
  StoreRelations,
} from '../../src/domain/admin-wallet.ts';
import type { LedgerPage } from '../../src/domain/wallet.ts';
import type { StoresOverview } from '../../src/domain/stores.ts';

let t: TestApp;
let finance: string;
let reviewer: string;
let support: string;
let buyer: string;
let demoId: number;
let clinicId: number;
const ids = new Map<string, number>();

type Errors = { errors: Record<string, string[]> };
const errorsOf = (body: { data: unknown }) => (body.data as Errors).errors;
let seq = 0;
const rid = () => `req-${Date.now()}-${++seq}`;

async function companyOf(username: string): Promise<number> {
  const [u] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, username));
  if (u.companyId === null) throw new Error(`${username} has no company`);
  return u.companyId;
}
const balanceOf = async (companyId: number) =>
  (await t.db.select({ b: wallets.balance }).from(wallets).where(eq(wallets.companyId, companyId)))[0]?.b ?? 0;
const adjust = (cookie: string, companyId: number, body: Record<string, string | number>) =>
  t.call<AdjustResult>('POST', `/api/admin/companies/${companyId}/wallet/adjust`, { cookie, body: body as never });

beforeAll(async () => {
  t = await createTestApp({ seed: 40 });
  finance = await operatorSignIn(t, 'finance');
  reviewer = await operatorSignIn(t, 'reviewer');
  support = await operatorSignIn(t, 'support');
  buyer = await t.signIn('demo', 'demo1234');
  demoId = await companyOf('demo');
  clinicId = await companyOf('clinic');
  for (const name of ['chain', 'chain-a', 'chain-b', 'expired', 'nocontract']) ids.set(name, await companyOf(name));
});
afterAll(() => t.close());

describe('balance adjustments', () => {
  it('credits with a reason the buyer reads in /yegl, with a message and an audit row', async () => {
    const before = await balanceOf(demoId);
    const res = await adjust(finance, demoId, {
      direction: 'credit',
      amount: 12_345,
      reason: '对账差额补录',
      request_id: rid(),
    });
    expect([res.status, res.body.msg]).toEqual([200, '余额已调整']);
    expect(res.body.data).toMatchObject({ balance: before + 12_345, replayed: false });
    expect(await balanceOf(demoId)).toBe(before + 12_345);

    const log = await t.call<LedgerPage>('GET', '/api/user/user_money_log?use_type=adjust', { cookie: buyer });
    expect(log.body.data.list[0]).toMatchObject({
      use_type: 'adjust',
      use_type_text: '余额调整',
      amount: 12_345,
      balance_after: before + 12_345,
      remark: '对账差额补录',
    });
    const [msg] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, demoId), eq(messages.title, '账户余额调整')));
    expect(msg.body).toContain('对账差额补录');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'wallet.adjust'), eq(auditLog.targetId, demoId)));
    expect(audit).toHaveLength(1);
    expect(audit[0].before).toEqual({ balance: before });
    expect(audit[0].after).toMatchObject({
      balance: before + 12_345,
      direction: 'credit',
      amount: 12_345,
      reason: '对账差额补录',
    });

    const view = await t.call<AdminWalletView>('GET', `/api/admin/companies/${demoId}/wallet`, { cookie: finance });
    expect(view.body.data.balance).toBe(before + 12_345);
    expect(view.body.data.ledger[0]).toMatchObject({ use_type: 'adjust', amount: 12_345, remark: '对账差额补录' });
    expect(view.body.data.coupons.some((c) => c.kind === 'voucher')).toBe(true);
  });

  it('refuses a debit beyond the balance and changes nothing', async () => {
    const before = await balanceOf(clinicId);
    const res = await adjust(finance, clinicId, {
      direction: 'debit',
      amount: before + 1,
      reason: '误充扣回',
      request_id: rid(),
    });
    expect(res.status).toBe(422);
    expect(errorsOf(res.body).amount[0]).toMatch(/^扣减金额不能超过当前余额/);
    expect(await balanceOf(clinicId)).toBe(before);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'wallet.adjust'), eq(auditLog.targetId, clinicId))),
    ).toHaveLength(0);
    // Exactly down to zero is fine.
    const credit = await adjust(finance, clinicId, {
      direction: 'credit',
      amount: 500,
      reason: '测试充值',
      request_id: rid(),
    });
    const all = await adjust(finance, clinicId, {
      direction: 'debit',
      amount: credit.body.data.balance,
      reason: '扣至为零',
      request_id: rid(),
    });
    expect([all.status, all.body.data.balance]).toEqual([200, 0]);
  });

  it('applies a double submit once: the same request id answers the first result', async () => {
    const before = await balanceOf(demoId);
    const body = { direction: 'debit', amount: 100, reason: '重复点击测试', request_id: rid() };
    const [a, b] = await Promise.all([adjust(finance, demoId, body), adjust(finance, demoId, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.replayed, b.body.data.replayed].sort()).toEqual([false, true]);
    expect(b.body.data.ledger_id).toBe(a.body.data.ledger_id);
    const again = await adjust(finance, demoId, body);
    expect([again.body.data.replayed, again.body.msg]).toEqual([true, '该调整已提交过，未重复执行']);
    expect(await balanceOf(demoId)).toBe(before - 100);
    // The same id for another company is not a repeat of it.
    const other = await adjust(finance, clinicId, body);
    expect([other.status, errorsOf(other.body).request_id]).toEqual([422, ['请求编号已用于其他操作，请刷新后重试']]);
  });

  it('refuses bad input on its field, unknown companies, and other roles', async () => {
    const ok = { direction: 'credit', amount: 100, reason: '正常原因', request_id: rid() };
    const cases: [Record<string, string | number>, string][] = [
      [{ ...ok, direction: 'both' }, 'direction'],
      [{ ...ok, amount: 0 }, 'amount'],
      [{ ...ok, amount: '1.5' }, 'amount'],
      [{ ...ok, amount: 100_000_001 }, 'amount'],
      [{ ...ok, reason: '短' }, 'reason'],
      [{ ...ok, reason: 'x'.repeat(101) }, 'reason'],
      [{ ...ok, request_id: 'short' }, 'request_id'],
    ];
    for (const [body, field] of cases) {
      const res = await adjust(finance, demoId, body);
      expect(res.status, field).toBe(422);
      expect(Object.keys(errorsOf(res.body))).toEqual([field]);
    }
    expect((await adjust(finance, 99_999_999, ok)).status).toBe(404);
    expect((await adjust(support, demoId, ok)).status).toBe(403);
    expect((await adjust(reviewer, demoId, ok)).status).toBe(403);
    expect((await t.call('GET', `/api/admin/companies/${demoId}/wallet`, { cookie: support })).status).toBe(403);
    expect((await adjust(buyer, demoId, ok)).status).toBe(401);
  });
});

describe('coupon and voucher grants', () => {
  it('grants a coupon template to several companies, each with a message, once per request id', async () => {
    const list = await t.call<GrantableTemplate[]>('GET', '/api/admin/wallet/templates', { cookie: finance });
    const tpl = list.body.data.find((x) => x.kind === 'coupon' && x.total === 0)!;
    const targets = [ids.get('expired')!, ids.get('nocontract')!];
    const body = { template_id: tpl.id, company_ids: targets, request_id: rid() };
    const heldBefore = await Promise.all(
      targets.map(
        async (id) =>
          (
            await t.call<AdminWalletView>('GET', `/api/admin/companies/${id}/wallet`, { cookie: finance })
          ).body.data.coupons.filter((c) => c.name === tpl.name).length,
      ),
    );
    const res = await t.call<GrantResult>('POST', '/api/admin/wallet/grants', { cookie: finance, json: body });
    expect([res.status, res.body.msg]).toEqual([200, '已发放给2家企业']);
    const again = await t.call<GrantResult>('POST', '/api/admin/wallet/grants', { cookie: finance, json: body });
    expect(again.body.data.replayed).toBe(true);
    const [after] = await t.db
      .select({ issued: couponTemplates.issued })
      .from(couponTemplates)
      .where(eq(couponTemplates.id, tpl.id));
    expect(after.issued).toBe(tpl.issued + 2);
    for (const [i, id] of targets.entries()) {
      const view = await t.call<AdminWalletView>('GET', `/api/admin/companies/${id}/wallet`, { cookie: finance });
      expect(view.body.data.coupons.filter((c) => c.name === tpl.name)).toHaveLength(heldBefore[i] + 1);
    }
    const notes = await t.db
      .select()
      .from(messages)
      .where(and(inArray(messages.companyId, targets), eq(messages.title, '您收到一张优惠券')));
    expect(notes).toHaveLength(2);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'wallet.grant'), eq(auditLog.targetId, tpl.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toMatchObject({ company_ids: [...targets].sort((a, b) => a - b) });
  });

  it('grants a cash voucher of a face value, which the buyer finds in /xjq', async () => {
    const res = await t.call<GrantResult>('POST', '/api/admin/wallet/grants', {
      cookie: finance,
      body: { voucher_amount: 3_000, valid_days: 30, company_ids: [demoId], request_id: rid() } as never,
    });
    expect(res.status).toBe(200);
    const held = await t.call<{ list: { name: string; amount: number }[] }>(
      'GET',
      '/api/user/coupon?type=voucher&status=0&page_size=50',
      { cookie: buyer },
    );
    expect(held.body.data.list).toContainEqual(expect.objectContaining({ name: '30元现金券', amount: 3_000 }));
    const [msg] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, demoId), eq(messages.title, '您收到一张现金券')));
    expect(msg.link).toBe('/xjq');
    // A second grant of the same value reuses that template.
    const second = await t.call<GrantResult>('POST', '/api/admin/wallet/grants', {
      cookie: finance,
      body: { voucher_amount: 3_000, valid_days: 30, company_ids: [clinicId], request_id: rid() } as never,
    });
    expect(second.body.data.template_id).toBe(res.body.data.template_id);
  });

  it('refuses unknown companies, a missing choice, stock beyond the total, and other roles', async () => {
    const [tpl] = await t.db
      .insert(couponTemplates)
      .values({
        kind: 'coupon',
        name: '限量1张',
        amount: 100,
        total: 1,
        startsAt: t.clock.now(),
        endsAt: new Date(t.clock.now().getTime() + 86_400_000),
      })
      .returning();
    const grant = (cookie: string, body: Record<string, unknown>) =>
      t.call('POST', '/api/admin/wallet/grants', { cookie, json: { request_id: rid(), ...body } });
    const unknown = await grant(finance, { template_id: tpl.id, company_ids: [demoId, 99_999_999] });
    expect([unknown.status, errorsOf(unknown.body).company_ids]).toEqual([422, ['企业不存在：99999999']]);
    expect(Object.keys(errorsOf((await grant(finance, { company_ids: [demoId] })).body))).toEqual(['template_id']);
    expect(errorsOf((await grant(finance, { template_id: tpl.id, company_ids: [] })).body).company_ids).toEqual([
      '请选择要发放的企业',
    ]);
    expect(Object.keys(errorsOf((await grant(finance, { voucher_amount: 100, company_ids: [demoId] })).body))).toEqual([
      'valid_days',
    ]);
    const over = await grant(finance, { template_id: tpl.id, company_ids: [demoId, clinicId] });
    expect([over.status, errorsOf(over.body).template_id]).toEqual([422, ['剩余数量不足：还可发放1张']]);
    expect((await grant(support, { template_id: tpl.id, company_ids: [demoId] })).status).toBe(403);
  });
});

describe('store relations', () => {
  const link = (cookie: string, storeId: number, headId: number | string) =>
    t.call<StoreRelations>('POST', `/api/admin/companies/${storeId}/head`, {
      cookie,
      body: { head_id: headId } as never,
    });

  it('refuses self, a second head office, a cycle and a second level', async () => {
    const chain = ids.get('chain')!;
    const chainA = ids.get('chain-a')!;
    const cases: [number, number, string][] = [
      [demoId, demoId, '不能把企业设为自己的总部'],
      [chainA, demoId, '该企业已是其他总部的门店，请先解除原关系'],
      [chain, chainA, '不能形成循环的门店关系：所选总部是该企业的下属门店'],
      [demoId, chainA, '所选总部本身是门店，只支持一级门店'],
      [chain, demoId, '该企业下已有门店，不能再作为门店'],
    ];
    for (const [store, head, msg] of cases) {
      const res = await link(reviewer, store, head);
      expect([res.status, errorsOf(res.body).head_id], `${store} → ${head}`).toEqual([422, [msg]]);
    }
    expect(errorsOf((await link(reviewer, demoId, 'x')).body).head_id).toEqual(['请填写总部企业编号']);
    expect((await link(reviewer, 99_999_999, chain)).status).toBe(404);
    expect((await link(finance, clinicId, chain)).status).toBe(403);
    const [row] = await t.db.select({ parentId: companies.parentId }).from(companies).where(eq(companies.id, chain));
    expect(row.parentId).toBeNull();
  });

  it('links a store to a head office, which /ddgl shows at once, and unlinks it', async () => {
    const chain = ids.get('chain')!;
    const chainBuyer = await t.signIn('chain', 'demo1234');
    const res = await link(reviewer, clinicId, chain);
    expect(res.status).toBe(200);
    expect(res.body.data.head).toMatchObject({ id: chain });
    const rel = await t.call<StoreRelations>('GET', `/api/admin/companies/${chain}/stores`, { cookie: finance });
    expect(rel.body.data.stores.map((s) => s.id)).toContain(clinicId);
    const overview = await t.call<StoresOverview>('GET', '/api/user/stores/manage', { cookie: chainBuyer });
    expect(JSON.stringify(overview.body.data)).toContain(`"company_id":${clinicId}`);

    const un = await t.call<StoreRelations>('POST', `/api/admin/companies/${clinicId}/head/remove`, {
      cookie: reviewer,
    });
    expect([un.status, un.body.data.head]).toEqual([200, null]);
    expect((await t.call('POST', `/api/admin/companies/${clinicId}/head/remove`, { cookie: reviewer })).status).toBe(
      409,
    );
    const after = await t.call<StoresOverview>('GET', '/api/user/stores/manage', { cookie: chainBuyer });
    expect(JSON.stringify(after.body.data)).not.toContain(`"company_id":${clinicId}`);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetType, 'company'),
          eq(auditLog.targetId, clinicId),
          inArray(auditLog.action, ['company.store_link', 'company.store_unlink']),
        ),
      );
    expect(audit.map((a) => [a.action, a.after])).toEqual([
      ['company.store_link', { parent_id: chain }],
      ['company.store_unlink', { parent_id: null }],
    ]);
  });
});

describe("an operator's own account", () => {
  it('changes the password with the current one; the other sessions end, this one stays', async () => {
    const { cookie } = await roleOperator(t, 'warehouse');
    const elsewhere = await operatorSignIn(t, 'test-warehouse');
    const change = (body: Record<string, string>) => t.call('POST', '/api/admin/me/password', { cookie, body });
    const wrong = await change({ current_password: 'not-it-at-all', new_password: 'a-new-password-1' });
    expect([wrong.status, errorsOf(wrong.body).current_password]).toEqual([422, ['当前密码不正确']]);
    expect(
      errorsOf((await change({ current_password: OPERATOR_DEMO_PASSWORD, new_password: 'short' })).body).new_password,
    ).toEqual(['新密码至少10位']);
    expect(
      errorsOf((await change({ current_password: OPERATOR_DEMO_PASSWORD, new_password: OPERATOR_DEMO_PASSWORD })).body)
        .new_password,
    ).toEqual(['新密码不能与当前密码相同']);
    expect((await t.call('GET', '/api/admin/me', { cookie: elsewhere })).status).toBe(200);

    const done = await change({ current_password: OPERATOR_DEMO_PASSWORD, new_password: 'a-new-password-1' });
    expect([done.status, done.body.data]).toEqual([200, { sessions_ended: 1 }]);
    expect((await t.call('GET', '/api/admin/me', { cookie: elsewhere })).status).toBe(401);
    expect((await t.call('GET', '/api/admin/me', { cookie })).status).toBe(200);
    await expect(operatorSignIn(t, 'test-warehouse')).rejects.toThrow(/400/);
    expect(await operatorSignIn(t, 'test-warehouse', { password: 'a-new-password-1' })).toMatch(/^admin_sid=/);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.password_change'));
    expect(audit).toHaveLength(1);
    expect(
      (
        await t.call('POST', '/api/admin/me/password', {
          body: { current_password: 'x', new_password: 'yyyyyyyyyyyy' },
        })
      ).status,
    ).toBe(401);
  });

  it('enrols TOTP only with a valid first code; sign-in then asks for codes', async () => {
    const { cookie } = await roleOperator(t, 'support');
    const start = await t.call<{ secret: string; otpauth_uri: string; qr_data_url: string }>(
      'POST',
      '/api/admin/me/totp/start',
      { cookie },
    );
    expect(start.status).toBe(200);
    expect(start.body.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(start.body.data.qr_data_url).toMatch(/^data:image\/png;base64,/);
    const secret = start.body.data.secret;

    const wrongCode = totpCode(secret, t.clock.now()) === '000000' ? '111111' : '000000';
    const bad = await t.call('POST', '/api/admin/me/totp/confirm', { cookie, body: { code: wrongCode } });
    expect([bad.status, errorsOf(bad.body).code]).toEqual([422, ['动态验证码错误或已使用']]);
    expect(
      errorsOf((await t.call('POST', '/api/admin/me/totp/confirm', { cookie, body: { code: '12ab' } })).body).code,
    ).toEqual(['请输入6位动态验证码']);
    // Not required yet: a password alone still signs in.
    const meBefore = await t.call<{ totp_enabled: boolean }>('GET', '/api/admin/me', { cookie });
    expect(meBefore.body.data.totp_enabled).toBe(false);
    expect(await operatorSignIn(t, 'test-support')).toMatch(/^admin_sid=/);

    const good = await t.call('POST', '/api/admin/me/totp/confirm', {
      cookie,
      body: { code: totpCode(secret, t.clock.now()) },
    });
    expect([good.status, good.body.msg]).toEqual([200, '动态验证码已启用']);
    const login = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: 'test-support', password: OPERATOR_DEMO_PASSWORD },
    });
    expect(login.body.data).toEqual({ operator: null, totp_required: true });
    expect((await t.call('POST', '/api/admin/me/totp/start', { cookie })).status).toBe(409);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'staff.totp_enrol'));
    expect(audit).toHaveLength(1);
  });
});

describe('operator accounts (admin)', () => {
  it('adds an account that can sign in; changing its role or stopping it ends its sessions; an admin cannot stop themselves', async () => {
    const { cookie: admin, actor } = await roleOperator(t, 'admin');
    const create = (body: Record<string, string>) =>
      t.call<{ id: number; otpauth_uri: string | null }>('POST', '/api/admin/operators', { cookie: admin, body });
    const res = await create({
      username: 'cashier.li',
      name: '李出纳',
      phone: '13900001111',
      role: 'finance',
      password: 'cashier-pass-1',
    });
    expect([res.status, res.body.msg, res.body.data.otpauth_uri]).toEqual([200, '运营账号已创建', null]);
    const id = res.body.data.id;
    expect(
      errorsOf(
        (await create({ username: 'cashier.li', name: '重名', role: 'finance', password: 'cashier-pass-1' })).body,
      ).username,
    ).toEqual(['该用户名已存在']);
    expect(
      errorsOf((await create({ username: 'Bad Name', name: 'x', role: 'finance', password: 'cashier-pass-1' })).body)
        .username,
    ).toBeDefined();
    expect(
      errorsOf((await create({ username: 'short.pw', name: 'x', role: 'finance', password: 'short' })).body).password,
    ).toEqual(['初始密码至少10位']);
    expect(
      errorsOf((await create({ username: 'no.role', name: 'x', role: 'boss', password: 'cashier-pass-1' })).body).role,
    ).toEqual(['请选择角色']);
    expect(
      (
        await t.call('POST', '/api/admin/operators', {
          cookie: finance,
          body: { username: 'x.y.z', name: 'x', role: 'finance', password: 'cashier-pass-1' },
        })
      ).status,
    ).toBe(403);

    const theirs = await operatorSignIn(t, 'cashier.li', { password: 'cashier-pass-1' });
    expect((await t.call('GET', `/api/admin/companies/${demoId}/wallet`, { cookie: theirs })).status).toBe(200);
    const settings = (target: number, body: Record<string, string>) =>
      t.call('POST', `/api/admin/operators/${target}/settings`, { cookie: admin, body });
    expect((await settings(id, { role: 'support', disabled: '0' })).status).toBe(200);
    expect((await t.call('GET', '/api/admin/me', { cookie: theirs })).status).toBe(401);
    const again = await operatorSignIn(t, 'cashier.li', { password: 'cashier-pass-1' });
    expect((await t.call<{ role: string }>('GET', '/api/admin/me', { cookie: again })).body.data.role).toBe('support');
    expect((await settings(id, { role: 'support', disabled: '1' })).status).toBe(200);
    expect((await t.call('GET', '/api/admin/me', { cookie: again })).status).toBe(401);
    const refused = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: 'cashier.li', password: 'cashier-pass-1' },
    });
    expect([refused.status, refused.body.msg]).toEqual([403, '账号已停用，请联系管理员']);

    expect(errorsOf((await settings(actor.staffId, { role: 'admin', disabled: '1' })).body).disabled).toEqual([
      '不能停用自己的账号',
    ]);
    expect(errorsOf((await settings(actor.staffId, { role: 'support', disabled: '0' })).body).role).toEqual([
      '不能修改自己的角色',
    ]);
    expect((await settings(99_999_999, { role: 'support', disabled: '0' })).status).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'staff'), eq(auditLog.targetId, id)));
    expect(audit.map((a) => a.action).filter((a) => a.startsWith('staff.'))).toEqual([
      'staff.create',
      'staff.update',
      'staff.update',
    ]);
  });
});
