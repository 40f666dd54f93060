// "Prove it is you" before a signed-in member changes how the account is recovered or entered
// (password, phone): the current password, checked behind the sign-in limits and counted as a
// failed sign-in when wrong, so a stolen session is no password oracle (issue 29 §3). The lock and
// the counting are sign-in's own (sign-in.ts), so both move together when that changes.
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../http/envelope.ts';
import { verifyPassword } from '../../auth/password.ts';
import { consume, LIMITS, peek } from '../rate-limit.ts';
import { LOGIN_LOCKED_MSG, loginAccountKey, loginIpKey } from './sign-in.ts';

export const CURRENT_PASSWORD_REQUIRED = '请输入原密码';
export const CURRENT_PASSWORD_WRONG = '原密码不正确';

/** Throws 429 while the account or address is locked, 422 (and counts a failure) when `plain` is wrong. */
export async function confirmCurrentPassword(
  db: Db,
  user: { username: string; passwordHash: string; passwordSalt: string },
  plain: string,
  ip: string,
  now: Date,
): Promise<void> {
  const acctKey = loginAccountKey(user.username);
  const ipKey = loginIpKey(ip);
  if ((await peek(db, acctKey, now)) >= LIMITS.loginPerAccount.limit || (await peek(db, ipKey, now)) >= LIMITS.loginPerIp.limit) {
    throw new AppError(429, 429, LOGIN_LOCKED_MSG);
  }
  if (await verifyPassword(plain, user.passwordHash, user.passwordSalt)) return;
  await consume(db, acctKey, LIMITS.loginPerAccount, now);
  await consume(db, ipKey, LIMITS.loginPerIp, now);
  throw validationError({ old_password: [CURRENT_PASSWORD_WRONG] });
}
