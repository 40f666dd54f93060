// Idempotency-Key (DESIGN.md "API contract"; the offline outbox relies on it): the first request
// with a key runs and its answer is stored; a repeat gets the stored answer back without running
// the handler again. The row is claimed with INSERT … ON CONFLICT DO NOTHING before the handler
// runs, so two concurrent requests with one key cannot both run it.
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { withTx } from '../db/tx.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { MOMENTARY_STATUSES } from '@domain/envelope.ts';
import type { AppEnv } from '../env.ts';
import { CODE_OK } from '@domain/envelope.ts';
import { AppError, validationError } from './envelope.ts';
import { clientIp } from './client-ip.ts';
import { bootId } from '../cluster/boot-id.ts';
import { startIsRunning } from '../cluster/server-starts.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim without an answer made by a start of the server that is no longer running
 * (server/cluster/server-starts.ts) was abandoned when that server died: it is taken over at once, so a
 * buyer's outbox is not held up after a crash and restart. Any claim still without an answer after
 * this long belongs to a worker that died mid-request (clients time out after 30 s) and is released
 * too. Handlers
 * whose repeat would change data again (cart add, checkout) store their answer in their own
 * transaction (commitWithAnswer), so for them "committed but not answered" cannot happen; for the
 * others the answer is saved right after the handler, and a crash in between re-runs the retry.
 */
export const IDEMPOTENCY_STALE_CLAIM_MS = 2 * 60 * 1000;
const MAX_KEY_LENGTH = 100;
const KEY_RE = /^[\x21-\x7e]+$/;
const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Not stored for replay: answers about the moment (busy, rate limited) and "signed out" — replaying
 * them for 24 hours would wedge an outbox entry that would succeed on a later retry.
 */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([401, ...MOMENTARY_STATUSES]);

