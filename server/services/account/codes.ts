// SMS codes for registration, password recovery and a signed-in member's password or phone change: which phone the code goes to, and the limits
// against SMS bombing and look-ups. Every request takes its places (per target and per IP) BEFORE
// the accounts are looked up, so a burst learns at most one answer per target a minute; password
// recovery answers the same whether or not the account exists
// (docs/decisions/rate-limits.md, docs/decisions/recovery-answers.md). A send the provider fails
// gives those places back (deliver-code.ts).
import type { Db } from '../../db/client.ts';
import { badRequest, validationError } from '../../http/envelope.ts';
import { LIMITS, reserve, reserveOrThrow, release, type Reservation } from '../rate-limit.ts';
import type { CodePurpose } from '../phone-codes.ts';
import { MESSAGES, isMobile } from '@domain/validators.ts';
import { userByUsername, usersByPhone } from './lookup.ts';
import { accountChangePhone } from './account-change-codes.ts';
import { deliverCode, SMS_TOO_FREQUENT_MSG, type CodeDelivery } from './deliver-code.ts';

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
async function takePlaces(db: Db, target: string, ip: string, now: Date): Promise<Reservation[]> {
  const dayMsg = target.startsWith('user:') ? '该账号今日验证码发送次数已达上限' : '该手机号今日验证码发送次数已达上限';
  const taken: Reservation[] = [];
  try {
    taken.push(await reserveOrThrow(db, `sms:min:${target}`, LIMITS.smsPerPhoneMinute, now, SMS_TOO_FREQUENT_MSG));
    taken.push(await reserveOrThrow(db, `sms:day:${target}`, LIMITS.smsPerPhoneDay, now, dayMsg));
    taken.push(await reserveOrThrow(db, `sms:ip:${ip}`, LIMITS.smsPerIpDay, now, '验证码发送次数过多，请明天再试'));
  } catch (err) {
    // A refused request counts against none of its limits (as before: it was not evaluated).
    for (const place of taken) await release(db, place);
    throw err;
  }
  return taken;
}

/** Sends a code for `input.purpose`; answers what the reply may show. */
export async function sendPhoneCode(
  db: Db,
  delivery: CodeDelivery,
  input: CodeRequest,
  ip: string,
  now: Date,
): Promise<CodeAnswer> {
  if (input.purpose === 'change_password' || input.purpose === 'change_phone') {
    // A signed-in member's own change: the target needs the session's account (account-change-codes.ts).
    const target = await accountChangePhone(db, input.purpose, input);
    const places = await takePlaces(db, phoneTarget(target), ip, now);
    await deliverCode(db, delivery, target, input.purpose, places, now);
    return { phone: target };
  }
  if (input.purpose === 'reset_password' && input.username)
    return sendRecoveryByUsername(db, delivery, input.username, ip, now);
  if (!input.phone) throw validationError({ phone: [MESSAGES.mobileRequired] });
  const phone = input.phone;
  const places = await takePlaces(db, phoneTarget(phone), ip, now);
  const registered = (await usersByPhone(db, phone)).length > 0;
  if (input.purpose === 'register') {
    // Registration must say so (the form sends the buyer to sign in), as GET /api/user/phone/{value} does.
    if (registered) throw badRequest(PHONE_REGISTERED_MSG);
    await deliverCode(db, delivery, phone, 'register', places, now);
  } else if (registered) {
    await deliverCode(db, delivery, phone, 'reset_password', places, now);
  }
  // An unregistered phone gets no code but the same answer.
  return { phone };
}

/**
 * Recovery by username: counted against the username, then, for an account with a mobile, against
 * its phone too (several names on one phone must not bomb it) — a phone over its limit silently
 * gets nothing, so the answer never differs between real and unknown names.
 */
async function sendRecoveryByUsername(
  db: Db,
  delivery: CodeDelivery,
  username: string,
  ip: string,
  now: Date,
): Promise<CodeAnswer> {
  const places = await takePlaces(db, usernameTarget(username), ip, now);
  const user = await userByUsername(db, username);
  if (user && isMobile(user.phone)) {
    const minute = await reserve(db, `sms:min:${phoneTarget(user.phone)}`, LIMITS.smsPerPhoneMinute, now);
    const day = minute && (await reserve(db, `sms:day:${phoneTarget(user.phone)}`, LIMITS.smsPerPhoneDay, now));
    if (minute && day) await deliverCode(db, delivery, user.phone, 'reset_password', [...places, minute, day], now);
    else if (minute) await release(db, minute);
  }
  return { phone: null };
}
