// Finding a user account by what a buyer types: the username, or the phone.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function userByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return user;
}

/** At most two: enough to tell "none", "this one" and "ambiguous" apart. */
export function usersByPhone(db: Db, phone: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.phone, phone)).limit(2);
}
