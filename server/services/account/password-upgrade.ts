// A buyer's password hash written at an older cost is written again at today's on the next
// successful sign-in, the one moment the server holds the plain password
// (docs/decisions/password-hashing.md).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword, needsRehash } from '../../auth/password.ts';

/** Re-hashes `plain` unless the stored hash is current; a hash changed meanwhile is left alone. */
export async function upgradePasswordHash(db: Db, userId: number, plain: string, storedHash: string): Promise<void> {
  if (!needsRehash(storedHash)) return;
  const { hash, salt } = await hashPassword(plain);
  // Only over the hash that was verified: a password changed in between must win.
  await db
    .update(users)
    .set({ passwordHash: hash, passwordSalt: salt })
    .where(and(eq(users.id, userId), eq(users.passwordHash, storedHash)));
}
