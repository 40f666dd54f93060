// Fixed-window counters in `rate_limits` (one row per key, upserted), so limits hold across
// processes sharing the database. Used for failed logins and SMS codes.
import { eq, lt, sql } from 'drizzle-orm';
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

/** Events counted in the current window (0 when none or expired). */
export async function peek(db: Db, key: string, now: Date): Promise<number> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return row && row.windowEndsAt > now ? row.count : 0;
}

export async function resetLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
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
