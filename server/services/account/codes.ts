// SMS codes for registration, password recovery and a signed-in member's password or phone change: which phone the code goes to, and the limits
// against SMS bombing and look-ups. Every request is counted (per target and per IP) BEFORE the
// accounts are looked up, so a burst learns at most one answer per target a minute; password
// recovery answers the same whether or not the account exists
// (docs/decisions/rate-limits.md, docs/decisions/recovery-answers.md).
import type { Db } from '../../db/client.ts';
import { badRequest, validationError } from '../../http/envelope.ts';
import { consume, consumeOrThrow, LIMITS } from '../rate-limit.ts';
import { issuePhoneCode, type CodePurpose } from '../phone-codes.ts';
import { MESSAGES, isMobile } from '@domain/validators.ts';
import { userByUsername, usersByPhone } from './lookup.ts';
import { accountChangePhone } from './account-change-codes.ts';

export interface CodeRequest {
  purpose: CodePurpose;
  phone?: string;
  /** Password recovery may name the account instead of the phone; the code goes to its phone. */
  username?: string;
  /** The signed-in member: changing the password or the phone needs one (account-change-codes.ts). */
  userId?: number;
}

export const PHONE_REGISTERED_MSG = '该手机号已注册，请直接登录';

/** What the answer may show: the phone typed (to be masked), or null when recovery by username must not say. */
export interface CodeAnswer {
  phone: string | null;
}

const phoneTarget = (phone: string) => phone;
const usernameTarget = (username: string) => `user:${username.toLowerCase()}`;

/** The request's own limits: its target a minute and a day, its address a day. Thrown 429 before any look-up. */
async function countRequest(db: Db, target: string, ip: string, now: Date): Promise<void> {
  const dayMsg = target.startsWith('user:') ? '该账号今日验证码发送次数已达上限' : '该手机号今日验证码发送次数已达上限';
  await consumeOrThrow(db, `sms:min:${target}`, LIMITS.smsPerPhoneMinute, now, '验证码发送过于频繁，请60秒后再试');
  await consumeOrThrow(db, `sms:day:${target}`, LIMITS.smsPerPhoneDay, now, dayMsg);
  await consumeOrThrow(db, `sms:ip:${ip}`, LIMITS.smsPerIpDay, now, '验证码发送次数过多，请明天再试');
}

/** Issues a code for `input.purpose`; answers what the reply may show. */
export async function sendPhoneCode(db: Db, input: CodeRequest, ip: string, now: Date): Promise<CodeAnswer> {
  if (input.purpose === 'change_password' || input.purpose === 'change_phone') {
    // A signed-in member's own change: the target needs the session's account (account-change-codes.ts).
    const target = await accountChangePhone(db, input.purpose, input);
    await countRequest(db, phoneTarget(target), ip, now);
    await issuePhoneCode(db, target, input.purpose, now);
    return { phone: target };
  }
  if (input.purpose === 'reset_password' && input.username) return sendRecoveryByUsername(db, input.username, ip, now);
  if (!input.phone) throw validationError({ phone: [MESSAGES.mobileRequired] });
  const phone = input.phone;
  await countRequest(db, phoneTarget(phone), ip, now);
  const registered = (await usersByPhone(db, phone)).length > 0;
  if (input.purpose === 'register') {
    // Registration must say so (the form sends the buyer to sign in), as GET /api/user/phone/{value} does.
    if (registered) throw badRequest(PHONE_REGISTERED_MSG);
    await issuePhoneCode(db, phone, 'register', now);
  } else if (registered) {
    await issuePhoneCode(db, phone, 'reset_password', now);
  }
  // An unregistered phone gets no code but the same answer.
  return { phone };
}

/**
 * Recovery by username: counted against the username, then, for an account with a mobile, against
 * its phone too (several names on one phone must not bomb it) — a phone over its limit silently
 * gets nothing, so the answer never differs between real and unknown names.
 */
async function sendRecoveryByUsername(db: Db, username: string, ip: string, now: Date): Promise<CodeAnswer> {
  await countRequest(db, usernameTarget(username), ip, now);
  const user = await userByUsername(db, username);
  if (user && isMobile(user.phone)) {
    const minute = await consume(db, `sms:min:${phoneTarget(user.phone)}`, LIMITS.smsPerPhoneMinute, now);
    const day = minute.allowed && (await consume(db, `sms:day:${phoneTarget(user.phone)}`, LIMITS.smsPerPhoneDay, now));
    if (day && day.allowed) await issuePhoneCode(db, user.phone, 'reset_password', now);
  }
  return { phone: null };
}
