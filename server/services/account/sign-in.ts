// Signing in with username and password, behind per-account and per-IP failure limits counted
// before the password is checked (docs/decisions/rate-limits.md).
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../http/envelope.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { countPasswordAttempt, loginAccountKey as scopedAccountKey, loginIpKey as scopedIpKey } from '../rate-limit.ts';
import { userByUsername } from './lookup.ts';
import { upgradePasswordHash } from './password-upgrade.ts';

export { LOGIN_LOCKED_MSG } from '../rate-limit.ts';
export const LOGIN_FAILED_MSG = '用户名或密码错误';

export const loginAccountKey = (username: string) => scopedAccountKey('shop', username);
export const loginIpKey = (ip: string) => scopedIpKey('shop', ip);

// An unknown username still costs one scrypt, so response time does not reveal which names exist.
let dummy: Promise<{ hash: string; salt: string }> | null = null;
async function dummyVerify(password: string): Promise<void> {
  dummy ??= hashPassword('timing-equaliser-0');
  const { hash, salt } = await dummy;
  await verifyPassword(password, hash, salt);
}

/** The id of the user the credentials name; every attempt is counted against the account and the IP first. */
export async function signIn(db: Db, username: string, password: string, ip: string, now: Date): Promise<number> {
  // Counted before scrypt: a parallel burst gets at most the limit evaluated, the rest 429.
  const attempt = await countPasswordAttempt(db, 'shop', username, ip, now);
  const user = await userByUsername(db, username);
  const valid = user
    ? await verifyPassword(password, user.passwordHash, user.passwordSalt)
    : (await dummyVerify(password), false);
  if (!user || !valid) throw badRequest(LOGIN_FAILED_MSG);
  if (user.disabled) {
    // The right password of a stopped account is no failure.
    await attempt.withdrawn();
    throw new AppError(403, 403, '账号已停用，请联系客服');
  }
  await upgradePasswordHash(db, user.id, password, user.passwordHash);
  await attempt.succeeded();
  return user.id;
}
