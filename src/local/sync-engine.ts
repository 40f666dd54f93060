// The sync engine: sends the outbox to the server strictly in order, one entry at a time, each
// with its id as Idempotency-Key, and removes an entry only after the server acknowledged it.
//
//   answer                                  what happens
//   2xx envelope (success code)             acknowledged: entry removed, side effects applied
//   network / timeout / aborted / 5xx,      run stops; the head entry waits 1 s … 5 min
//   408 409 425 429, anything unexpected    (exponential, jittered) unless a trigger says "now"
//   401 (or the session is someone else's)  engine pauses until sign-in; nothing is sent
//   any other refusal (400–499, 459…), or   entry moved to `conflicts` with the server's msg;
//   a body that cannot be encoded           never retried, never silently dropped
//
// Because the server stores each key with its answer (server/http/idempotency.ts), a crash
// between "sent" and "acknowledged" is harmless: the entry is still here, the retry carries the
// same key, and the server replays the stored answer instead of applying it again.
//
// One run at a time per tab (an in-memory single flight) and per browser (Web Locks
// 'outbox-sync' where available), so two tabs never send the same entry concurrently.
import { ApiError, toFormBody } from '../http/client';
import type { Envelope } from '../domain/envelope';
import { mapDraftIds } from './cart-draft';
import { setMeta, type LocalAccount, type LocalDb, type RefusedConflict } from './db';
import { favoriteAcknowledged, favoriteRefused } from './favorites-local';
import { OUTBOX_KIND_LABELS, tempIdsIn, withMappedIds, withoutIds, type OutboxEntry } from './outbox';
import { MOMENTARY_STATUSES } from '../domain/envelope';
import { isCartKind, requestFor } from './outbox-kinds';
import { headEntry } from './outbox-queue';
import { reconcileCart } from './reconcile';
import { ACCOUNT_CHECK_TTL_MS, httpTransport, type SyncSummary, type SyncTransport } from './transport';

export const OUTBOX_LOCK_NAME = 'outbox-sync';
export const RETRY_MIN_MS = 1_000;
export const RETRY_MAX_MS = 5 * 60_000;
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set(MOMENTARY_STATUSES);
const HTTP_UNAUTHORIZED = 401;

export const UNRESOLVED_EDIT_MESSAGE = '该商品未能加入购物车，数量修改未同步';
export const UNENCODABLE_MESSAGE = '离线操作数据有误，无法提交';

/** Delay before retry number `tries` (1-based): 1 s, 2 s, 4 s … capped at 5 min, ×[0.5, 1.5) jitter. */
export function backoffDelay(tries: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.max(0, Math.min(tries - 1, 30)));
  return Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, Math.round(base * (0.5 + random()))));
}

/** The part of navigator.locks the engine uses. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function browserLocks(): LockManagerLike | null {
  if (typeof navigator === 'undefined') return null;
  const locks = (navigator as { locks?: { request?: unknown } }).locks;
  if (!locks || typeof locks.request !== 'function') return null;
  return {
    request: <T>(name: string, callback: () => Promise<T>) =>
      (navigator as Navigator).locks.request(name, () => callback()) as Promise<T>,
  };
}

export type TriggerReason = 'start' | 'online' | 'visible' | 'background-sync' | 'enqueue' | 'timer' | 'manual';

export type EngineState = 'idle' | 'syncing' | 'waiting' | 'offline' | 'paused' | 'stopped';
export type PauseReason = 'auth' | 'account';

export interface EngineStatus {
  state: EngineState;
  /** Why the engine is paused: signed out (401), or the session belongs to another account. */
  paused: PauseReason | null;
  /** When the next timed retry is due (ms), while waiting. */
  nextAttemptAt: number | null;
  lastError: string | null;
}

/** What became of one entry a page is waiting for (writes.ts). */
export type EntryOutcome =
  | { status: 'acknowledged'; envelope: Envelope<unknown> | null }
  | { status: 'queued'; lastError: string | null }
  | { status: 'refused'; error: ApiError };

