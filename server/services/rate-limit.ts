// Fixed-window counters in `rate_limits` (one row per key, upserted), so limits hold across
// processes sharing the database. Used for password and second-factor attempts (counted before
// the check: `countPasswordAttempt`, `countAttempt`), SMS codes and look-ups (`consumeOrThrow`).
// Every limit, its key and when it is counted: docs/decisions/rate-limits.md.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { AppError } from '../http/envelope.ts';

export interface Window {
  limit: number;
  windowMs: number;
}

const MINUTE_MS = 60_000;

export const LIMITS = {
  /** SPEC gap: 5 failed logins per account in 15 min, 20 per IP. */
  loginPerAccount: { limit: 5, windowMs: 15 * MINUTE_MS },
  loginPerIp: { limit: 20, windowMs: 15 * MINUTE_MS },
  /** One code per phone per minute, 10 per phone per day, 30 per IP per day (against SMS bombing). */
  smsPerPhoneMinute: { limit: 1, windowMs: MINUTE_MS },
  smsPerPhoneDay: { limit: 10, windowMs: 24 * 60 * MINUTE_MS },
  smsPerIpDay: { limit: 30, windowMs: 24 * 60 * MINUTE_MS },
  /** Phone-registered look-ups per IP (enumeration brake). */
  phoneLookupPerIp: { limit: 30, windowMs: MINUTE_MS },
  /** WeChat QR tickets per IP: a visitor may ask for registration QRs without signing in. */
  wechatTicketsPerIp: { limit: 20, windowMs: 10 * MINUTE_MS },
} satisfies Record<string, Window>;

export interface Hit {
  count: number;
  allowed: boolean;
  /** Seconds until the window ends. */
  retryAfterS: number;
}

/** Counts one event against `key` and says whether it is still within the limit. */
export async function consume(db: Db, key: string, w: Window, now: Date): Promise<Hit> {
  const ends = new Date(now.getTime() + w.windowMs);
  // Raw SQL params go through the driver as-is: ISO strings with a cast work on PGlite and pg alike.
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const endsSql = sql`${ends.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowEndsAt} <= ${nowSql} then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= ${nowSql} then ${endsSql} else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowEndsAt: rateLimits.windowEndsAt });
  await maybeSweep(db, now);
  return {
    count: row.count,
    allowed: row.count <= w.limit,
    retryAfterS: Math.max(0, Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000)),
  };
}

/** A place taken in a window by `reserve`; `release` gives it back. */
export interface Reservation {
  key: string;
  windowEndsAt: Date;
}

/**
 * Takes one place in `key`'s window if one is free, or null when the window is full. One
 * statement: the upsert locks the row, so racing callers (other requests, other processes) queue
 * on it and a parallel burst gets at most `w.limit` places. A refused call counts nothing.
 */
export async function reserve(db: Db, key: string, w: Window, now: Date): Promise<Reservation | null> {
  const ends = new Date(now.getTime() + w.windowMs);
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const endsSql = sql`${ends.toISOString()}::timestamptz`;
  const expired = sql`${rateLimits.windowEndsAt} <= ${nowSql}`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${expired} then ${endsSql} else ${rateLimits.windowEndsAt} end`,
      },
      // Evaluated on the locked, current row: no update (and no row returned) when full.
      setWhere: sql`${expired} or ${rateLimits.count} < ${sql.raw(String(Math.trunc(w.limit)))}`,
    })
    .returning({ windowEndsAt: rateLimits.windowEndsAt });
  await maybeSweep(db, now);
  return rows[0] ? { key, windowEndsAt: rows[0].windowEndsAt } : null;
}

/** Gives a place back, in the window it was taken in only (a later window starts afresh anyway). */
export async function release(db: Db, r: Reservation): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, r.key), eq(rateLimits.windowEndsAt, r.windowEndsAt), gt(rateLimits.count, 0)));
}

/** One counter an attempt is counted against, and what a successful attempt does to it. */
export interface AttemptLimit {
  key: string;
  window: Window;
  /**
   * `clear`: a success starts the counter afresh (the account's: its owner got in).
   * `refund`: a success gives its place back (the address's: it counts failures only).
   */
  onSuccess: 'clear' | 'refund';
}

