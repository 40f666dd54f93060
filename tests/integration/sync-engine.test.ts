// The sync engine (on fake-indexeddb) against the real app through the real HTTP client: order,
// replay after a lost answer (the server's Idempotency-Key store answers the retry), backoff,
// refusals as conflict rows, the 401 pause, account isolation, two tabs.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { draftCartAdd, draftCartDelete, draftCartEdit, readCartDraft } from '../../src/local/cart-draft';
import type { LocalDb } from '../../src/local/db';
import { draftFavorite } from '../../src/local/favorites-local';
import { enqueue, pendingEntries } from '../../src/local/outbox-queue';
import {
  UNENCODABLE_MESSAGE,
  UNRESOLVED_EDIT_MESSAGE,
  createSyncEngine,
  type SyncEngineOptions,
} from '../../src/local/sync-engine';
import { httpTransport } from '../../src/local/transport';
import { cartLines } from '../../server/db/schema';
import { deferred, fakeLocks, flush, openDb } from '../helpers/local-store';
import { startRealShop, uniqueName, type Fault, type Member, type RealShop } from './real-shop';
import { until } from './until';

let shop: RealShop;
let g: RealShop['goodsId'];
beforeAll(async () => {
  shop = await startRealShop();
  g = shop.goodsId;
});
afterAll(() => shop.close());

const open: LocalDb[] = [];
beforeEach(() => shop.browser.reset());
afterEach(() => {
  vi.useRealTimers();
  for (const db of open.splice(0)) db.close();
});

/** A fresh member signed in on the browser, their local database and an engine over the real client. */
async function setup(over: Partial<SyncEngineOptions> = {}) {
  const member = await shop.member(uniqueName());
  shop.browser.signInAs(member);
  const db = await openDb(member.account);
  open.push(db);
  const engine = createSyncEngine({
    db,
    account: member.account,
    transport: httpTransport,
    locks: null,
    random: () => 0.5,
    reconcileOnStart: false,
    ...over,
  });
  return { member, db, engine, browser: shop.browser };
}

const line = (goods_id: number, number: number) => ({ goods_id, number, ck_id: shop.cat.warehouseId });
const serverError: Fault = { type: 'answer', status: 500, code: 500, msg: '系统繁忙，请稍候再试' };

async function serverLineId(member: Member, goodsId: number): Promise<number> {
  const rows = await shop.t.db.select().from(cartLines).where(eq(cartLines.companyId, member.companyId));
  const row = rows.find((r) => r.goodsId === goodsId);
  if (!row) throw new Error(`no server line for goods ${goodsId}`);
  return row.id;
}

