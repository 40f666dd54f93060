// SMS codes for registration and password recovery: which phone the code goes to, and the limits
// against SMS bombing (per phone per minute and day, per IP per day).
import type { Db } from '../../db/client.ts';
import { badRequest, validationError } from '../../http/envelope.ts';
import { consumeOrThrow, LIMITS } from '../rate-limit.ts';
import { issuePhoneCode } from '../phone-codes.ts';
import { MESSAGES, isMobile } from '@domain/validators.ts';
import { userByUsername, usersByPhone } from './lookup.ts';

export interface CodeRequest {
  purpose: 'register' | 'reset_password';
  phone?: string;
  /** Password recovery may name the account instead of the phone; the code goes to its phone. */
  username?: string;
}

async function targetPhone(db: Db, input: CodeRequest): Promise<string> {
  if (input.purpose === 'register') {
    if (!input.phone) throw validationError({ phone: [MESSAGES.mobileRequired] });
    if ((await usersByPhone(db, input.phone)).length > 0) throw badRequest('该手机号已注册，请直接登录');
    return input.phone;
  }
  if (input.username) {
    const user = await userByUsername(db, input.username);
    if (!user) throw validationError({ username: ['账号不存在'] });
    if (!isMobile(user.phone)) throw badRequest('该账号未绑定手机号，请联系客服找回密码');
    return user.phone;
  }
  if (!input.phone) throw validationError({ phone: [MESSAGES.mobileRequired] });
  if ((await usersByPhone(db, input.phone)).length === 0) throw validationError({ phone: ['该手机号未注册'] });
  return input.phone;
}

/** Issues a code for `input.purpose`; answers the phone it was sent to. */
export async function sendPhoneCode(db: Db, input: CodeRequest, ip: string, now: Date): Promise<string> {
  const phone = await targetPhone(db, input);
  await consumeOrThrow(db, `sms:min:${phone}`, LIMITS.smsPerPhoneMinute, now, '验证码发送过于频繁，请60秒后再试');
  await consumeOrThrow(db, `sms:day:${phone}`, LIMITS.smsPerPhoneDay, now, '该手机号今日验证码发送次数已达上限');
  await consumeOrThrow(db, `sms:ip:${ip}`, LIMITS.smsPerIpDay, now, '验证码发送次数过多，请明天再试');
  await issuePhoneCode(db, phone, input.purpose, now);
  return phone;
}
