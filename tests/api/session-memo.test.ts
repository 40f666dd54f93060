// The session memo (server/auth/session-memo.ts, docs/decisions/session-memo.md): reads recall a
// buyer seen a moment ago without a statement, yet a sign-out, a password change, an acting-store
// switch and a console review or rank change show on the very next read, a write always reads the
// session fresh, what nothing forgets lasts at most SESSION_MEMO_TTL_MS, and the sliding refresh
// still writes last_seen_at.
import type { Worker } from 'node:cluster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { TEST_PASSWORD } from '../helpers/accounts.ts';
import { operatorSignIn } from '../helpers/operators.ts';
import { companies, goods, goodsPrices, sessions, users } from '../../server/db/schema.ts';
import { hashToken, SESSION_TOUCH_MS } from '../../server/auth/session.ts';
import {
  beginSessionRead,
  forgetSession,
  forgetSessionsNamedIn,
  recallSession,
  rememberSession,
  SESSION_MEMO_TTL_MS,
  sessionMemoStats,
  type SessionRow,
} from '../../server/auth/session-memo.ts';
import { catalogueChangedElsewhere } from '../../server/cluster/catalogue-news.ts';
import { relaySessionNews, SESSIONS_CHANGED } from '../../server/cluster/session-news.ts';
import type { GoodsListResult } from '../../src/domain/catalog.ts';

let t: TestApp;
/** A goods every approved buyer sees, with its own price for rank 2. */
let target: { id: number; manufacturerId: number; basePrice: number };
const RANK_TWO_PRICE = 555;

const base = (cookie: string) =>
  t.call<{ username: string; acting_as?: { company_id: number } }>('GET', '/api/user/base', { cookie });
const priceAs = async (cookie: string): Promise<number | null> => {
  const res = await t.call<GoodsListResult>(
    'GET',
    `/api/goods/list?manufacturer_id=${target.manufacturerId}&page_size=100`,
    { cookie },
  );
  expect(res.status, res.body.msg).toBe(200);
  const item = res.body.data.list.find((g) => g.id === target.id);
  if (!item) throw new Error('target not listed');
  return item.price;
};
const userIdOf = async (username: string): Promise<number> =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const companyOf = async (username: string) => {
  const [row] = await t.db
    .select({ company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.username, username));
  return row.company;
};
const tokenId = (cookie: string): string => hashToken(cookie.replace(/^sid=/, ''));

beforeAll(async () => {
  t = await createTestApp({ seed: 40, config: { sessionMemo: true } });
  const [g] = await t.db
    .select({ id: goods.id, manufacturerId: goods.manufacturerId, basePrice: goods.basePrice })
    .from(goods)
    .where(and(eq(goods.isOnSale, true), eq(goods.isKx, false)))
    .orderBy(goods.id)
    .limit(1);
  target = { id: g.id, manufacturerId: g.manufacturerId!, basePrice: g.basePrice };
  await t.db.delete(goodsPrices).where(eq(goodsPrices.goodsId, target.id));
  await t.db.insert(goodsPrices).values({ goodsId: target.id, rank: 2, price: RANK_TWO_PRICE });
});
afterAll(() => t.close());

describe('reads recall a buyer seen a moment ago', () => {
  it('a second read within the TTL needs no session statement; visitors are never memoised', async () => {
    const cookie = await t.signIn('demo', TEST_PASSWORD);
    expect((await base(cookie)).status).toBe(200);
    const before = sessionMemoStats(t.deps);
    expect((await base(cookie)).status).toBe(200);
    expect(sessionMemoStats(t.deps).hits).toBe(before.hits + 1);
    const visitor = await t.call('GET', '/api/goods/list?page_size=5');
    expect(visitor.status).toBe(200);
    expect(sessionMemoStats(t.deps)).toEqual({ ...before, hits: before.hits + 1 });
  });

  it('what nothing forgets (a change behind the server’s back) lasts at most SESSION_MEMO_TTL_MS', async () => {
    const cookie = await t.signIn('clinic', TEST_PASSWORD);
    expect((await base(cookie)).status).toBe(200);
    const id = await userIdOf('clinic');
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, id));
    try {
      // No route disables a buyer today; straight in the database, the memo serves it until the TTL.
      expect((await base(cookie)).status).toBe(200);
      t.clock.advance(SESSION_MEMO_TTL_MS);
      const after = await base(cookie);
      expect(after.status).toBe(401);
      expect(after.body.code).toBe(10001);
    } finally {
      await t.db.update(users).set({ disabled: false }).where(eq(users.id, id));
    }
  });
});

