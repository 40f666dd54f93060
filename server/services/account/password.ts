// Password changes: a signed-in member's own (basic info, proven by the current password or a
// code to the account's phone), and recovery with a phone code
// (/forget step 1 verifies the code and hands out a one-time token, step 2 spends it).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { flowTokens, users } from '../../db/schema.ts';
import { badRequest, validationError } from '../../http/envelope.ts';
import { destroyUserSessions } from '../../auth/session.ts';
import { hashPassword } from '../../auth/password.ts';
import { withTx } from '../../db/tx.ts';
import { notifyCompany } from '../messages/notify.ts';
import { passwordChangedMessage } from '../messages/texts.ts';
import { confirmCurrentPassword, CURRENT_PASSWORD_REQUIRED } from './current-password.ts';
import { resetLimit } from '../rate-limit.ts';
import { consumePhoneCode, WRONG_CODE_MSG } from '../phone-codes.ts';
import { userByUsername, usersByPhone, type UserRow } from './lookup.ts';
import { loginAccountKey } from './sign-in.ts';

export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;

const hashFlowToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface PasswordChangeInput {
  password: string;
  /** The current password … */
  oldPassword?: string;
  /** … or a code sent to the account's phone (create_code purpose `change_password`). */
  code?: string;
}

/**
 * A signed-in member's new password, proven by the current password or by a fresh code sent to
 * the account's phone (a stolen session alone is not enough, issue 29 §3). Every other browser
 * is signed out, `keepSessionId` (this one) stays, and the company's inbox is told.
 */
export async function changePassword(
  db: Db,
  userId: number,
  keepSessionId: string,
  input: PasswordChangeInput,
  ip: string,
  now: Date,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  const how = input.oldPassword ? 'password' : input.code ? 'code' : null;
  if (how === null) throw validationError({ old_password: [CURRENT_PASSWORD_REQUIRED] });
  if (how === 'password') await confirmCurrentPassword(db, user, input.oldPassword ?? '', ip, now);
  else await consumePhoneCode(db, user.phone, 'change_password', input.code ?? '', now);

  const { hash, salt } = await hashPassword(input.password);
  await withTx(db, async (tx) => {
    await tx.update(users).set({ passwordHash: hash, passwordSalt: salt, updatedAt: now }).where(eq(users.id, user.id));
    if (user.companyId !== null)
      await notifyCompany(tx, user.companyId, passwordChangedMessage(user.username, how), now);
  });
  await destroyUserSessions(db, user.id, keepSessionId);
}

export interface ResetVerifyInput {
  username?: string;
  phone?: string;
  code: string;
}

/** /forget step 1: the account by username or phone, its phone code spent, a one-time token. */
export async function verifyResetCode(
  db: Db,
  input: ResetVerifyInput,
  now: Date,
): Promise<{ token: string; username: string }> {
  let user: UserRow | undefined;
  // An unknown account is answered like a wrong code: create_code did not say whether it exists
  // either (docs/decisions/recovery-answers.md).
  const noSuchAccount = () => validationError({ code: [WRONG_CODE_MSG] });
  if (input.username) {
    user = await userByUsername(db, input.username);
    if (!user) throw noSuchAccount();
  } else if (input.phone) {
    const found = await usersByPhone(db, input.phone);
    if (found.length === 0) throw noSuchAccount();
    if (found.length > 1) throw validationError({ username: ['该手机号关联多个账号，请输入用户名'] });
    user = found[0];
  } else {
    throw validationError({ username: ['请输入用户名或手机号码'] });
  }

  await consumePhoneCode(db, user.phone, 'reset_password', input.code, now);
  const token = randomBytes(32).toString('base64url');
  await db.insert(flowTokens).values({
    id: hashFlowToken(token),
    purpose: 'reset_password',
    userId: user.id,
    phone: user.phone,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  return { token, username: user.username };
}

/** /forget step 2: spends the token, sets the password, signs every browser out. Returns the username. */
export async function resetPassword(db: Db, token: string, password: string, now: Date): Promise<string> {
  // Spent in the same statement that checks it, so a token works once even under a race.
  const [flow] = await db
    .update(flowTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(flowTokens.id, hashFlowToken(token)),
        eq(flowTokens.purpose, 'reset_password'),
        isNull(flowTokens.usedAt),
        gt(flowTokens.expiresAt, now),
      ),
    )
    .returning({ userId: flowTokens.userId });
  if (!flow || flow.userId === null) throw badRequest('重置链接已失效，请重新验证');

  const { hash, salt } = await hashPassword(password);
  const [user] = await db
    .update(users)
    .set({ passwordHash: hash, passwordSalt: salt, updatedAt: now })
    .where(eq(users.id, flow.userId))
    .returning({ username: users.username });
  await destroyUserSessions(db, flow.userId);
  await resetLimit(db, loginAccountKey(user.username));
  return user.username;
}
