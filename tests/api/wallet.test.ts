// The wallet calls of docs/api.md "Wallet": the balance and points ledgers (filters, paging, bad
// input), coupons and cash vouchers by state with their counts, the member centre's card, and the
// rule that holds the wallet together: for every demo company the balance and the points equal
// the sum of their ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, TEST_NOW, type TestApp } from '../helpers/test-app.ts';
import { createMember } from '../helpers/accounts.ts';
import { companies, companyCoupons, orders, users, walletLedger, wallets } from '../../server/db/schema.ts';
import { DEMO_USERNAMES } from '../../server/seed/accounts.ts';
import type { Page } from '../../src/domain/envelope.ts';
import type { CouponCounts, HeldCouponView, LedgerPage, MemberCard } from '../../src/domain/wallet.ts';

let t: TestApp;
let demo: string;
let demoCompany: number;

const DAY_MS = 86_400_000;
/** YYYY-MM-DD in Shanghai of TEST_NOW + `days`. */
const day = (days: number) => new Date(TEST_NOW.getTime() + days * DAY_MS + 8 * 3_600_000).toISOString().slice(0, 10);

const moneyLog = (q: string, cookie: string | null = demo) =>
  t.call<LedgerPage>('GET', `/api/user/user_money_log${q}`, { cookie });
const pointsLog = (q: string, cookie: string | null = demo) =>
  t.call<LedgerPage>('GET', `/api/user/points_log${q}`, { cookie });
const coupons = (q: string, cookie: string | null = demo) =>
  t.call<Page<HeldCouponView>>('GET', `/api/user/coupon${q}`, { cookie });
const errorsOf = (body: { data: unknown }) => (body.data as { errors: Record<string, string[]> }).errors;

beforeAll(async () => {
  t = await createTestApp({ seed: 50 });
  demo = await t.signIn('demo', 'demo1234');
  const [u] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'demo'));
  demoCompany = u.companyId ?? 0;
});
afterAll(() => t.close());

describe('the ledger adds up', () => {
  it('for every demo company, balance and points equal the sums of their ledgers, and balance_after follows the entries', async () => {
    for (const username of DEMO_USERNAMES) {
      const [u] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, username));
      const companyId = u.companyId ?? 0;
      const [w] = await t.db.select().from(wallets).where(eq(wallets.companyId, companyId));
      for (const account of ['balance', 'points'] as const) {
        const rows = await t.db
          .select()
          .from(walletLedger)
          .where(and(eq(walletLedger.companyId, companyId), eq(walletLedger.account, account)))
          .orderBy(walletLedger.createdAt, walletLedger.id);
        const sum = rows.reduce((s, r) => s + r.amount, 0);
        expect(sum, `${username} ${account}`).toBe(w[account]);
        let running = 0;
        for (const r of rows) {
          running += r.amount;
          expect(r.balanceAfter, `${username} ${account} entry ${r.id}`).toBe(running);
        }
      }
    }
  });

  it('stays true after confirm-receipt earns points and the API shows the new entry first', async () => {
    const [shipped] = await t.db
      .select({ id: orders.id, paid: orders.paidAmount, balance: orders.balanceAmount })
      .from(orders)
      .where(and(eq(orders.companyId, demoCompany), eq(orders.status, 'shipped')))
      .limit(1);
    expect(shipped).toBeDefined();
    const points = async () =>
      (await t.call<{ balance: number; points: number }>('GET', '/api/user/user_money', { cookie: demo })).body.data
        .points;
    const before = await points();
    const res = await t.call('POST', `/api/order/${shipped.id}/confirm`, { cookie: demo });
    expect(res.body.code).toBe(10000);
    const after = await points();
    const earned = Math.floor((shipped.paid + shipped.balance) / 100);
    expect(earned).toBeGreaterThan(0);
    expect(after).toBe(before + earned);
    expect((await pointsLog('')).body.data.list[0]).toMatchObject({
      use_type: 'cashback',
      amount: earned,
      balance_after: after,
      order_id: shipped.id,
    });
    const [{ sum }] = await t.db
      .select({ sum: sql<number>`sum(${walletLedger.amount})::int` })
      .from(walletLedger)
      .where(and(eq(walletLedger.companyId, demoCompany), eq(walletLedger.account, 'points')));
    expect(sum).toBe(after);
  });
});

