// Signing in with username and password, behind per-account and per-IP failure limits.
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../http/envelope.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { consume, LIMITS, peek, resetLimit } from '../rate-limit.ts';
import { userByUsername } from './lookup.ts';
import { upgradePasswordHash } from './password-upgrade.ts';

export const LOGIN_FAILED_MSG = '用户名或密码错误';
export const LOGIN_LOCKED_MSG = '登录失败次数过多，请15分钟后再试';

export const loginAccountKey = (username: string) => `login:acct:${username.toLowerCase()}`;
export const loginIpKey = (ip: string) => `login:ip:${ip}`;

// An unknown username still costs one scrypt, so response time does not reveal which names exist.
let dummy: Promise<{ hash: string; salt: string }> | null = null;
async function dummyVerify(password: string): Promise<void> {
  dummy ??= hashPassword('timing-equaliser-0');
  const { hash, salt } = await dummy;
  await verifyPassword(password, hash, salt);
}

/** The id of the user the credentials name; a failure counts against the account and the IP. */
export async function signIn(db: Db, username: string, password: string, ip: string, now: Date): Promise<number> {
  const acctKey = loginAccountKey(username);
  // The lock is checked before the password: once locked, even the right password waits.
  if (
    (await peek(db, acctKey, now)) >= LIMITS.loginPerAccount.limit ||
    (await peek(db, loginIpKey(ip), now)) >= LIMITS.loginPerIp.limit
  ) {
    throw new AppError(429, 429, LOGIN_LOCKED_MSG);
  }

  const user = await userByUsername(db, username);
  const valid = user ? await verifyPassword(password, user.passwordHash, user.passwordSalt) : (await dummyVerify(password), false);
  if (!user || !valid) {
    await consume(db, acctKey, LIMITS.loginPerAccount, now);
    await consume(db, loginIpKey(ip), LIMITS.loginPerIp, now);
    throw badRequest(LOGIN_FAILED_MSG);
  }
  if (user.disabled) throw new AppError(403, 403, '账号已停用，请联系客服');
  await upgradePasswordHash(db, user.id, password, user.passwordHash);
  await resetLimit(db, acctKey);
  return user.id;
}
