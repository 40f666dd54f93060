// Operator console sessions (docs/decisions/operator-console.md): a random token in an HttpOnly
// cookie of its own, `admin_sid`, scoped to /api/admin and SameSite=Strict, so a buyer's `sid`
// never reaches the console's API as an operator and the operator's cookie never goes to the
// shop. The table keeps only the token's SHA-256. Sessions end after 12 hours without a request.
import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { and, eq, gt, isNotNull, lt } from 'drizzle-orm';
import { staff, staffSessions } from '../db/schema.ts';
import type { AppEnv, OperatorSession } from '../env.ts';
import { AppError } from '../http/envelope.ts';
import { clientIp } from '../http/client-ip.ts';
import { hashToken } from './session.ts';
import { CODE_NOT_SIGNED_IN } from '@domain/envelope.ts';

export const STAFF_COOKIE = 'admin_sid';
const COOKIE_PATH = '/api/admin';
export const STAFF_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
const TOUCH_MS = 60 * 1000;

function writeCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: COOKIE_PATH,
    secure: c.get('deps').config.secureCookies,
    maxAge: STAFF_SESSION_IDLE_MS / 1000,
  });
}

function clearCookie(c: Context<AppEnv>): void {
  deleteCookie(c, STAFF_COOKIE, { path: COOKIE_PATH, secure: c.get('deps').config.secureCookies });
}

/** Reads `admin_sid`; sets c.get('operator') to the signed-in, enabled operator or null. */
export function staffSessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('operator', null);
    const token = getCookie(c, STAFF_COOKIE);
    if (token) {
      const { db, clock } = c.get('deps');
      const now = clock();
      const id = hashToken(token);
      const [row] = await db
        .select({
          staffId: staff.id,
          username: staff.username,
          name: staff.name,
          role: staff.consoleRole,
          totpSecret: staff.totpSecret,
          lastSeenAt: staffSessions.lastSeenAt,
        })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(
          and(
            eq(staffSessions.id, id),
            gt(staffSessions.expiresAt, now),
            eq(staff.disabled, false),
            isNotNull(staff.consoleRole),
          ),
        )
        .limit(1);
      if (row && row.role && row.username) {
        c.set('operator', {
          sessionId: id,
          staffId: row.staffId,
          username: row.username,
          name: row.name,
          role: row.role,
          totpEnabled: row.totpSecret !== null,
          enrolmentOnly: !c.get('deps').config.demo && row.totpSecret === null,
        });
        if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_MS) {
          await db
            .update(staffSessions)
            .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + STAFF_SESSION_IDLE_MS) })
            .where(eq(staffSessions.id, id));
          writeCookie(c, token);
        }
      } else {
        clearCookie(c);
      }
    }
    await next();
  };
}

/** The signed-in operator, or 401/10001 (a buyer's session does not count). */
export function requireOperator(c: Context<AppEnv>): OperatorSession {
  const op = c.get('operator');
  if (!op) throw new AppError(401, CODE_NOT_SIGNED_IN, '请先登录运营后台');
  return op;
}

/** Signs the operator in: a new token (this browser's previous console session ends), the cookie. */
export async function createStaffSession(c: Context<AppEnv>, staffId: number): Promise<void> {
  const { db, clock } = c.get('deps');
  const now = clock();
  const previous = getCookie(c, STAFF_COOKIE);
  if (previous) await db.delete(staffSessions).where(eq(staffSessions.id, hashToken(previous)));
  // The operator's own expired sessions are dead rows; a sign-in is a fine moment to drop them.
  await db.delete(staffSessions).where(and(eq(staffSessions.staffId, staffId), lt(staffSessions.expiresAt, now)));
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffSessions).values({
    id: hashToken(token),
    staffId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + STAFF_SESSION_IDLE_MS),
    userAgent: (c.req.header('user-agent') ?? '').slice(0, 300),
    ip: clientIp(c),
  });
  await db.update(staff).set({ lastLoginAt: now }).where(eq(staff.id, staffId));
  writeCookie(c, token);
}

export async function destroyStaffSession(c: Context<AppEnv>): Promise<void> {
  const token = getCookie(c, STAFF_COOKIE);
  if (token)
    await c
      .get('deps')
      .db.delete(staffSessions)
      .where(eq(staffSessions.id, hashToken(token)));
  clearCookie(c);
  c.set('operator', null);
}