describe('GET /api/user/user_money_log', () => {
  it('lists the balance entries newest first with texts and order numbers; the newest balance_after is the balance', async () => {
    const res = await moneyLog('');
    expect(res.status).toBe(200);
    const d = res.body.data;
    const [w] = await t.db.select().from(wallets).where(eq(wallets.companyId, demoCompany));
    expect(d.list[0].balance_after).toBe(w.balance);
    expect(d.total).toBeGreaterThanOrEqual(4);
    expect(d.list.map((e) => e.created_at)).toEqual(d.list.map((e) => e.created_at).sort((a, b) => b - a));
    expect(d.list.every((e) => e.use_type_text !== '')).toBe(true);
    const pay = d.list.find((e) => e.use_type === 'pay');
    expect(pay?.amount).toBeLessThan(0);
    expect(pay?.order_no).toMatch(/\d{10,}/);
    // Only the balance account: no points entries.
    expect(d.list.some((e) => e.use_type === 'exchange')).toBe(false);
  });

  it('filters by use_type, with income and expense over the whole filter', async () => {
    const recharge = (await moneyLog('?use_type=recharge')).body.data;
    expect(recharge.list.length).toBeGreaterThanOrEqual(2);
    expect(recharge.list.every((e) => e.use_type === 'recharge' && e.amount > 0)).toBe(true);
    expect(recharge.income).toBe(recharge.list.reduce((s, e) => s + e.amount, 0));
    expect(recharge.expense).toBe(0);
    const pay = (await moneyLog('?use_type=pay')).body.data;
    expect(pay.list.every((e) => e.use_type === 'pay')).toBe(true);
    expect(pay.expense).toBe(-pay.list.reduce((s, e) => s + e.amount, 0));
  });

  it('filters by a Shanghai day range, both ends inclusive', async () => {
    const all = (await moneyLog('?page_size=50')).body.data.list;
    const lastWeek = (await moneyLog(`?start_time=${day(-7)}&end_time=${day(0)}&page_size=50`)).body.data.list;
    const from = new Date(`${day(-7)}T00:00:00+08:00`).getTime() / 1000;
    expect(lastWeek.length).toBeGreaterThan(0);
    expect(lastWeek.length).toBeLessThan(all.length);
    expect(lastWeek).toEqual(all.filter((e) => e.created_at >= from));
    const oneDay = (await moneyLog(`?start_time=${day(-90)}&end_time=${day(-90)}`)).body.data.list;
    expect(oneDay.map((e) => e.use_type)).toEqual(['recharge']);
  });

  it('finds entries by remark or order number', async () => {
    const byRemark = (await moneyLog(`?keywords=${encodeURIComponent('返现')}`)).body.data.list;
    expect(byRemark.length).toBeGreaterThan(0);
    expect(byRemark.every((e) => e.remark.includes('返现'))).toBe(true);
    const pay = (await moneyLog('?use_type=pay')).body.data.list[0];
    const byOrder = (await moneyLog(`?keywords=${pay.order_no}`)).body.data.list;
    expect(byOrder.map((e) => e.id)).toContain(pay.id);
    expect((await moneyLog('?keywords=100%25')).body.data.total).toBe(0);
  });

  it('pages', async () => {
    const p1 = (await moneyLog('?page_size=2&page=1')).body.data;
    const p2 = (await moneyLog('?page_size=2&page=2')).body.data;
    expect(p1.list).toHaveLength(2);
    expect(p1.total).toBe(p2.total);
    expect(p2.list[0].id).not.toBe(p1.list[0].id);
    expect(p1.list[1].created_at).toBeGreaterThanOrEqual(p2.list[0].created_at);
  });

  it('refuses dates the wrong way round, malformed dates, a bad use_type and bad paging with 422 field messages', async () => {
    const reversed = await moneyLog(`?start_time=${day(0)}&end_time=${day(-3)}`);
    expect(reversed.status).toBe(422);
    expect(errorsOf(reversed.body).end_time).toEqual(['结束日期不能早于开始日期']);
    expect(reversed.body.msg).toBe('结束日期不能早于开始日期');
    const badStart = await moneyLog('?start_time=2025-02-30');
    expect(badStart.status).toBe(422);
    expect(errorsOf(badStart.body).start_time).toEqual(['开始日期格式应为YYYY-MM-DD']);
    const badEnd = await moneyLog('?end_time=yesterday');
    expect(errorsOf(badEnd.body).end_time).toEqual(['结束日期格式应为YYYY-MM-DD']);
    const badType = await moneyLog('?use_type=exchange');
    expect(badType.status).toBe(422);
    expect(errorsOf(badType.body).use_type).toEqual(['收支类型无效']);
    expect((await moneyLog('?page=0')).status).toBe(422);
    expect((await moneyLog('?page_size=51')).status).toBe(422);
    expect((await moneyLog(`?keywords=${'药'.repeat(51)}`)).status).toBe(422);
  });
});