describe('sync engine: order and acknowledgement', () => {
  it('sends A then B, one at a time, even when B is enqueued while A is in flight', async () => {
    const { member, db, engine, browser } = await setup({ checkAccount: false });
    const gate = deferred();
    browser.gate = gate.promise;
    const a = await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    const run = engine.trigger('enqueue');
    await flush();
    expect(browser.keysSent()).toEqual([a.id]);
    const b = await enqueue(db, 'favorite.add', { goods_ids: [g.banlangen] });
    void engine.trigger('enqueue');
    await flush();
    // B waits for A's answer.
    expect(browser.keysSent()).toEqual([a.id]);
    browser.gate = null;
    gate.resolve();
    await run;
    expect(browser.keysSent()).toEqual([a.id, b.id]);
    expect(browser.maxInFlight).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await shop.favorites(member)).toEqual([g.ganmaoling, g.banlangen].sort((x, y) => x - y));
  });

  it('removes an entry only after the server acknowledged it', async () => {
    const { db, engine, browser } = await setup();
    browser.down = true;
    await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    await engine.trigger('start');
    expect(await db.outbox.count()).toBe(1);
    const [entry] = await pendingEntries(db);
    // The session check met the dead connection first; it counts against the head entry.
    expect(entry.tries).toBe(1);
    expect(entry.lastError).toBe('网络连接失败，请检查网络');
    browser.down = false;
    await engine.trigger('manual');
    expect(await db.outbox.count()).toBe(0);
  });

  it('counts the attempt and keeps the entry when the send itself fails', async () => {
    const { db, engine, browser } = await setup({ checkAccount: false });
    browser.down = true;
    await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    await engine.trigger('start');
    expect(await db.outbox.count()).toBe(1);
    const [entry] = await pendingEntries(db);
    expect(entry.tries).toBe(1);
    expect(entry.lastError).toBe('网络连接失败，请检查网络');
  });

  it('sends nothing while offline and records no attempt', async () => {
    let online = false;
    const { member, db, engine, browser } = await setup({ isOnline: () => online });
    await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    await engine.trigger('enqueue');
    expect(browser.sent).toHaveLength(0);
    expect(engine.status().state).toBe('offline');
    online = true;
    await engine.trigger('online');
    expect(browser.writes()).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await shop.favorites(member)).toEqual([g.ganmaoling]);
  });

  it('maps lines created offline to the server ids before later entries are sent', async () => {
    const { member, db, engine, browser } = await setup();
    const add = await draftCartAdd(db, [line(g.ganmaoling, 2)], { goods: [await shop.listed(member, 'ganmaoling')] });
    expect(add.kind === 'cart.add' && add.payload.lineIds[0]).toBeLessThan(0);
    const tempId = add.kind === 'cart.add' ? add.payload.lineIds[0] : 0;
    await draftCartEdit(db, tempId, 5);
    await engine.trigger('enqueue');
    const serverId = await serverLineId(member, g.ganmaoling);
    expect(browser.writes().map((r) => r.path)).toEqual(['cart', `cart/${serverId}/edit`]);
    expect(await shop.cartNumbers(member)).toEqual({ [g.ganmaoling]: 5 });
    const draft = await readCartDraft(db);
    expect(draft.lines.map((l) => [l.id, l.number, l.local])).toEqual([[serverId, 5, 0]]);
  });

  it('offline adds of the same goods, then sync: the server cart has each line once', async () => {
    const { member, db, engine } = await setup();
    const goods = [await shop.listed(member, 'ganmaoling'), await shop.listed(member, 'banlangen')];
    await draftCartAdd(db, [line(g.ganmaoling, 1)], { goods });
    await draftCartAdd(db, [line(g.banlangen, 2)], { goods });
    await draftCartAdd(db, [line(g.ganmaoling, 2)], { goods });
    await engine.trigger('online');
    const cart = await shop.cart(member);
    expect(cart.data.map((l) => [l.goods.id, l.number]).sort((x, y) => x[0] - y[0])).toEqual(
      [
        [g.ganmaoling, 3],
        [g.banlangen, 2],
      ].sort((x, y) => x[0] - y[0]),
    );
    const draft = await readCartDraft(db);
    expect(draft.lines.map((l) => l.id).sort()).toEqual(cart.data.map((l) => l.id).sort());
  });
});

