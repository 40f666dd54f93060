// A member's own name and phone, and the "is this phone registered" look-up of the forms.
// The phone is how the account recovers its password, so changing it needs the current password
// and a code sent to the new phone (issue 29 §3, docs/decisions/account-changes.md): a stolen
// session cannot move recovery to the thief's phone, and a mistyped number cannot lock the owner out.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { validationError } from '../../http/envelope.ts';
import { destroyUserSessions } from '../../auth/session.ts';
import { withTx } from '../../db/tx.ts';
import { MESSAGES } from '@domain/formats.ts';
import { consumeOrThrow, LIMITS } from '../rate-limit.ts';
import { consumePhoneCode } from '../phone-codes.ts';
import { notifyCompany } from '../messages/notify.ts';
import { phoneChangedMessage } from '../messages/texts.ts';
import { confirmCurrentPassword, CURRENT_PASSWORD_REQUIRED } from './current-password.ts';
import { usersByPhone } from './lookup.ts';

export const PHONE_TAKEN_MSG = '该手机号已被其他账号使用';
export const PHONE_UNCHANGED_MSG = '新手机号与当前手机号相同';

/** 138****0000: enough for the buyer to recognise the phone, not enough to harvest it. */
export const maskPhone = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

/** A phone the member may move to: a mobile no other account uses. */
export async function assertPhoneFree(db: Db, userId: number, phone: string): Promise<void> {
  const holders = await usersByPhone(db, phone);
  if (holders.some((u) => u.id !== userId)) throw validationError({ phone: [PHONE_TAKEN_MSG] });
}

export interface ProfileInput {
  name: string;
  phone: string;
  /** Needed only when the phone changes: the current password … */
  oldPassword?: string;
  /** … and the code sent to the new phone (create_code purpose `change_phone`). */
  code?: string;
}

/**
 * Name and phone. A new phone needs the current password and the new phone's code; it signs out
 * every other browser (keepSessionId stays) and tells the company's inbox. A phone another account
 * already uses is refused (it is how that account recovers its password).
 */
export async function updateProfile(
  db: Db,
  userId: number,
  keepSessionId: string,
  input: ProfileInput,
  ip: string,
  now: Date,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (input.phone === user.phone) {
    await db.update(users).set({ name: input.name, updatedAt: now }).where(eq(users.id, userId));
    return;
  }
  await assertPhoneFree(db, userId, input.phone);
  // In the form's order: the new phone's code, then the current password.
  if (!input.code) throw validationError({ code: [MESSAGES.codeRequired] });
  if (!input.oldPassword) throw validationError({ old_password: [CURRENT_PASSWORD_REQUIRED] });
  await confirmCurrentPassword(db, user, input.oldPassword, ip, now);
  await consumePhoneCode(db, input.phone, 'change_phone', input.code, now);
  await withTx(db, async (tx) => {
    await tx.update(users).set({ name: input.name, phone: input.phone, updatedAt: now }).where(eq(users.id, userId));
    if (user.companyId !== null) {
      await notifyCompany(
        tx,
        user.companyId,
        phoneChangedMessage(user.username, maskPhone(user.phone), maskPhone(input.phone)),
        now,
      );
    }
  });
  await destroyUserSessions(db, userId, keepSessionId);
}

/** Rate-limited per IP: the answer tells whether a phone has an account, so it is an enumeration brake. */
export async function phoneRegistered(db: Db, phone: string, ip: string, now: Date): Promise<boolean> {
  await consumeOrThrow(db, `phone-lookup:${ip}`, LIMITS.phoneLookupPerIp, now, '查询过于频繁，请稍后再试');
  return (await usersByPhone(db, phone)).length > 0;
}