describe('GET /api/user/points_log', () => {
  it('lists the points entries with their types; the newest points_after is the points', async () => {
    const d = (await pointsLog('')).body.data;
    const [w] = await t.db.select().from(wallets).where(eq(wallets.companyId, demoCompany));
    expect(d.list[0].balance_after).toBe(w.points);
    expect(new Set(d.list.map((e) => e.use_type))).toEqual(new Set(['cashback', 'exchange', 'adjust']));
    const exchange = (await pointsLog('?use_type=exchange')).body.data;
    expect(exchange.list.every((e) => e.amount < 0 && e.use_type_text === '积分兑换')).toBe(true);
  });

  it('refuses balance-only types and reversed dates', async () => {
    expect(errorsOf((await pointsLog('?use_type=recharge')).body).use_type).toEqual(['收支类型无效']);
    expect((await pointsLog(`?start_time=${day(0)}&end_time=${day(-1)}`)).status).toBe(422);
  });
});

describe('GET /api/user/coupon and couponNum', () => {
  it('counts each tab per kind, and each tab lists exactly that many', async () => {
    const counts = (await t.call<CouponCounts>('GET', '/api/user/couponNum', { cookie: demo })).body.data;
    for (const kind of ['coupon', 'voucher'] as const) {
      const c = counts[kind];
      expect(c.usable, kind).toBeGreaterThan(0);
      expect(c.used, kind).toBeGreaterThan(0);
      expect(c.expired, kind).toBeGreaterThan(0);
      expect(c.expiring_soon, kind).toBeGreaterThan(0);
      for (const [status, n] of [
        [0, c.usable],
        [1, c.used],
        [2, c.expired],
      ] as const) {
        const page = (await coupons(`?type=${kind}&status=${status}&page_size=50`)).body.data;
        expect(page.total, `${kind} ${status}`).toBe(n);
        expect(page.list).toHaveLength(n);
        expect(page.list.every((h) => h.kind === kind && h.status === status)).toBe(true);
      }
    }
  });

  it('usable: soonest to expire first, with threshold, scope and the soon-expiring flag', async () => {
    const list = (await coupons('?type=coupon&status=0&page_size=50')).body.data.list;
    expect(list.map((h) => h.expires_at)).toEqual(list.map((h) => h.expires_at).sort((a, b) => a - b));
    expect(list.every((h) => h.expires_at > TEST_NOW.getTime() / 1000)).toBe(true);
    expect(list[0]).toMatchObject({
      name: '新人无门槛10元券',
      threshold: 0,
      expiring_soon: true,
      scope_text: '全场正价商品可用',
    });
    const scoped = list.find((h) => h.scope_category_ids.length > 0);
    expect(scoped?.scope_text).toBe('限中药饮片类商品使用');
    expect(list.find((h) => h.name === '满1000减50')).toMatchObject({
      threshold: 100_000,
      amount: 5_000,
      expiring_soon: false,
    });
  });

  it('a coupon past its date but still marked unused is listed as expired, not usable', async () => {
    const expired = (await coupons('?type=coupon&status=2&page_size=50')).body.data.list;
    const byDate = expired.find((h) => h.name === '器械专区 满600减30');
    expect(byDate).toBeDefined();
    const [row] = await t.db
      .select()
      .from(companyCoupons)
      .where(eq(companyCoupons.id, byDate?.id ?? 0));
    expect(row.status).toBe(0);
    const usable = (await coupons('?type=coupon&status=0&page_size=50')).body.data.list;
    expect(usable.some((h) => h.id === byDate?.id)).toBe(false);
  });

  it('used: with the order and time of use; vouchers default to coupons when type is missing', async () => {
    const used = (await coupons('?type=coupon&status=1')).body.data.list;
    expect(used[0].used_at).not.toBeNull();
    expect(used[0].used_order_id).not.toBeNull();
    const defaults = (await coupons('')).body.data.list;
    expect(defaults.every((h) => h.kind === 'coupon' && h.status === 0)).toBe(true);
    const vouchers = (await coupons('?type=voucher&status=0')).body.data.list;
    expect(vouchers.every((h) => h.scope_text === '全场商品可用（不抵运费）')).toBe(true);
  });

  it('pages', async () => {
    const all = (await coupons('?type=coupon&status=0&page_size=50')).body.data;
    const p2 = (await coupons('?type=coupon&status=0&page_size=1&page=2')).body.data;
    expect(p2).toMatchObject({ total: all.total, page: 2, page_size: 1 });
    expect(p2.list.map((h) => h.id)).toEqual([all.list[1].id]);
    expect((await coupons(`?type=coupon&status=0&page_size=1&page=${all.total + 1}`)).body.data.list).toEqual([]);
  });

  it('refuses a bad type, status or paging', async () => {
    expect(errorsOf((await coupons('?type=gift')).body).type).toEqual(['券类型无效']);
    expect(errorsOf((await coupons('?status=3')).body).status).toEqual(['券状态无效']);
    expect((await coupons('?page=abc')).status).toBe(422);
  });

  it("shows only the member's own coupons", async () => {
    await createMember(t.db, { username: 'wallet-empty' });
    const cookie = await t.signIn('wallet-empty', 'demo1234');
    const counts = (await t.call<CouponCounts>('GET', '/api/user/couponNum', { cookie })).body.data;
    expect(counts).toEqual({
      coupon: { usable: 0, used: 0, expired: 0, expiring_soon: 0 },
      voucher: { usable: 0, used: 0, expired: 0, expiring_soon: 0 },
    });
    expect((await coupons('', cookie)).body.data.total).toBe(0);
    expect((await moneyLog('', cookie)).body.data).toMatchObject({ total: 0, income: 0, expense: 0 });
  });
});

