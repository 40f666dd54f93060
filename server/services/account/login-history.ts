// Recent sign-ins of an account (account centre /basic): recorded when a session is created by a
// password login or by registration, kept after the session ends (sessions are deleted on logout).
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginEvents } from '../../db/schema.ts';

export const LOGIN_HISTORY_SIZE = 20;

export type SignInMethod = 'password' | 'register';

export async function recordSignIn(
  db: Db,
  userId: number,
  method: SignInMethod,
  ip: string,
  userAgent: string,
  now: Date,
): Promise<void> {
  await db.insert(loginEvents).values({ userId, method, ip, userAgent: userAgent.slice(0, 300), createdAt: now });
}

export interface LoginHistoryEntry {
  time: string;
  ip: string;
  user_agent: string;
  method: SignInMethod;
}

export async function loginHistory(db: Db, userId: number): Promise<LoginHistoryEntry[]> {
  const rows = await db
    .select()
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
    .limit(LOGIN_HISTORY_SIZE);
  return rows.map((r) => ({ time: r.createdAt.toISOString(), ip: r.ip, user_agent: r.userAgent, method: r.method }));
}
