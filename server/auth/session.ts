// Sessions (DESIGN.md "API contract"): a random token in an HttpOnly `sid` cookie; the database
// keeps only its SHA-256, so a leaked table cannot be replayed as cookies. Sessions last 30 days
// from the last visit (sliding), and last_seen_at is written at most once a minute per session.
import { createHash, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { companies, qualificationFiles, sessions, users } from '../db/schema.ts';
import type { AppEnv, SessionUser } from '../env.ts';
import { AppError, notFound, notSignedIn } from '../http/envelope.ts';
import { clientIp } from '../http/client-ip.ts';
import type { CertificateFacts } from '@domain/qualifications.ts';
import {
  beginSessionRead,
  forgetSession,
  forgetUserSessions,
  recallSession,
  rememberSession,
  type SessionRow,
} from './session-memo.ts';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How stale last_seen_at may get before a request refreshes it (and the cookie's expiry). */
export const SESSION_TOUCH_MS = 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function writeCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: c.get('deps').config.secureCookies,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

function clearCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: c.get('deps').config.secureCookies });
}

/** The store a session acts as, joined only while it is still a store of the member's company. */
const actingStore = alias(companies, 'acting_store');
/** The company the session acts for (the acting store, else the member's own). */
const viewerCompany = alias(companies, 'viewer_company');

/** What the catalogue's viewer (services/price-visibility.ts) needs of the acting company. */
export interface SessionCompanyFacts {
  companyId: number;
  reviewStatus: string;
  isSpecial: boolean;
  rank: number;
  kind: string;
  scope: string[];
  certs: CertificateFacts[];
}

// Read in the session's own statement: every catalogue read needs them, and a second statement
// per request was a second wait on the embedded database's one connection (issue 21 §4).
const companyFactsPerRequest = new WeakMap<Context, SessionCompanyFacts>();

/** The acting company's facts read with this request's session, if any. */
export function sessionCompanyFacts(c: Context): SessionCompanyFacts | undefined {
  return companyFactsPerRequest.get(c);
}

const certsOfViewerCompany = sql<SessionCompanyFacts['certs']>`coalesce((
  SELECT json_agg(json_build_object('kind', q.kind, 'status', q.status, 'expiresOn', q.expires_on))
  FROM ${qualificationFiles} q WHERE q.company_id = ${sql.raw('"viewer_company"."id"')}), '[]'::json)`;

/**
 * Reads the cookie, sets c.get('user') to the signed-in member or null. A head office acting as one
 * of its stores (sessions.acting_company_id) gets the store as its companyId: the join re-checks on
 * every request that the store's parent is the member's own company, so a store detached from its
 * head office (or any other company id) is never acted for.
 */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    const token = getCookie(c, SESSION_COOKIE);
    if (token) {
      const deps = c.get('deps');
      const now = deps.clock();
      const id = hashToken(token);
      // Only reads may trust a row read a moment ago; a write (sign-out, password, order, acting
      // store) always sees the database (docs/decisions/session-memo.md).
      const safe = (c.req.method === 'GET' || c.req.method === 'HEAD') && deps.config.sessionMemo !== false;
      let row = safe ? recallSession(deps, id, now.getTime()) : undefined;
      // A remembered row whose refresh is due is read again, so the sliding refresh still happens.
      if (row && (row.expiresAt <= now || now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_MS))
        row = undefined;
      if (!row) {
        const ticket = beginSessionRead(deps);
        row = await readSession(deps.db, id, now);
        if (row && now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
          const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
          await deps.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
          row = { ...row, lastSeenAt: now, expiresAt };
          writeCookie(c, token);
        }
        if (row && safe) rememberSession(deps, id, row, ticket, now.getTime());
      }
      if (row) {
        c.set('user', {
          sessionId: id,
          userId: row.userId,
          username: row.username,
          companyId: row.actingCompanyId ?? row.companyId,
          homeCompanyId: row.companyId,
          actingCompanyId: row.actingCompanyId,
        });
        if (
          row.viewerCompanyId !== null &&
          row.reviewStatus !== null &&
          row.isSpecial !== null &&
          row.rank !== null &&
          row.kind !== null &&
          row.scope !== null
        ) {
          companyFactsPerRequest.set(c, {
            companyId: row.viewerCompanyId,
            reviewStatus: row.reviewStatus,
            isSpecial: row.isSpecial,
            rank: row.rank,
            kind: row.kind,
            scope: row.scope,
            certs: row.certs,
          });
        }
      } else {
        clearCookie(c);
      }
    }
    await next();
  };
}