describe('sync engine: idempotent replay', () => {
  it('an answer lost after the server committed: the retry carries the same key and the server replays, applying once', async () => {
    const { member, db, engine, browser } = await setup();
    await draftCartAdd(db, [line(g.ganmaoling, 3)], { goods: [await shop.listed(member, 'ganmaoling')] });
    const [entry] = await pendingEntries(db);
    // The server applies and stores the answer; the tab dies before reading it.
    browser.faults = [{ type: 'lose-answer', after: () => db.close() }];
    await engine.trigger('enqueue');
    expect(engine.status().state).toBe('stopped');
    expect(browser.applied()).toHaveLength(1);

    // A new page load: same database, new engine.
    const db2 = await openDb(member.account);
    open.push(db2);
    const still = await pendingEntries(db2);
    expect(still.map((e) => e.id)).toEqual([entry.id]);
    expect(still[0].tries).toBe(1);
    const engine2 = createSyncEngine({
      db: db2,
      account: member.account,
      transport: httpTransport,
      locks: null,
      reconcileOnStart: false,
    });
    await engine2.trigger('start');

    expect(browser.keysSent()).toEqual([entry.id, entry.id]);
    expect(browser.writes().map((r) => r.replayed)).toEqual([false, true]);
    expect(browser.applied()).toHaveLength(1);
    expect(await shop.cartNumbers(member)).toEqual({ [g.ganmaoling]: 3 });
    expect(await db2.outbox.count()).toBe(0);
  });

  it('an answer lost while the tab lives: the next run replays it and maps the new line', async () => {
    const { member, db, engine, browser } = await setup();
    await draftCartAdd(db, [line(g.banlangen, 2)], { goods: [await shop.listed(member, 'banlangen')] });
    browser.faults = [{ type: 'lose-answer' }];
    await engine.trigger('enqueue');
    expect(await db.outbox.count()).toBe(1);
    await engine.trigger('manual');
    expect(browser.writes().map((r) => r.replayed)).toEqual([false, true]);
    expect(await shop.cartNumbers(member)).toEqual({ [g.banlangen]: 2 });
    const serverId = await serverLineId(member, g.banlangen);
    expect((await readCartDraft(db)).lines.map((l) => [l.id, l.number, l.local])).toEqual([[serverId, 2, 0]]);
  });

  it('the server dies in the middle of a batch: nothing lost, nothing doubled', async () => {
    const { member, db, engine, browser } = await setup();
    const goods = await Promise.all(
      (['ganmaoling', 'banlangen', 'limited'] as const).map((r) => shop.listed(member, r)),
    );
    await draftCartAdd(db, [line(g.ganmaoling, 1)], { goods });
    await draftCartAdd(db, [line(g.banlangen, 2)], { goods });
    await draftCartAdd(db, [line(g.limited, 3)], { goods });
    // The first add is answered; the process dies right after committing the second, before answering.
    browser.faults = [{ type: 'pass' }, { type: 'lose-answer', after: () => void (browser.down = true) }];
    await engine.trigger('enqueue');
    expect(await db.outbox.count()).toBe(2);

    browser.down = false;
    await engine.trigger('online');
    expect(await db.outbox.count()).toBe(0);
    expect(await shop.cartNumbers(member)).toEqual({ [g.ganmaoling]: 1, [g.banlangen]: 2, [g.limited]: 3 });
    expect(browser.applied()).toHaveLength(3);
    expect(browser.writes().filter((r) => r.replayed)).toHaveLength(1);
  });

  it('every retry of an entry carries the same Idempotency-Key', async () => {
    const { member, db, engine, browser } = await setup();
    browser.faults = [serverError, serverError];
    const e = await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    await engine.trigger('manual');
    await engine.trigger('manual');
    await engine.trigger('manual');
    expect(browser.keysSent()).toEqual([e.id, e.id, e.id]);
    expect(browser.applied()).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await shop.favorites(member)).toEqual([g.ganmaoling]);
  });
});