describe('GET /api/user/member_card', () => {
  it('has the company, contacts, order counts per tab, wallet and the coupons expiring soon', async () => {
    const res = await t.call<MemberCard>('GET', '/api/user/member_card', { cookie: demo });
    expect(res.status).toBe(200);
    const card = res.body.data;
    const [company] = await t.db.select().from(companies).where(eq(companies.id, demoCompany));
    expect(card.company).toMatchObject({ name: company.name, rank: company.rank, is_passed: 1 });
    expect(card.account_manager?.phone).toMatch(/^1\d{10}$/);
    expect(card.salesperson?.phone).toMatch(/^1\d{10}$/);
    const [w] = await t.db.select().from(wallets).where(eq(wallets.companyId, demoCompany));
    expect(card.wallet).toEqual({ balance: w.balance, points: w.points });
    const list = (await t.call('GET', '/api/order?page_size=1', { cookie: demo })).body.data as {
      counts: Record<string, number>;
    };
    expect(card.order_counts).toEqual(list.counts);
    expect(card.order_counts.all).toBeGreaterThan(0);
    const counts = (await t.call<CouponCounts>('GET', '/api/user/couponNum', { cookie: demo })).body.data;
    expect(card.coupons).toEqual(counts);
    expect(card.expiring.length).toBe(counts.coupon.expiring_soon + counts.voucher.expiring_soon);
    expect(card.expiring.every((h) => h.expiring_soon && h.status === 0)).toBe(true);
  });
});

describe('who may ask', () => {
  const paths = [
    '/api/user/user_money_log',
    '/api/user/points_log',
    '/api/user/coupon',
    '/api/user/couponNum',
    '/api/user/member_card',
  ];

  it('a visitor gets 10001', async () => {
    for (const p of paths) {
      const res = await t.call('GET', p);
      expect(res.status, p).toBe(401);
      expect(res.body.code, p).toBe(10001);
    }
  });

  it('a member without a company gets 403 with the reason', async () => {
    await createMember(t.db, { username: 'wallet-nocompany', company: null });
    const cookie = await t.signIn('wallet-nocompany', 'demo1234');
    for (const p of paths) {
      const res = await t.call('GET', p, { cookie });
      expect(res.status, p).toBe(403);
      expect(res.body.msg, p).toBe('请先完善企业资质信息');
    }
  });
});