/** The session's row (member, acting company and its facts) in one statement, if it is live. */
async function readSession(db: Db, id: string, now: Date): Promise<SessionRow | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      username: users.username,
      companyId: users.companyId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      actingCompanyId: actingStore.id,
      viewerCompanyId: viewerCompany.id,
      reviewStatus: viewerCompany.reviewStatus,
      isSpecial: viewerCompany.isSpecial,
      rank: viewerCompany.rank,
      kind: viewerCompany.kind,
      scope: viewerCompany.businessScope,
      certs: certsOfViewerCompany,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(actingStore, and(eq(actingStore.id, sessions.actingCompanyId), eq(actingStore.parentId, users.companyId)))
    .leftJoin(viewerCompany, eq(viewerCompany.id, sql`coalesce(${actingStore.id}, ${users.companyId})`))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), eq(users.disabled, false)))
    .limit(1);
  return row;
}

/** The signed-in member, or 401/10001. */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw notSignedIn();
  return user;
}

export type CompanyUser = SessionUser & { companyId: number };

/** A member whose registration reached the company step. */
export function requireCompany(c: Context<AppEnv>): CompanyUser {
  const user = requireUser(c);
  if (user.companyId === null) throw new AppError(403, 403, '请先完善企业资质信息');
  return user as CompanyUser;
}

/**
 * Signs `userId` in: a new token (any session this browser had is ended first, so a planted
 * cookie cannot survive login), the cookie, and c.get('user') for the rest of this request.
 */
export async function createSession(c: Context<AppEnv>, userId: number): Promise<SessionUser> {
  const { db, clock } = c.get('deps');
  const now = clock();
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) {
    await db.delete(sessions).where(eq(sessions.id, hashToken(previous)));
    forgetSession(hashToken(previous));
  }

  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  await db.insert(sessions).values({
    id,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    userAgent: (c.req.header('user-agent') ?? '').slice(0, 300),
    ip: clientIp(c),
  });
  const [u] = await db
    .update(users)
    .set({ lastLoginAt: now })
    .where(eq(users.id, userId))
    .returning({ username: users.username, companyId: users.companyId });
  writeCookie(c, token);
  const user: SessionUser = {
    sessionId: id,
    userId,
    username: u.username,
    companyId: u.companyId,
    homeCompanyId: u.companyId,
    actingCompanyId: null,
  };
  c.set('user', user);
  return user;
}

/** Ends this browser's session (row and cookie). */
export async function destroySession(c: Context<AppEnv>): Promise<void> {
  const { db } = c.get('deps');
  const current = c.get('user');
  const token = getCookie(c, SESSION_COOKIE);
  const id = current?.sessionId ?? (token ? hashToken(token) : null);
  if (id) {
    await db.delete(sessions).where(eq(sessions.id, id));
    forgetSession(id);
  }
  clearCookie(c);
  c.set('user', null);
}

/** Ends every session of a user, optionally keeping one (after a password change). */
export async function destroyUserSessions(db: Db, userId: number, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
  // All of them, the kept one too: its member's row changed as well, and it is read again at once.
  forgetUserSessions(userId);
}

/**
 * The companies a member may act for: its own and, for a head office, its stores (多门店).
 * The member's own id comes first.
 */
export async function companyScope(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(or(eq(companies.id, companyId), eq(companies.parentId, companyId)))
    .orderBy(companies.id);
  const ids = rows.map((r) => r.id).filter((id) => id !== companyId);
  return rows.some((r) => r.id === companyId) ? [companyId, ...ids] : [];
}

/**
 * Object-level authorisation: the row must belong to one of `companyIds`. Someone else's row
 * answers exactly like a missing one (404), so ids cannot be probed.
 */
export function assertOwns(
  companyIds: readonly number[],
  rowCompanyId: number | null | undefined,
  msg?: string,
): asserts rowCompanyId is number {
  if (rowCompanyId === null || rowCompanyId === undefined || !companyIds.includes(rowCompanyId)) throw notFound(msg);
}