describe('sync engine: retry with backoff', () => {
  it('retries a network failure after 1 s, 2 s, 4 s … on its timer, then drains', async () => {
    // The engine reads the clock through `now`, so the fake Date installed below reaches it.
    const { member, db, engine, browser } = await setup({ checkAccount: false, now: () => Date.now() });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    browser.down = true;
    await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    await engine.trigger('start');
    expect(browser.writes()).toHaveLength(1);
    let [entry] = await pendingEntries(db);
    expect(entry.nextAttemptAt - Date.now()).toBe(1000);
    expect(engine.status().state).toBe('waiting');

    await vi.advanceTimersByTimeAsync(999);
    await flush();
    expect(browser.writes()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(browser.writes()).toHaveLength(2);
    [entry] = await pendingEntries(db);
    expect(entry.tries).toBe(2);
    expect(entry.nextAttemptAt - Date.now()).toBe(2000);

    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    expect(browser.writes()).toHaveLength(3);
    expect((await pendingEntries(db))[0].nextAttemptAt - Date.now()).toBe(4000);
    browser.down = false;
    await vi.advanceTimersByTimeAsync(3999);
    await flush();
    expect(browser.writes()).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    // The real app answers on real I/O: give it real time, not fake ticks.
    vi.useRealTimers();
    await until(async () => (await db.outbox.count()) === 0);
    expect(browser.writes()).toHaveLength(4);
    expect(await shop.favorites(member)).toEqual([g.ganmaoling]);
  });

  it('a trigger (online, enqueue) skips the wait; the timer alone respects it', async () => {
    const { db, engine, browser } = await setup();
    browser.faults = [serverError];
    await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    await engine.trigger('start');
    expect(browser.writes()).toHaveLength(1);
    expect((await pendingEntries(db))[0].nextAttemptAt).toBeGreaterThan(Date.now());
    await engine.trigger('online');
    expect(browser.writes()).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it.each<[string, Fault]>([
    ['429', { type: 'answer', status: 429, code: 429, msg: '请求过于频繁' }],
    ['409 (key in progress)', { type: 'answer', status: 409, code: 409, msg: '请求处理中，请稍候' }],
    ['408', { type: 'answer', status: 408, code: 408, msg: '请求超时' }],
    ['timeout', { type: 'timeout' }],
    ['500', serverError],
    ['502 without an envelope', { type: 'answer', status: 502, code: 502, msg: '' }],
  ])('%s is retried, not refused', async (_name, fault) => {
    const { member, db, engine, browser } = await setup({ checkAccount: false });
    browser.faults = [fault];
    await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    await engine.trigger('start');
    expect(await db.outbox.count()).toBe(1);
    expect(await db.conflicts.count()).toBe(0);
    await engine.trigger('manual');
    expect(await db.outbox.count()).toBe(0);
    expect(await shop.favorites(member)).toEqual([g.ganmaoling]);
  });
});

describe('sync engine: refusals', () => {
  it('a business refusal becomes a conflict row with the server msg, is not retried, and the queue moves on', async () => {
    const { member, db, engine, browser } = await setup();
    const refused = await draftCartAdd(db, [line(g.offSale, 1)], { goods: [await shop.listed(member, 'offSale')] });
    const next = await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    await engine.trigger('enqueue');

    expect(await db.outbox.count()).toBe(0);
    const conflicts = await db.conflicts.toArray();
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      source: 'refused',
      entryId: refused.id,
      kind: 'cart.add',
      status: 400,
      msg: '停售药：该商品暂不可购买',
      text: '加入购物车未成功：停售药：该商品暂不可购买',
      dismissed: 0,
    });
    // The server wins: the line that only existed locally is gone.
    expect((await readCartDraft(db)).lines).toHaveLength(0);
    expect(browser.keysSent()).toEqual([refused.id, next.id]);
    expect(await shop.cartNumbers(member)).toEqual({});

    await engine.trigger('manual');
    expect(browser.writes()).toHaveLength(2);
  });

  it.each([
    ['控销 goods the member may not buy', 'kx', 1, '控销感冒片：商品不存在或已下架'],
    ['more than the stock', 'scarce', 6, '紧俏口罩：最多可购买3盒'],
    ['over the purchase limit', 'limited', 6, '复方甘草片：最多可购买5盒'],
  ] as const)('%s: the refusal becomes a conflict row and the draft line goes', async (_name, role, number, msg) => {
    const { member, db, engine } = await setup();
    await draftCartAdd(db, [line(g[role], number)]);
    await engine.trigger('enqueue');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.conflicts.toArray()).toEqual([
      expect.objectContaining({ kind: 'cart.add', status: 400, msg, text: `加入购物车未成功：${msg}` }),
    ]);
    expect((await readCartDraft(db)).lines).toHaveLength(0);
    expect(await shop.cartNumbers(member)).toEqual({});
  });

  it('422 and 459 are refusals too; a refused favourite goes back out of the set', async () => {
    const { db, engine, browser } = await setup();
    // The real app refuses a favourite of goods it does not have with 422.
    await draftFavorite(db, [999_999], true);
    await engine.trigger('enqueue');
    expect(await db.favorites.get(999_999)).toBeUndefined();
    expect((await db.conflicts.toArray())[0]).toMatchObject({ kind: 'favorite.add', status: 422, msg: '商品不存在' });

    // 459 (contract unsigned) is a checkout answer; a proxy-level answer stands in for it here.
    browser.faults = [{ type: 'answer', status: 459, code: 459, msg: '请先签署电子合同' }];
    await enqueue(db, 'request.create', { name: '阿莫西林' });
    await engine.trigger('enqueue');
    expect(await db.conflicts.count()).toBe(2);
    expect((await db.conflicts.toArray())[1]).toMatchObject({
      kind: 'request.create',
      status: 459,
      msg: '请先签署电子合同',
    });
  });

  it('an edit of a line whose add was refused is a conflict; a delete of it has nothing left to do', async () => {
    const { db, engine, browser } = await setup();
    const add = await draftCartAdd(db, [line(g.offSale, 1)]);
    const tempId = add.kind === 'cart.add' ? add.payload.lineIds[0] : 0;
    const edit = await draftCartEdit(db, tempId, 3);
    await draftCartDelete(db, [tempId]);
    await engine.trigger('enqueue');
    expect(browser.writes().map((r) => r.path)).toEqual(['cart']);
    expect(await db.outbox.count()).toBe(0);
    const rows = await db.conflicts.toArray();
    expect(rows.map((r) => (r.source === 'refused' ? [r.kind, r.msg] : null))).toEqual([
      ['cart.add', '停售药：该商品暂不可购买'],
      ['cart.edit', UNRESOLVED_EDIT_MESSAGE],
    ]);
    expect(rows[1]).toMatchObject({ entryId: edit.id });
  });

  it('a body that can never be encoded is refused before sending, not retried forever', async () => {
    const { db, engine, browser } = await setup();
    await enqueue(db, 'request.create', { number: Number.NaN });
    const next = await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    await engine.trigger('enqueue');
    expect(browser.keysSent()).toEqual([next.id]);
    expect((await db.conflicts.toArray())[0]).toMatchObject({ kind: 'request.create', msg: UNENCODABLE_MESSAGE });
  });

  it('waitFor tells the page what became of its entry', async () => {
    const { db, engine } = await setup();
    const good = await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    const bad = await draftCartAdd(db, [line(g.offSale, 1)]);
    const goodOutcome = engine.waitFor(good.id);
    const badOutcome = engine.waitFor(bad.id);
    void engine.trigger('enqueue');
    expect(await goodOutcome).toMatchObject({ status: 'acknowledged', envelope: { msg: '收藏成功' } });
    const b = await badOutcome;
    expect(b.status).toBe('refused');
    expect(b.status === 'refused' && b.error.msg).toBe('停售药：该商品暂不可购买');
  });
});