export interface SyncEngineOptions {
  db: LocalDb;
  account: LocalAccount;
  transport?: SyncTransport;
  /** The single online source (TanStack Query's onlineManager in the app). */
  isOnline?: () => boolean;
  now?: () => number;
  random?: () => number;
  /** null disables cross-tab locking (tests of the in-tab path); default navigator.locks. */
  locks?: LockManagerLike | null;
  /** Check the session's account before sending (default true). */
  checkAccount?: boolean;
  /** Fetch the server cart on the first run to refresh the draft (default true). */
  reconcileOnStart?: boolean;
  /** After a run that the server answered something in: invalidate queries, badge… */
  onSynced?: (summary: SyncSummary) => void;
  /** A run ended with entries still queued (offline or retry scheduled): Background Sync hook. */
  onPendingLeft?: () => void;
}

export interface SyncEngine {
  readonly account: LocalAccount;
  /** Asks for a run; resolves when the run (and any it queued) has finished. */
  trigger(reason: TriggerReason): Promise<void>;
  /** Resolves once the engine knows what became of the entry (never rejects). */
  waitFor(entryId: string): Promise<EntryOutcome>;
  status(): EngineStatus;
  subscribe(listener: (status: EngineStatus) => void): () => void;
  /** After sign-in (same account): leave the pause and run. */
  resume(): Promise<void>;
  /** Stops for good (sign-out, account switch); waiting callers get 'queued'. */
  stop(): void;
}

type Verdict = 'retry' | 'auth' | 'refuse';

function classify(err: unknown): Verdict {
  // Not an answer from the server (the client wraps every answer and every transport failure in
  // ApiError): something unexpected between us and the network. Keep the entry and retry;
  // requests that can never be built were refused before sending (see `pass`).
  if (!(err instanceof ApiError)) return 'retry';
  if (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'aborted' || err.kind === 'server')
    return 'retry';
  if (err.kind === 'auth' || err.status === HTTP_UNAUTHORIZED) return 'auth';
  if (TRANSIENT_STATUSES.has(err.status) || TRANSIENT_STATUSES.has(err.code)) return 'retry';
  return 'refuse';
}

function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.msg;
  return err instanceof Error ? err.message : String(err);
}

/** Server line ids the acknowledged add created, keyed by the temporary ids they replace. */
function tempIdMap(entry: OutboxEntry, envelope: Envelope<unknown>): Map<number, number> {
  const map = new Map<number, number>();
  if (entry.kind !== 'cart.add') return map;
  const lines = (envelope.data as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(lines)) return map;
  entry.payload.lineIds.forEach((tempId, i) => {
    const serverId: unknown = lines[i];
    if (tempId < 0 && typeof serverId === 'number' && serverId > 0) map.set(tempId, serverId);
  });
  return map;
}

