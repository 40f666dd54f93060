// A member's own name and phone, and the "is this phone registered" look-up of the forms.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { validationError } from '../../http/envelope.ts';
import { consumeOrThrow, LIMITS } from '../rate-limit.ts';
import { usersByPhone } from './lookup.ts';

export const PHONE_TAKEN_MSG = '该手机号已被其他账号使用';

/** Name and phone; a phone another account already uses is refused (it is how that account recovers its password). */
export async function updateProfile(db: Db, userId: number, name: string, phone: string, now: Date): Promise<void> {
  const holders = await usersByPhone(db, phone);
  if (holders.some((u) => u.id !== userId)) throw validationError({ phone: [PHONE_TAKEN_MSG] });
  await db.update(users).set({ name, phone, updatedAt: now }).where(eq(users.id, userId));
}

/** Rate-limited per IP: the answer tells whether a phone has an account, so it is an enumeration brake. */
export async function phoneRegistered(db: Db, phone: string, ip: string, now: Date): Promise<boolean> {
  await consumeOrThrow(db, `phone-lookup:${ip}`, LIMITS.phoneLookupPerIp, now, '查询过于频繁，请稍后再试');
  return (await usersByPhone(db, phone)).length > 0;
}