/** Canonical JSON (sorted keys; uploaded files by name, type and content hash) for the request hash. */
async function canonical(value: unknown): Promise<string> {
  if (value instanceof File) {
    const digest = createHash('sha256')
      .update(new Uint8Array(await value.arrayBuffer()))
      .digest('hex');
    return JSON.stringify({ file: value.name, type: value.type, sha256: digest });
  }
  if (Array.isArray(value)) return `[${(await Promise.all(value.map(canonical))).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    const parts = await Promise.all(
      keys.map(async (k) => `${JSON.stringify(k)}:${await canonical((value as Record<string, unknown>)[k])}`),
    );
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export async function requestHash(method: string, path: string, body: unknown): Promise<string> {
  return createHash('sha256')
    .update(`${method} ${path}\n${await canonical(body)}`)
    .digest('hex');
}

const SWEEP_EVERY_MS = 10 * 60 * 1000;
const lastSweep = new WeakMap<Db, number>();

async function maybeSweep(db: Db, now: Date): Promise<void> {
  if (now.getTime() - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now.getTime());
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}

export interface IdempotencyOptions {
  /**
   * Whose keys these are. Default: the signed-in member (`u:<id>`) or the visitor's address; the
   * integration API keys them per client (`ic:<id>`), so two ERPs may use the same key.
   */
  scopeOf?: (c: Context<AppEnv>) => string;
}

export function idempotency(opts: IdempotencyOptions = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined || !UNSAFE_METHODS.has(c.req.method)) return next();
    if (key.length === 0 || key.length > MAX_KEY_LENGTH || !KEY_RE.test(key)) {
      throw validationError({ idempotency_key: ['幂等键格式错误（最长100个字符）'] });
    }

    const { db, clock, bootId: depsBootId } = c.get('deps');
    const boot = depsBootId ?? bootId();
    const now = clock();
    await maybeSweep(db, now);
    const sessionBefore = c.get('user')?.sessionId ?? null;
    const user = c.get('user');
    const scope = opts.scopeOf ? opts.scopeOf(c) : user ? `u:${user.userId}` : `ip:${clientIp(c)}`;
    const hash = await requestHash(c.req.method, c.req.path, c.get('body'));
    const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

    const claim = () =>
      db
        .insert(idempotencyKeys)
        .values({
          scope,
          key,
          method: c.req.method,
          path: c.req.path,
          requestHash: hash,
          claimedBy: boot,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });

    let claimed = (await claim()).length === 1;
    if (!claimed) {
      const [row] = await db.select().from(idempotencyKeys).where(where).limit(1);
      const stale =
        row !== undefined &&
        row.status === null &&
        row.requestHash === hash &&
        (row.createdAt.getTime() < now.getTime() - IDEMPOTENCY_STALE_CLAIM_MS ||
          (row.claimedBy !== null && row.claimedBy !== boot && !(await startIsRunning(db, row.claimedBy, now))));
      if (row && row.createdAt.getTime() < now.getTime() - IDEMPOTENCY_TTL_MS) {
        // An expired key is free again.
        await db.delete(idempotencyKeys).where(where);
        claimed = (await claim()).length === 1;
      } else if (stale) {
        // Only the abandoned claim itself is removed, so two retries cannot both take it over.
        await db
          .delete(idempotencyKeys)
          .where(and(where, isNull(idempotencyKeys.status), eq(idempotencyKeys.createdAt, row.createdAt)));
        claimed = (await claim()).length === 1;
      } else if (row) {
        if (row.requestHash !== hash) throw validationError({ idempotency_key: ['幂等键已用于其他请求'] });
        if (row.status === null) throw new AppError(409, 409, '请求处理中，请稍候');
        c.header(REPLAYED_HEADER, 'true');
        return jsonText(c, row.response ?? 'null', row.status as ContentfulStatusCode);
      }
      if (!claimed) throw new AppError(409, 409, '请求处理中，请稍候');
    }

    const release = () => db.delete(idempotencyKeys).where(where);
    const ownClaim = { scope, key, answered: false };
    c.set('idempotency', ownClaim);
    try {
      await next();
    } catch (err) {
      await release();
      throw err;
    }
    // Stored with the handler's writes, in one commit.
    if (ownClaim.answered) return;

    const res = c.res;
    // A 5xx or a transient refusal must let the retry run. An answer that signed someone in or
    // out cannot be replayed faithfully (the cookie is not stored), so it is not kept either.
    const sessionChanged = (c.get('user')?.sessionId ?? null) !== sessionBefore;
    const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
    if (res.status >= 500 || TRANSIENT_STATUSES.has(res.status) || sessionChanged || !isJson) {
      await release();
      return;
    }
    let body: string;
    try {
      body = await res.clone().text();
      JSON.parse(body);
    } catch {
      await release();
      return;
    }
    await db.update(idempotencyKeys).set({ status: res.status, response: body }).where(where);
  };
}

/**
 * Runs `work` in a transaction and, when the request carries an Idempotency-Key, stores the
 * success answer in that same transaction: the writes and the answer a retry will replay commit
 * together or not at all. For handlers whose repeat would change data again (adding to the cart
 * adds up, an order is an order). A refusal thrown by `work` rolls everything back and takes the
 * middleware's usual path.
 */
export async function commitWithAnswer<T>(
  c: Context<AppEnv>,
  db: Db,
  msg: string | ((data: T) => string),
  work: (tx: Db) => Promise<T>,
): Promise<Response> {
  const claim = c.get('idempotency') ?? null;
  const body = await withTx(db, async (tx) => {
    const data = await work(tx);
    const answer = JSON.stringify({ code: CODE_OK, msg: typeof msg === 'function' ? msg(data) : msg, data });
    if (claim) {
      await tx
        .update(idempotencyKeys)
        .set({ status: 200, response: answer })
        .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)));
    }
    return answer;
  });
  if (claim) claim.answered = true;
  return jsonText(c, body, 200);
}

/** Sends JSON text as it is: the stored answer goes out byte for byte as it first went out. */
function jsonText(c: Context, body: string, status: ContentfulStatusCode): Response {
  return c.body(body, status, { 'Content-Type': 'application/json' });
}
