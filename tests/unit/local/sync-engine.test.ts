// The sync engine against a fake server with an Idempotency-Key store: order, replay after a
// crash, backoff, refusals as conflict rows, 401 pause, account isolation, two tabs.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/http/client';
import { draftCartAdd, draftCartDelete, draftCartEdit, readCartDraft } from '../../../src/local/cart-draft';
import type { LocalDb } from '../../../src/local/db';
import { draftFavorite } from '../../../src/local/favorites-local';
import { enqueue, pendingEntries } from '../../../src/local/outbox-queue';
import {
  RETRY_MAX_MS,
  UNENCODABLE_MESSAGE,
  UNRESOLVED_EDIT_MESSAGE,
  backoffDelay,
  createSyncEngine,
  type SyncEngineOptions,
} from '../../../src/local/sync-engine';
import { FakeServer, GOODS, authError, deferred, fakeLocks, flush, freshAccount, openDb, serverError } from './harness';

const open: LocalDb[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const db of open.splice(0)) db.close();
});

async function setup(over: Partial<SyncEngineOptions> = {}) {
  const account = freshAccount();
  const db = await openDb(account);
  open.push(db);
  const server = new FakeServer(account);
  const engine = createSyncEngine({
    db,
    account,
    transport: server.transport,
    locks: null,
    random: () => 0.5,
    reconcileOnStart: false,
    ...over,
  });
  return { account, db, server, engine };
}

const line = (goods_id: number, number: number) => ({ goods_id, number, ck_id: 3 });

describe('backoffDelay', () => {
  it('doubles from 1 s and caps at 5 min, with jitter inside ×[0.5, 1.5)', () => {
    expect([1, 2, 3, 4].map((t) => backoffDelay(t, () => 0.5))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(30, () => 0.5)).toBe(RETRY_MAX_MS);
    expect(backoffDelay(1, () => 0)).toBe(1000);
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(3, () => 0.999)).toBeLessThan(6000);
    expect(backoffDelay(40, () => 0.999)).toBe(RETRY_MAX_MS);
  });
});