describe('sync engine: sessions and accounts', () => {
  it('401 pauses the engine until sign-in; nothing is dropped', async () => {
    const { member, db, engine, browser } = await setup({ checkAccount: false });
    browser.signInAs(null);
    await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    await engine.trigger('start');
    expect(engine.status()).toMatchObject({ state: 'paused', paused: 'auth' });
    expect(browser.writes().map((r) => r.status)).toEqual([401]);
    await engine.trigger('online');
    await engine.trigger('visible');
    expect(browser.writes()).toHaveLength(1);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.conflicts.count()).toBe(0);

    browser.signInAs(member);
    await engine.resume();
    expect(await db.outbox.count()).toBe(0);
    expect(await shop.favorites(member)).toEqual([g.ganmaoling]);
  });

  it('a 401 from the session check pauses before anything is sent', async () => {
    const { db, engine, browser } = await setup();
    browser.signInAs(null);
    await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    await engine.trigger('start');
    expect(engine.status().paused).toBe('auth');
    expect(browser.writes()).toHaveLength(0);
  });

  it("never sends an account's entries under another account's session", async () => {
    const { member, db, engine, browser } = await setup();
    await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    // Someone else signed in on this browser (another tab).
    const bob = await shop.member(uniqueName('bob'));
    browser.signInAs(bob);
    await engine.trigger('start');
    expect(engine.status().paused).toBe('account');
    expect(browser.writes()).toHaveLength(0);
    expect(await db.outbox.count()).toBe(1);
    expect(await shop.favorites(member)).toEqual([]);
    expect(await shop.favorites(bob)).toEqual([]);
  });

  it("user B's engine never sees user A's entries", async () => {
    const alice = await shop.member(uniqueName('alice'));
    const bob = await shop.member(uniqueName('bob'));
    const dbA = await openDb(alice.account);
    const dbB = await openDb(bob.account);
    open.push(dbA, dbB);
    expect(dbA.name).not.toBe(dbB.name);
    const a1 = await draftCartAdd(dbA, [line(g.ganmaoling, 2)]);
    await draftFavorite(dbA, [g.banlangen], true);

    shop.browser.signInAs(bob);
    const engineB = createSyncEngine({
      db: dbB,
      account: bob.account,
      transport: httpTransport,
      locks: null,
      reconcileOnStart: false,
    });
    await draftFavorite(dbB, [g.limited], true);
    await engineB.trigger('start');

    expect(shop.browser.keysSent().every((k) => k !== a1.id)).toBe(true);
    expect(shop.browser.writes()).toHaveLength(1);
    expect(await shop.favorites(bob)).toEqual([g.limited]);
    expect(await shop.favorites(alice)).toEqual([]);
    expect(await shop.cartNumbers(alice)).toEqual({});
    expect(await dbA.outbox.count()).toBe(2);
    expect(await dbB.outbox.count()).toBe(0);
    expect((await readCartDraft(dbB)).lines).toHaveLength(0);
  });
});