/** An attempt counted by `countAttempt`; a failure needs no call (its places stay taken). */
export interface Attempt {
  /** The secret was right. */
  succeeded(): Promise<void>;
  /** Neither right nor wrong yet (e.g. the password was right, a second factor is still to come): every place back. */
  withdrawn(): Promise<void>;
}

/**
 * Counts an attempt against every limit BEFORE the expensive or guessable check, so that a
 * parallel burst evaluates at most the limit; throws 429 `lockedMsg` (counting nothing) when any
 * is full. Once locked, even the right secret waits for the window to end.
 */
export async function countAttempt(db: Db, limits: AttemptLimit[], now: Date, lockedMsg: string): Promise<Attempt> {
  const taken: Reservation[] = [];
  for (const limit of limits) {
    const place = await reserve(db, limit.key, limit.window, now);
    if (!place) {
      // Not evaluated, so it counts against none of the other limits either.
      for (const t of taken) await release(db, t);
      throw new AppError(429, 429, lockedMsg);
    }
    taken.push(place);
  }
  return {
    succeeded: async () => {
      for (const [i, limit] of limits.entries()) {
        if (limit.onSuccess === 'clear') await resetLimit(db, limit.key);
        else await release(db, taken[i]);
      }
    },
    withdrawn: async () => {
      for (const t of taken) await release(db, t);
    },
  };
}

export const LOGIN_LOCKED_MSG = '登录失败次数过多，请15分钟后再试';

/** Whose password is tried: a buyer's (the shop's login) or an operator's (the console's), counted apart. */
export type PasswordScope = 'shop' | 'console';

const SCOPE_PREFIX: Record<PasswordScope, string> = { shop: 'login', console: 'admin-login' };
export const loginAccountKey = (scope: PasswordScope, account: string) =>
  `${SCOPE_PREFIX[scope]}:acct:${account.toLowerCase()}`;
export const loginIpKey = (scope: PasswordScope, ip: string) => `${SCOPE_PREFIX[scope]}:ip:${ip}`;

/**
 * Counts one password attempt (or second-factor guess) for `account` from `ip` before the
 * password is checked: 5 per account and 20 per address in 15 minutes (`LIMITS.loginPer*`),
 * 429 `登录失败次数过多，请15分钟后再试` beyond. On success call `succeeded()` (the account's
 * counter clears, the address gets its place back); a failure needs nothing more.
 */
export function countPasswordAttempt(
  db: Db,
  scope: PasswordScope,
  account: string,
  ip: string,
  now: Date,
): Promise<Attempt> {
  return countAttempt(
    db,
    [
      { key: loginAccountKey(scope, account), window: LIMITS.loginPerAccount, onSuccess: 'clear' },
      { key: loginIpKey(scope, ip), window: LIMITS.loginPerIp, onSuccess: 'refund' },
    ],
    now,
    LOGIN_LOCKED_MSG,
  );
}

export async function resetLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * Takes a place in `key`'s window like `reserve`, or throws 429 `msg` (with `retry_after`) when it
 * is full. For a request whose place may be given back when its work could not be done (an SMS
 * the provider did not send).
 */
export async function reserveOrThrow(db: Db, key: string, w: Window, now: Date, msg: string): Promise<Reservation> {
  const place = await reserve(db, key, w, now);
  if (place) return place;
  const [row] = await db
    .select({ windowEndsAt: rateLimits.windowEndsAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, key))
    .limit(1);
  const retryAfterS = row ? Math.max(0, Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000)) : 0;
  throw new AppError(429, 429, msg, { retry_after: retryAfterS });
}

/** Throws 429 with `msg` when `consume` says the limit is exceeded. */
export async function consumeOrThrow(db: Db, key: string, w: Window, now: Date, msg: string): Promise<void> {
  const hit = await consume(db, key, w, now);
  if (!hit.allowed) throw new AppError(429, 429, msg, { retry_after: hit.retryAfterS });
}

const SWEEP_EVERY_MS = 60 * MINUTE_MS;
const lastSweep = new WeakMap<Db, number>();

/** Expired windows are dead rows; drop them at most once an hour per process. */
async function maybeSweep(db: Db, now: Date): Promise<void> {
  const last = lastSweep.get(db) ?? 0;
  if (now.getTime() - last < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now.getTime());
  await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, now));
}