describe('sync engine: order and acknowledgement', () => {
  it('sends A then B, one at a time, even when B is enqueued while A is in flight', async () => {
    const { db, server, engine } = await setup();
    const gate = deferred();
    server.gate = gate.promise;
    const a = await enqueue(db, 'favorite.add', { goods_ids: [7] });
    const run = engine.trigger('enqueue');
    await flush();
    expect(server.received.map((r) => r.key)).toEqual([a.id]);
    const b = await enqueue(db, 'favorite.add', { goods_ids: [8] });
    void engine.trigger('enqueue');
    await flush();
    // B waits for A's answer.
    expect(server.received.map((r) => r.key)).toEqual([a.id]);
    server.gate = null;
    gate.resolve();
    await run;
    expect(server.received.map((r) => r.key)).toEqual([a.id, b.id]);
    expect(server.maxInFlight).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect([...server.favorites]).toEqual([7, 8]);
  });

  it('removes an entry only after the server acknowledged it', async () => {
    const { db, server, engine } = await setup();
    server.down = true;
    await enqueue(db, 'favorite.add', { goods_ids: [7] });
    await engine.trigger('start');
    expect(await db.outbox.count()).toBe(1);
    const [entry] = await pendingEntries(db);
    expect(entry.tries).toBe(1);
    expect(entry.lastError).toBe('网络连接失败，请检查网络');
  });

  it('sends nothing while offline and records no attempt', async () => {
    let online = false;
    const { db, server, engine } = await setup({ isOnline: () => online });
    await enqueue(db, 'favorite.add', { goods_ids: [7] });
    await engine.trigger('enqueue');
    expect(server.received).toHaveLength(0);
    expect(engine.status().state).toBe('offline');
    online = true;
    await engine.trigger('online');
    expect(server.received).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('maps lines created offline to the server ids before later entries are sent', async () => {
    const { db, server, engine } = await setup();
    const add = await draftCartAdd(db, [line(7, 2)], { goods: [GOODS.ganmaoling] });
    expect(add.kind === 'cart.add' && add.payload.lineIds[0]).toBeLessThan(0);
    const tempId = add.kind === 'cart.add' ? add.payload.lineIds[0] : 0;
    await draftCartEdit(db, tempId, 5);
    await engine.trigger('enqueue');
    const serverId = server.lines[0].id;
    expect(server.received.map((r) => r.path)).toEqual(['cart', `cart/${serverId}/edit`]);
    expect(server.cartNumbers()).toEqual({ 7: 5 });
    const draft = await readCartDraft(db);
    expect(draft.lines.map((l) => [l.id, l.number, l.local])).toEqual([[serverId, 5, 0]]);
  });
});

describe('sync engine: idempotent replay', () => {
  it('a crash between send and acknowledge resends the same key and the server applies it once', async () => {
    const { account, db, server, engine } = await setup();
    await draftCartAdd(db, [line(7, 3)], { goods: [GOODS.ganmaoling] });
    const [entry] = await pendingEntries(db);
    // The server applies and stores the answer, then the tab dies before reading it.
    server.afterApply = async () => {
      server.afterApply = null;
      db.close();
    };
    await engine.trigger('enqueue');
    expect(engine.status().state).toBe('stopped');
    expect(server.applied).toHaveLength(1);

    // A new page load: same database, new engine.
    const db2 = await openDb(account);
    open.push(db2);
    const still = await pendingEntries(db2);
    expect(still.map((e) => e.id)).toEqual([entry.id]);
    expect(still[0].tries).toBe(1);
    const engine2 = createSyncEngine({ db: db2, account, transport: server.transport, locks: null, reconcileOnStart: false });
    await engine2.trigger('start');

    expect(server.received.map((r) => r.key)).toEqual([entry.id, entry.id]);
    expect(server.applied).toHaveLength(1);
    expect(server.replays).toBe(1);
    expect(server.cartNumbers()).toEqual({ 7: 3 });
    expect(await db2.outbox.count()).toBe(0);
  });

  it('every retry of an entry carries the same Idempotency-Key', async () => {
    const { db, server, engine } = await setup();
    server.failNext = [serverError(), serverError()];
    const e = await enqueue(db, 'favorite.add', { goods_ids: [7] });
    await engine.trigger('manual');
    await engine.trigger('manual');
    await engine.trigger('manual');
    expect(server.received.map((r) => r.key)).toEqual([e.id, e.id, e.id]);
    expect(server.applied).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('sync engine: retry with backoff', () => {
  it('retries a network failure after 1 s, 2 s, 4 s … on its timer, then drains', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { db, server, engine } = await setup({ checkAccount: false });
    server.down = true;
    await enqueue(db, 'favorite.add', { goods_ids: [7] });
    await engine.trigger('start');
    expect(server.received).toHaveLength(1);
    let [entry] = await pendingEntries(db);
    expect(entry.nextAttemptAt - Date.now()).toBe(1000);
    expect(engine.status().state).toBe('waiting');

    await vi.advanceTimersByTimeAsync(999);
    await flush();
    expect(server.received).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(server.received).toHaveLength(2);
    [entry] = await pendingEntries(db);
    expect(entry.tries).toBe(2);
    expect(entry.nextAttemptAt - Date.now()).toBe(2000);

    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    expect(server.received).toHaveLength(3);
    expect((await pendingEntries(db))[0].nextAttemptAt - Date.now()).toBe(4000);
    server.down = false;
    await vi.advanceTimersByTimeAsync(3999);
    await flush();
    expect(server.received).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(await db.outbox.count()).toBe(0);
    expect(server.received).toHaveLength(4);
    expect(server.favorites.has(7)).toBe(true);
  });

  it('a trigger (online, enqueue) skips the wait; the timer alone respects it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { db, server, engine } = await setup();
    server.failNext = [serverError()];
    await enqueue(db, 'favorite.add', { goods_ids: [7] });
    await engine.trigger('start');
    expect(server.received).toHaveLength(1);
    await engine.trigger('online');
    expect(server.received).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it.each([
    ['429', new ApiError({ code: 429, status: 429, msg: '请求过于频繁' })],
    ['409 (key in progress)', new ApiError({ code: 409, status: 409, msg: '请求处理中，请稍候' })],
    ['408', new ApiError({ code: 408, status: 408, msg: '请求超时' })],
    ['timeout', new ApiError({ code: 0, status: 0, msg: '请求超时，请刷新页面', kind: 'timeout' })],
    ['500', serverError()],
  ])('%s is retried, not refused', async (_name, error) => {
    const { db, server, engine } = await setup();
    server.failNext = [error];
    await enqueue(db, 'favorite.add', { goods_ids: [7] });
    await engine.trigger('start');
    expect(await db.outbox.count()).toBe(1);
    expect(await db.conflicts.count()).toBe(0);
    await engine.trigger('manual');
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('sync engine: refusals', () => {
  it('a business refusal becomes a conflict row with the server msg, is not retried, and the queue moves on', async () => {
    const { db, server, engine } = await setup();
    const refused = await draftCartAdd(db, [line(10, 1)], { goods: [GOODS.offSale] });
    const next = await enqueue(db, 'favorite.add', { goods_ids: [7] });
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
    expect(server.received.map((r) => r.key)).toEqual([refused.id, next.id]);

    await engine.trigger('manual');
    expect(server.received).toHaveLength(2);
  });

  it('422 and 459 are refusals too; a refused favourite goes back out of the set', async () => {
    const { db, server, engine } = await setup();
    server.failNext = [new ApiError({ code: 422, status: 422, msg: '商品编号无效', data: { errors: {} } })];
    await draftFavorite(db, [7], true);
    await engine.trigger('enqueue');
    expect(await db.favorites.get(7)).toBeUndefined();
    expect((await db.conflicts.toArray())[0]).toMatchObject({ kind: 'favorite.add', msg: '商品编号无效' });

    server.failNext = [new ApiError({ code: 459, status: 459, msg: '请先签署电子合同' })];
    await enqueue(db, 'request.create', { name: '阿莫西林' });
    await engine.trigger('enqueue');
    expect(await db.conflicts.count()).toBe(2);
  });

  it('an edit of a line whose add was refused is a conflict; a delete of it has nothing left to do', async () => {
    const { db, server, engine } = await setup();
    const add = await draftCartAdd(db, [line(10, 1)], { goods: [GOODS.offSale] });
    const tempId = add.kind === 'cart.add' ? add.payload.lineIds[0] : 0;
    const edit = await draftCartEdit(db, tempId, 3);
    await draftCartDelete(db, [tempId]);
    await engine.trigger('enqueue');
    expect(server.received.map((r) => r.path)).toEqual(['cart']);
    expect(await db.outbox.count()).toBe(0);
    const rows = await db.conflicts.toArray();
    expect(rows.map((r) => (r.source === 'refused' ? [r.kind, r.msg] : null))).toEqual([
      ['cart.add', '停售药：该商品暂不可购买'],
      ['cart.edit', UNRESOLVED_EDIT_MESSAGE],
    ]);
    expect(rows[1]).toMatchObject({ entryId: edit.id });
  });

  it('a body that can never be encoded is refused before sending, not retried forever', async () => {
    const { db, server, engine } = await setup();
    await enqueue(db, 'request.create', { number: Number.NaN });
    const next = await enqueue(db, 'favorite.add', { goods_ids: [7] });
    await engine.trigger('enqueue');
    expect(server.received.map((r) => r.key)).toEqual([next.id]);
    expect((await db.conflicts.toArray())[0]).toMatchObject({ kind: 'request.create', msg: UNENCODABLE_MESSAGE });
  });

  it('waitFor tells the page what became of its entry', async () => {
    const { db, engine } = await setup();
    const good = await enqueue(db, 'favorite.add', { goods_ids: [7] });
    const bad = await draftCartAdd(db, [line(10, 1)], { goods: [GOODS.offSale] });
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
    const { db, server, engine } = await setup({ checkAccount: false });
    server.signedIn = false;
    await enqueue(db, 'favorite.add', { goods_ids: [7] });
    await engine.trigger('start');
    expect(engine.status()).toMatchObject({ state: 'paused', paused: 'auth' });
    await engine.trigger('online');
    await engine.trigger('visible');
    expect(server.received).toHaveLength(1);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.conflicts.count()).toBe(0);

    server.signedIn = true;
    await engine.resume();
    expect(await db.outbox.count()).toBe(0);
    expect(server.favorites.has(7)).toBe(true);
  });

  it('a 401 from the session check pauses before anything is sent', async () => {
    const { db, server, engine } = await setup();
    server.signedIn = false;
    await enqueue(db, 'favorite.add', { goods_ids: [7] });
    await engine.trigger('start');
    expect(engine.status().paused).toBe('auth');
    expect(server.received).toHaveLength(0);
  });

  it("never sends an account's entries under another account's session", async () => {
    const { db, server, engine } = await setup();
    await enqueue(db, 'favorite.add', { goods_ids: [7] });
    // Someone else signed in on this browser (another tab).
    server.user = { username: 'bob', customer: { id: 999 } };
    await engine.trigger('start');
    expect(engine.status().paused).toBe('account');
    expect(server.received).toHaveLength(0);
    expect(await db.outbox.count()).toBe(1);
  });

  it("user B's engine never sees user A's entries", async () => {
    const alice = freshAccount('alice');
    const bob = freshAccount('bob');
    const dbA = await openDb(alice);
    const dbB = await openDb(bob);
    open.push(dbA, dbB);
    expect(dbA.name).not.toBe(dbB.name);
    const a1 = await draftCartAdd(dbA, [line(7, 2)], { goods: [GOODS.ganmaoling] });
    await draftFavorite(dbA, [8], true);

    const server = new FakeServer(bob);
    const engineB = createSyncEngine({ db: dbB, account: bob, transport: server.transport, locks: null, reconcileOnStart: false });
    await draftFavorite(dbB, [9], true);
    await engineB.trigger('start');

    expect(server.received.every((r) => r.key !== a1.id)).toBe(true);
    expect(server.received).toHaveLength(1);
    expect([...server.favorites]).toEqual([9]);
    expect(await dbA.outbox.count()).toBe(2);
    expect(await dbB.outbox.count()).toBe(0);
    expect((await readCartDraft(dbB)).lines).toHaveLength(0);
  });
});

describe('sync engine: two tabs', () => {
  it('with the Web Locks single flight, each entry reaches the server once', async () => {
    const account = freshAccount();
    const tab1 = await openDb(account);
    const tab2 = await openDb(account);
    open.push(tab1, tab2);
    const server = new FakeServer(account);
    const locks = fakeLocks();
    const opts = { account, transport: server.transport, locks, reconcileOnStart: false };
    const e1 = createSyncEngine({ ...opts, db: tab1 });
    const e2 = createSyncEngine({ ...opts, db: tab2 });
    const entries = [];
    for (let i = 0; i < 5; i++) entries.push(await enqueue(tab1, 'favorite.add', { goods_ids: [i + 1] }));

    const w1 = e2.waitFor(entries[4].id);
    await Promise.all([e1.trigger('online'), e2.trigger('online'), e1.trigger('visible'), e2.trigger('visible')]);

    expect(server.received.map((r) => r.key)).toEqual(entries.map((e) => e.id));
    expect(server.replays).toBe(0);
    expect(locks.maxHolders).toBe(1);
    expect(await tab2.outbox.count()).toBe(0);
    // Tab 2's page learns its entry went through, even if tab 1 sent it.
    expect((await w1).status).toBe('acknowledged');
  });
});

describe('sync engine: after the queue drains', () => {
  it('records lastSyncAt and reports what it synced', async () => {
    const synced: string[][] = [];
    const { db, engine } = await setup({ onSynced: (s) => synced.push([...s.kinds]) });
    await enqueue(db, 'favorite.add', { goods_ids: [7] });
    await engine.trigger('enqueue');
    expect(await db.meta.get('lastSyncAt')).toBeDefined();
    expect(synced).toEqual([['favorite.add']]);
  });

  it('a failing auth answer during an in-flight run keeps the entry (stop)', async () => {
    const { db, server, engine } = await setup({ checkAccount: false });
    server.failNext = [authError()];
    await enqueue(db, 'feedback.create', { content: '希望增加夜间配送' });
    await engine.trigger('enqueue');
    expect(await db.outbox.count()).toBe(1);
    engine.stop();
    await engine.trigger('manual');
    expect(server.received).toHaveLength(1);
  });
});