describe('a change shows on the next read', () => {
  it('a signed-out token is refused at once', async () => {
    const cookie = await t.signIn('demo', TEST_PASSWORD);
    expect((await base(cookie)).status).toBe(200);
    expect((await base(cookie)).status).toBe(200);
    const out = await t.call('DELETE', '/api/user/logout', { cookie });
    expect(out.status, out.body.msg).toBe(200);
    const again = await base(cookie);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe(10001);
  });

  it('a password change signs the member’s other browsers out at once and keeps this one', async () => {
    const here = await t.signIn('chain-b', TEST_PASSWORD);
    const there = await t.signIn('chain-b', TEST_PASSWORD);
    expect((await base(here)).status).toBe(200);
    expect((await base(there)).status).toBe(200);
    const changed = await t.call('POST', '/api/user/resetPassword', {
      cookie: here,
      body: { old_password: TEST_PASSWORD, password: 'newpass5678', password_confirmation: 'newpass5678' },
    });
    expect(changed.status, changed.body.msg).toBe(200);
    expect((await base(there)).status).toBe(401);
    expect((await base(here)).status).toBe(200);
  });

  it('switching the acting store shows at once, and so does switching back', async () => {
    const cookie = await t.signIn('chain', TEST_PASSWORD);
    expect((await base(cookie)).body.data.acting_as).toBeUndefined();
    const store = await companyOf('chain-a');
    const act = await t.call('POST', `/api/user/stores/${store.id}/act`, { cookie });
    expect(act.status, act.body.msg).toBe(200);
    expect((await base(cookie)).body.data.acting_as?.company_id).toBe(store.id);
    const back = await t.call('DELETE', '/api/user/stores/act', { cookie });
    expect(back.status, back.body.msg).toBe(200);
    expect((await base(cookie)).body.data.acting_as).toBeUndefined();
  });

  it('a console approval shows prices on the next read', async () => {
    const cookie = await t.signIn('pending', TEST_PASSWORD);
    expect(await priceAs(cookie)).toBeNull();
    expect(await priceAs(cookie)).toBeNull();
    const reviewer = await operatorSignIn(t, 'reviewer');
    const company = await companyOf('pending');
    const approved = await t.call('POST', `/api/admin/companies/${company.id}/approve`, { cookie: reviewer, json: {} });
    expect(approved.status, approved.body.msg).toBe(200);
    expect(await priceAs(cookie)).toBe(target.basePrice);
  });

  it('a console rank change shows the rank’s price on the next read', async () => {
    const cookie = await t.signIn('nocontract', TEST_PASSWORD);
    const c = await companyOf('nocontract');
    expect(c.rank).not.toBe(2);
    expect(await priceAs(cookie)).toBe(target.basePrice);
    const reviewer = await operatorSignIn(t, 'reviewer');
    const saved = await t.call('POST', `/api/admin/companies/${c.id}/settings`, {
      cookie: reviewer,
      json: {
        rank: 2,
        account_manager_id: c.accountManagerId,
        salesperson_id: c.salespersonId,
        is_special: c.isSpecial ? 1 : 0,
        is_show_youx: c.isShowYoux ? 1 : 0,
        is_can_chat: c.isCanChat ? 1 : 0,
        is_after_sale: c.isAfterSale ? 1 : 0,
        business_scope: c.businessScope,
      },
    });
    expect(saved.status, saved.body.msg).toBe(200);
    expect(await priceAs(cookie)).toBe(RANK_TWO_PRICE);
  });

  it('news of a console write in another WORKERS process makes every remembered session stale', async () => {
    const cookie = await t.signIn('expired', TEST_PASSWORD);
    expect((await base(cookie)).status).toBe(200);
    const { hits } = sessionMemoStats(t.deps);
    catalogueChangedElsewhere();
    expect((await base(cookie)).status).toBe(200);
    expect(sessionMemoStats(t.deps).hits).toBe(hits);
  });
});

