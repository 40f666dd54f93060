// Where a signed-in member's change code goes (issue 29 §3): `change_password` to the account's
// own phone (the owner's, not whoever holds the session), `change_phone` to the new phone, which
// proves the member can receive codes there before recovery moves to it.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { badRequest, notSignedIn, validationError } from '../../http/envelope.ts';
import { MESSAGES, isMobile } from '@domain/formats.ts';
import { assertPhoneFree, PHONE_UNCHANGED_MSG } from './profile.ts';

export const NO_ACCOUNT_PHONE_MSG = '该账号未绑定手机号，请使用原密码修改';

export async function accountChangePhone(
  db: Db,
  purpose: 'change_password' | 'change_phone',
  input: { phone?: string; userId?: number },
): Promise<string> {
  if (input.userId === undefined) throw notSignedIn();
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) throw notSignedIn();
  if (purpose === 'change_password') {
    if (!isMobile(user.phone)) throw badRequest(NO_ACCOUNT_PHONE_MSG);
    return user.phone;
  }
  if (!input.phone) throw validationError({ phone: [MESSAGES.mobileRequired] });
  if (input.phone === user.phone) throw validationError({ phone: [PHONE_UNCHANGED_MSG] });
  await assertPhoneFree(db, input.userId, input.phone);
  return input.phone;
}