describe('sync engine: two tabs', () => {
  it('with the Web Locks single flight, each entry reaches the server once', async () => {
    const member = await shop.member(uniqueName());
    shop.browser.signInAs(member);
    const tab1 = await openDb(member.account);
    const tab2 = await openDb(member.account);
    open.push(tab1, tab2);
    const locks = fakeLocks();
    const opts = { account: member.account, transport: httpTransport, locks, reconcileOnStart: false };
    const e1 = createSyncEngine({ ...opts, db: tab1 });
    const e2 = createSyncEngine({ ...opts, db: tab2 });
    const ids = [g.ganmaoling, g.banlangen, g.limited, g.scarce, g.offSale];
    const entries = [];
    for (const id of ids) entries.push(await enqueue(tab1, 'favorite.add', { goods_ids: [id] }));

    const w1 = e2.waitFor(entries[4].id);
    await Promise.all([e1.trigger('online'), e2.trigger('online'), e1.trigger('visible'), e2.trigger('visible')]);

    expect(shop.browser.keysSent()).toEqual(entries.map((e) => e.id));
    expect(shop.browser.writes().filter((r) => r.replayed)).toHaveLength(0);
    expect(locks.maxHolders).toBe(1);
    expect(await tab2.outbox.count()).toBe(0);
    expect(await shop.favorites(member)).toEqual([...ids].sort((x, y) => x - y));
    // Tab 2's page learns its entry went through, even if tab 1 sent it.
    expect((await w1).status).toBe('acknowledged');
  });
});

describe('sync engine: after the queue drains', () => {
  it('records lastSyncAt and reports what it synced', async () => {
    const synced: string[][] = [];
    const { db, engine } = await setup({ onSynced: (s) => synced.push([...s.kinds]) });
    await enqueue(db, 'favorite.add', { goods_ids: [g.ganmaoling] });
    await engine.trigger('enqueue');
    expect(await db.meta.get('lastSyncAt')).toBeDefined();
    expect(synced).toEqual([['favorite.add']]);
  });

  it('a failing auth answer during an in-flight run keeps the entry (stop)', async () => {
    const { db, engine, browser } = await setup({ checkAccount: false });
    browser.signInAs(null);
    await enqueue(db, 'favorite.cancel', { goods_ids: [g.ganmaoling] });
    await engine.trigger('enqueue');
    expect(await db.outbox.count()).toBe(1);
    engine.stop();
    await engine.trigger('manual');
    expect(browser.writes()).toHaveLength(1);
  });
});
