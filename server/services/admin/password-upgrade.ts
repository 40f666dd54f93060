// An operator's password hash written at an older cost is written again at today's on the next
// successful console sign-in, as buyers' are (services/account/password-upgrade.ts).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staff } from '../../db/schema.ts';
import { hashPassword, needsRehash } from '../../auth/password.ts';

/** Re-hashes `plain` unless the stored hash is current; a hash changed meanwhile is left alone. */
export async function upgradeOperatorPasswordHash(
  db: Db,
  staffId: number,
  plain: string,
  storedHash: string,
): Promise<void> {
  if (!needsRehash(storedHash)) return;
  const { hash, salt } = await hashPassword(plain);
  await db
    .update(staff)
    .set({ passwordHash: hash, passwordSalt: salt })
    .where(and(eq(staff.id, staffId), eq(staff.passwordHash, storedHash)));
}
