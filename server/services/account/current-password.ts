// "Prove it is you" before a signed-in member changes how the account is recovered or entered
// (password, phone): the current password, checked behind the sign-in limits and counted as a
// failed sign-in when wrong, so a stolen session is no password oracle (issue 29 §3). The lock and
// the counting are sign-in's own (countPasswordAttempt, rate-limit.ts).
import type { Db } from '../../db/client.ts';
import { validationError } from '../../http/envelope.ts';
import { verifyPassword } from '../../auth/password.ts';
import { countPasswordAttempt } from '../rate-limit.ts';

export const CURRENT_PASSWORD_REQUIRED = '请输入原密码';
export const CURRENT_PASSWORD_WRONG = '原密码不正确';

/** Throws 429 while the account or address is locked, 422 (the attempt stays counted) when `plain` is wrong. */
export async function confirmCurrentPassword(
  db: Db,
  user: { username: string; passwordHash: string; passwordSalt: string },
  plain: string,
  ip: string,
  now: Date,
): Promise<void> {
  // Counted before scrypt, like a sign-in (rate-limit.ts): a parallel burst checks at most the limit.
  const attempt = await countPasswordAttempt(db, 'shop', user.username, ip, now);
  if (await verifyPassword(plain, user.passwordHash, user.passwordSalt)) {
    // The right password is no failure; it is no sign-in either, so the counters stay as they were.
    await attempt.withdrawn();
    return;
  }
  throw validationError({ old_password: [CURRENT_PASSWORD_WRONG] });
}