function isDatabaseClosed(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'DatabaseClosedError' || name === 'InvalidStateError';
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, account } = options;
  const transport = options.transport ?? httpTransport;
  const isOnline = options.isOnline ?? (() => true);
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const locks = options.locks === undefined ? browserLocks() : options.locks;
  const checkAccount = options.checkAccount ?? true;

  let status: EngineStatus = { state: 'idle', paused: null, nextAttemptAt: null, lastError: null };
  const listeners = new Set<(s: EngineStatus) => void>();
  let stopped = false;
  let running: Promise<void> | null = null;
  let queued: { force: boolean } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let accountCheckedAt: number | null = null;
  let reconcileDue = options.reconcileOnStart ?? true;
  let unexpectedFailures = 0;
  const waiters = new Map<string, ((o: EntryOutcome) => void)[]>();

  function setStatus(patch: Partial<EngineStatus>): void {
    status = { ...status, ...patch };
    for (const l of [...listeners]) l(status);
  }

  function settle(entryId: string, outcome: EntryOutcome): void {
    const list = waiters.get(entryId);
    if (!list) return;
    waiters.delete(entryId);
    for (const resolve of list) resolve(outcome);
  }

  function clearTimer(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function scheduleAt(at: number): void {
    clearTimer();
    if (stopped) return;
    setStatus({ state: 'waiting', nextAttemptAt: at });
    timer = setTimeout(
      () => {
        timer = null;
        void trigger('timer');
      },
      Math.max(0, at - now()),
    );
  }

  function pause(reason: PauseReason, lastError: string | null): void {
    clearTimer();
    setStatus({ state: 'paused', paused: reason, nextAttemptAt: null, lastError });
  }

  async function retryLater(head: OutboxEntry, tries: number, err: unknown): Promise<void> {
    const at = now() + backoffDelay(tries, random);
    const lastError = errorText(err);
    await db.outbox.update(head.seq!, { tries, nextAttemptAt: at, lastError });
    setStatus({ lastError });
    scheduleAt(at);
  }

  /** Refused: out of the queue and into conflicts, in one transaction, with the server's words. */
  async function refuse(head: OutboxEntry, err: unknown): Promise<void> {
    const api = err instanceof ApiError ? err : null;
    const msg = api?.msg ?? UNENCODABLE_MESSAGE;
    const row: RefusedConflict = {
      source: 'refused',
      entryId: head.id,
      kind: head.kind,
      payload: head.payload,
      code: api?.code ?? 0,
      status: api?.status ?? 0,
      msg,
      text: `${OUTBOX_KIND_LABELS[head.kind]}未成功：${msg}`,
      createdAt: now(),
      dismissed: 0,
    };
    await db.transaction('rw', [db.outbox, db.conflicts, db.cartDrafts, db.favorites], async () => {
      await db.outbox.delete(head.seq!);
      await db.conflicts.add(row);
      // The server wins: lines that exist only because of this add go; the set goes back.
      if (head.kind === 'cart.add') await db.cartDrafts.bulkDelete(head.payload.lineIds.filter((id) => id < 0));
      await favoriteRefused(db, head);
    });
    settle(head.id, { status: 'refused', error: api ?? new ApiError({ code: 0, status: 0, msg, data: null }) });
  }

  async function acknowledge(head: OutboxEntry, envelope: Envelope<unknown>): Promise<void> {
    const map = tempIdMap(head, envelope);
    await db.transaction('rw', [db.outbox, db.cartDrafts, db.favorites, db.conflicts], async () => {
      await db.outbox.delete(head.seq!);
      await partialRefusals(head, envelope);
      if (map.size > 0) {
        await mapDraftIds(db, map);
        // Later entries still name the temporary ids; they have not been sent (strict order), so
        // rewriting them cannot change a request the server has already seen under its key.
        const later = await db.outbox.filter((e) => isCartKind(e.kind)).toArray();
        for (const e of later) {
          const mapped = withMappedIds(e, map);
          if (JSON.stringify(mapped.payload) !== JSON.stringify(e.payload)) await db.outbox.put(mapped);
        }
      }
      await favoriteAcknowledged(db, head);
    });
    settle(head.id, { status: 'acknowledged', envelope });
  }

  /**
   * A partial add (quick purchase) was accepted with some lines refused: each refused line leaves
   * the draft (when it exists only because of this add) and becomes a conflict row naming the
   * goods, so nothing refused is silently dropped and nothing accepted is lost.
   */
  async function partialRefusals(head: OutboxEntry, envelope: Envelope<unknown>): Promise<void> {
    if (head.kind !== 'cart.add' || !head.payload.partial) return;
    const refused = (envelope.data as { refused?: unknown } | null)?.refused;
    if (!Array.isArray(refused) || refused.length === 0) return;
    const lines = (envelope.data as { lines?: unknown } | null)?.lines;
    const serverIds = Array.isArray(lines) ? lines : [];
    for (const r of refused as { index?: unknown; goods_id?: unknown; msg?: unknown }[]) {
      const index = typeof r.index === 'number' ? r.index : -1;
      const tempId = head.payload.lineIds[index];
      const msg = typeof r.msg === 'string' ? r.msg : '';
      const row = tempId !== undefined ? await db.cartDrafts.get(tempId) : undefined;
      const name = row?.goods.name ?? `商品${String(r.goods_id)}`;
      if (tempId !== undefined && tempId < 0 && typeof serverIds[index] !== 'number')
        await db.cartDrafts.delete(tempId);
      const conflict: RefusedConflict = {
        source: 'refused',
        entryId: head.id,
        kind: head.kind,
        payload: { line: head.payload.lines[index] ?? null },
        code: 0,
        status: 200,
        msg,
        // The cart's reasons usually start with the goods name already (停售药：该商品暂不可购买).
        text: `${OUTBOX_KIND_LABELS[head.kind]}未成功：${msg.startsWith(name) ? msg : `${name}：${msg}`}`,
        createdAt: now(),
        dismissed: 0,
      };
      await db.conflicts.add(conflict);
    }
  }

  /** The head names lines whose add was refused: narrow it, or record why it cannot be sent. */
  async function settleUnresolved(head: OutboxEntry, ids: number[]): Promise<void> {
    if (head.kind === 'cart.edit') {
      // code 0 without a transport kind is a 'business' refusal: shown, never retried.
      await refuse(head, new ApiError({ code: 0, status: 0, msg: UNRESOLVED_EDIT_MESSAGE, data: null }));
      return;
    }
    const narrowed = withoutIds(head, new Set(ids));
    if (narrowed) {
      await db.outbox.put(narrowed);
    } else {
      // Deleting or selecting a line that was never created: nothing is left to do, and the
      // add's refusal row already tells the buyer about that line.
      await db.outbox.delete(head.seq!);
      settle(head.id, { status: 'acknowledged', envelope: null });
    }
  }

  /** 'ok' when the browser's session is this engine's account; otherwise the engine stopped. */
  async function sessionIsMine(): Promise<'ok' | 'stop'> {
    if (!checkAccount) return 'ok';
    if (accountCheckedAt !== null && now() - accountCheckedAt < ACCOUNT_CHECK_TTL_MS) return 'ok';
    try {
      const me = await transport.whoAmI();
      const companyId = me.customer?.id ?? null;
      if (me.username !== account.username || companyId !== account.companyId) {
        pause('account', '当前登录的账号与离线数据不一致');
        return 'stop';
      }
      accountCheckedAt = now();
      return 'ok';
    } catch (err) {
      const verdict = classify(err);
      if (verdict === 'auth') pause('auth', errorText(err));
      else {
        const head = await headEntry(db);
        if (head) await retryLater(head, head.tries + 1, err);
        else setStatus({ lastError: errorText(err) });
      }
      return 'stop';
    }
  }

  async function pass(force: boolean): Promise<SyncSummary> {
    const summary: SyncSummary = { kinds: new Set(), reconciled: false };
    let cartTouched = false;
    let checked = false;
    const ensureSession = async () => checked || (checked = (await sessionIsMine()) === 'ok');

    for (;;) {
      if (stopped || status.paused) return summary;
      if (!isOnline()) {
        setStatus({ state: 'offline', nextAttemptAt: null });
        options.onPendingLeft?.();
        return summary;
      }
      const head = await headEntry(db);
      if (!head) break;
      if (!force && head.nextAttemptAt > now()) {
        scheduleAt(head.nextAttemptAt);
        options.onPendingLeft?.();
        return summary;
      }
      if (!(await ensureSession())) return summary;

      const unresolved = tempIdsIn(head);
      if (unresolved.length > 0) {
        await settleUnresolved(head, unresolved);
        continue;
      }

      let request;
      try {
        request = requestFor(head);
        // A body that cannot be form-encoded (NaN, a function) fails the same way forever: refuse
        // it here rather than let it block the queue.
        toFormBody(request.body);
      } catch (err) {
        await refuse(head, err);
        continue;
      }
      const tries = head.tries + 1;
      // Counted before sending: after a crash the entry shows it may already have reached the server.
      await db.outbox.update(head.seq!, { tries });
      setStatus({ state: 'syncing', nextAttemptAt: null });

      let envelope: Envelope<unknown>;
      try {
        envelope = await transport.post(request.path, request.body, head.id);
      } catch (err) {
        const verdict = classify(err);
        if (verdict === 'retry') {
          await retryLater(head, tries, err);
          options.onPendingLeft?.();
          return summary;
        }
        if (verdict === 'auth') {
          await db.outbox.update(head.seq!, { lastError: errorText(err) });
          pause('auth', errorText(err));
          return summary;
        }
        await refuse(head, err);
        summary.kinds.add(head.kind);
        if (isCartKind(head.kind)) cartTouched = true;
        continue;
      }
      await acknowledge(head, envelope);
      summary.kinds.add(head.kind);
      if (isCartKind(head.kind)) cartTouched = true;
    }

    // Drained.
    await setMeta(db, 'lastSyncAt', now());
    setStatus({ state: 'idle', nextAttemptAt: null, lastError: null });
    if (cartTouched) reconcileDue = true;
    if (reconcileDue && (await ensureSession())) {
      try {
        const result = await reconcileCart(db, () => transport.getCart(), now);
        if (result.applied) {
          reconcileDue = false;
          summary.reconciled = true;
        }
      } catch (err) {
        // The queue is empty; only the refresh failed. A transient failure is tried on the next
        // run; a refusal (e.g. 403 for a member without a company) would only repeat itself.
        const verdict = classify(err);
        if (verdict === 'auth') pause('auth', errorText(err));
        else if (verdict === 'refuse') reconcileDue = false;
        setStatus({ lastError: errorText(err) });
      }
    }
    return summary;
  }

  async function lockedPass(force: boolean): Promise<void> {
    if (stopped || status.paused) return;
    try {
      if (!isOnline()) {
        setStatus({ state: 'offline', nextAttemptAt: null });
        if ((await db.outbox.count()) > 0) options.onPendingLeft?.();
        return;
      }
      clearTimer();
      const summary = locks ? await locks.request(OUTBOX_LOCK_NAME, () => pass(force)) : await pass(force);
      unexpectedFailures = 0;
      if (summary.kinds.size > 0 || summary.reconciled) options.onSynced?.(summary);
    } catch (err) {
      if (stopped || isDatabaseClosed(err)) {
        // The database went away under us (sign-out in another tab, a crash): nothing to retry here.
        setStatus({ state: 'stopped', lastError: errorText(err) });
        return;
      }
      unexpectedFailures += 1;
      setStatus({ lastError: errorText(err) });
      scheduleAt(now() + backoffDelay(unexpectedFailures, random));
    }
  }

  async function settleWaiters(ids: string[]): Promise<void> {
    for (const id of ids) {
      if (!waiters.has(id)) continue;
      try {
        const entry = await db.outbox.where('id').equals(id).first();
        if (entry) {
          settle(id, { status: 'queued', lastError: entry.lastError ?? status.lastError });
          continue;
        }
        const conflict = await db.conflicts.where('entryId').equals(id).first();
        if (conflict && conflict.source === 'refused') {
          settle(id, {
            status: 'refused',
            error: new ApiError({ code: conflict.code, status: conflict.status, msg: conflict.msg, data: null }),
          });
        } else {
          // Sent by another tab holding the lock: done, but its answer is not ours to show.
          settle(id, { status: 'acknowledged', envelope: null });
        }
      } catch {
        settle(id, { status: 'queued', lastError: status.lastError });
      }
    }
  }

  function trigger(reason: TriggerReason): Promise<void> {
    if (stopped) return Promise.resolve();
    // Every trigger but the backoff timer is news that the network may be back: try now.
    const force = reason !== 'timer';
    if (running) {
      queued = { force: (queued?.force ?? false) || force };
      return running;
    }
    running = (async () => {
      let next: { force: boolean } | null = { force };
      try {
        for (;;) {
          while (next && !stopped) {
            queued = null;
            await lockedPass(next.force);
            next = queued;
          }
          // Taken synchronously after the last pass: every waiter here was registered before a
          // pass that read the queue, so its entry was either handled or is still queued.
          await settleWaiters([...waiters.keys()]);
          if (!queued || stopped) break;
          next = queued;
        }
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    account,
    trigger,
    waitFor(entryId) {
      if (stopped) return Promise.resolve({ status: 'queued', lastError: status.lastError });
      return new Promise((resolve) => {
        const list = waiters.get(entryId) ?? [];
        list.push(resolve);
        waiters.set(entryId, list);
      });
    },
    status: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    resume() {
      accountCheckedAt = null;
      setStatus({ paused: null, state: 'idle' });
      return trigger('manual');
    },
    stop() {
      stopped = true;
      clearTimer();
      setStatus({ state: 'stopped', nextAttemptAt: null });
      for (const id of [...waiters.keys()]) settle(id, { status: 'queued', lastError: status.lastError });
    },
  };
}