describe('news from another WORKERS process', () => {
  it('a sign-out, a password change or a company change there is forgotten here', async () => {
    const cookie = await t.signIn('demo', TEST_PASSWORD);
    const again = async () => {
      const { hits } = sessionMemoStats(t.deps);
      expect((await base(cookie)).status).toBe(200);
      return sessionMemoStats(t.deps).hits - hits;
    };
    expect((await base(cookie)).status).toBe(200);
    expect(await again()).toBe(1);
    forgetSessionsNamedIn({ sessionIds: [tokenId(cookie)] });
    expect(await again()).toBe(0);
    expect(await again()).toBe(1);
    forgetSessionsNamedIn({ userIds: [await userIdOf('demo')] });
    expect(await again()).toBe(0);
    forgetSessionsNamedIn({ companyIds: [(await companyOf('demo')).id] });
    expect(await again()).toBe(0);
    // Someone else's news leaves this session remembered.
    forgetSessionsNamedIn({ sessionIds: ['another'], userIds: [-1], companyIds: [-1] });
    expect(await again()).toBe(1);
  });

  it('is passed on by the primary to every other live worker, and nothing else is', () => {
    const sent: string[] = [];
    const worker = (name: string, connected = true) =>
      ({ isConnected: () => connected, send: () => sent.push(name) }) as unknown as Worker;
    const [a, b, c, gone] = [worker('a'), worker('b'), worker('c'), worker('gone', false)];
    relaySessionNews(a, { type: SESSIONS_CHANGED, sessionIds: ['x'] }, [a, b, undefined, c, gone]);
    expect(sent).toEqual(['b', 'c']);
    relaySessionNews(a, { type: 'catalogue-changed' }, [a, b, c]);
    expect(sent).toEqual(['b', 'c']);
  });
});

describe('writes and the sliding refresh', () => {
  it('a write never uses a remembered session', async () => {
    const cookie = await t.signIn('chain-a', TEST_PASSWORD);
    expect((await base(cookie)).status).toBe(200);
    // Ended behind the server's back: reads may still recall it within the TTL, a write may not.
    await t.db.delete(sessions).where(eq(sessions.id, tokenId(cookie)));
    expect((await base(cookie)).status).toBe(200);
    const write = await t.call('POST', '/api/user/updateUserInfo', {
      cookie,
      body: { name: '李四', phone: '13900000000' },
    });
    expect(write.status).toBe(401);
    expect(write.body.code).toBe(10001);
  });

  it('still writes last_seen_at once the refresh interval has passed, and not within it', async () => {
    const cookie = await t.signIn('demo', TEST_PASSWORD);
    const id = tokenId(cookie);
    const seen = async () =>
      (await t.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, id)))[0].at.getTime();
    const signedInAt = await seen();
    t.clock.advance(SESSION_MEMO_TTL_MS - 1);
    const within = await base(cookie);
    expect(within.status).toBe(200);
    expect(within.cookie).toBeNull();
    expect(await seen()).toBe(signedInAt);
    t.clock.advance(SESSION_TOUCH_MS);
    const due = await base(cookie);
    expect(due.status).toBe(200);
    expect(due.cookie).toMatch(/^sid=/);
    expect(await seen()).toBe(t.clock.now().getTime());
    // The refreshed row is the remembered one: the next read is a hit with no second write.
    const { hits } = sessionMemoStats(t.deps);
    const next = await base(cookie);
    expect(next.cookie).toBeNull();
    expect(sessionMemoStats(t.deps).hits).toBe(hits + 1);
  });

  it('a read that began before a forget does not store what it read', () => {
    const row: SessionRow = {
      userId: 1,
      username: 'x',
      companyId: null,
      lastSeenAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + 60_000),
      actingCompanyId: null,
      viewerCompanyId: null,
      reviewStatus: null,
      isSpecial: null,
      rank: null,
      kind: null,
      scope: null,
      certs: [],
    };
    const now = t.clock.now().getTime();
    const ticket = beginSessionRead(t.deps);
    forgetSession('race');
    rememberSession(t.deps, 'race', row, ticket, now);
    expect(recallSession(t.deps, 'race', now)).toBeUndefined();
    rememberSession(t.deps, 'race', row, beginSessionRead(t.deps), now);
    expect(recallSession(t.deps, 'race', now)).toEqual(row);
  });
});

describe('with the memo off (sessionMemo: false)', () => {
  it('every read goes to the database', async () => {
    const off = await createTestApp({ seed: 40 });
    try {
      const cookie = await off.signIn('demo', TEST_PASSWORD);
      await off.db.update(users).set({ disabled: true }).where(eq(users.username, 'demo'));
      const res = await off.call('GET', '/api/user/base', { cookie });
      expect(res.status).toBe(401);
      expect(sessionMemoStats(off.deps).hits).toBe(0);
    } finally {
      await off.close();
    }
  });
});
