// Accounts (SPEC §7 user calls, DESIGN.md "Sessions"): login/logout, the user base, SMS codes,
// profile and password changes, and password recovery (SPEC §2 /forget steps).
import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/client.ts';
import { flowTokens, users } from '../db/schema.ts';
import { AppError, badRequest, ok, validationError } from '../http/envelope.ts';
import { readInput, parseOrThrow } from '../http/validate.ts';
import { clientIp } from '../http/client-ip.ts';
import { createSession, destroySession, destroyUserSessions, requireUser } from '../auth/session.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { buildUserBase } from '../services/user-base.ts';
import { consumeOrThrow, consume, LIMITS, peek, resetLimit } from '../services/rate-limit.ts';
import { CODE_TTL_MS, consumePhoneCode, issuePhoneCode } from '../services/phone-codes.ts';
import {
  MESSAGES,
  isMobile,
  mobileSchema,
  passwordSchema,
  requiredText,
  smsCodeSchema,
} from '../../src/domain/validators.ts';

export const userRoutes = new Hono<AppEnv>();

export const LOGIN_FAILED_MSG = '用户名或密码错误';
export const LOGIN_LOCKED_MSG = '登录失败次数过多，请15分钟后再试';
export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;
const RESEND_AFTER_S = 60;

export const loginAccountKey = (username: string) => `login:acct:${username.toLowerCase()}`;
const loginIpKey = (ip: string) => `login:ip:${ip}`;

/** 138****0000: enough for the buyer to recognise the phone, not enough to harvest it. */
export const maskPhone = (phone: string) => (phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone);

// An unknown username still costs one scrypt, so response time does not reveal which names exist.
let dummy: Promise<{ hash: string; salt: string }> | null = null;
async function dummyVerify(password: string): Promise<void> {
  dummy ??= hashPassword('timing-equaliser-0');
  const { hash, salt } = await dummy;
  await verifyPassword(password, hash, salt);
}

// ---------------------------------------------------------------------------------------------
// Sign in / out, user base
// ---------------------------------------------------------------------------------------------

const loginSchema = z.object({
  username: requiredText(MESSAGES.usernameRequired, 50),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, { error: MESSAGES.passwordRequired }).max(100),
});

userRoutes.post('/login', async (c) => {
  const { username, password } = readInput(c, loginSchema);
  const { db, clock } = c.get('deps');
  const now = clock();
  const ip = clientIp(c);
  const acctKey = loginAccountKey(username);
  // The lock is checked before the password: once locked, even the right password waits.
  if (
    (await peek(db, acctKey, now)) >= LIMITS.loginPerAccount.limit ||
    (await peek(db, loginIpKey(ip), now)) >= LIMITS.loginPerIp.limit
  ) {
    throw new AppError(429, 429, LOGIN_LOCKED_MSG);
  }

  const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  const valid = user ? await verifyPassword(password, user.passwordHash, user.passwordSalt) : (await dummyVerify(password), false);
  if (!user || !valid) {
    await consume(db, acctKey, LIMITS.loginPerAccount, now);
    await consume(db, loginIpKey(ip), LIMITS.loginPerIp, now);
    throw badRequest(LOGIN_FAILED_MSG);
  }
  if (user.disabled) throw new AppError(403, 403, '账号已停用，请联系客服');
  await resetLimit(db, acctKey);
  await createSession(c, user.id);
  return ok(c, await buildUserBase(db, user.id), '登录成功');
});

userRoutes.get('/base', async (c) => {
  const user = requireUser(c);
  return ok(c, await buildUserBase(c.get('deps').db, user.userId));
});

userRoutes.delete('/logout', async (c) => {
  await destroySession(c);
  return ok(c, null, '已退出登录');
});

// ---------------------------------------------------------------------------------------------
// SMS codes
// ---------------------------------------------------------------------------------------------

const createCodeSchema = z.object({
  purpose: z.enum(['register', 'reset_password'], { error: '验证码用途不正确' }),
  phone: mobileSchema.optional(),
  /** Password recovery may name the account instead of the phone; the code goes to its phone. */
  username: z.string().trim().max(50).optional(),
});

async function usersByPhone(db: Db, phone: string) {
  return db.select().from(users).where(eq(users.phone, phone)).limit(2);
}

userRoutes.post('/create_code', async (c) => {
  const input = readInput(c, createCodeSchema);
  const { db, clock } = c.get('deps');
  const now = clock();

  let phone: string;
  if (input.purpose === 'register') {
    if (!input.phone) throw validationError({ phone: [MESSAGES.mobileRequired] });
    phone = input.phone;
    if ((await usersByPhone(db, phone)).length > 0) throw badRequest('该手机号已注册，请直接登录');
  } else if (input.username) {
    const [user] = await db.select().from(users).where(eq(users.username, input.username)).limit(1);
    if (!user) throw validationError({ username: ['账号不存在'] });
    if (!isMobile(user.phone)) throw badRequest('该账号未绑定手机号，请联系客服找回密码');
    phone = user.phone;
  } else {
    if (!input.phone) throw validationError({ phone: [MESSAGES.mobileRequired] });
    phone = input.phone;
    if ((await usersByPhone(db, phone)).length === 0) throw validationError({ phone: ['该手机号未注册'] });
  }

  await consumeOrThrow(db, `sms:min:${phone}`, LIMITS.smsPerPhoneMinute, now, '验证码发送过于频繁，请60秒后再试');
  await consumeOrThrow(db, `sms:day:${phone}`, LIMITS.smsPerPhoneDay, now, '该手机号今日验证码发送次数已达上限');
  await consumeOrThrow(db, `sms:ip:${clientIp(c)}`, LIMITS.smsPerIpDay, now, '验证码发送次数过多，请明天再试');
  await issuePhoneCode(db, phone, input.purpose, now);
  return ok(
    c,
    { phone: maskPhone(phone), expires_in: CODE_TTL_MS / 1000, resend_in: RESEND_AFTER_S },
    `验证码已发送至${maskPhone(phone)}`,
  );
});

// ---------------------------------------------------------------------------------------------
// Profile and password (signed in)
// ---------------------------------------------------------------------------------------------

const resetPasswordSchema = z
  .object({
    password: passwordSchema,
    password_confirmation: z.string().optional(),
    old_password: z.string().max(100).optional(),
  })
  .refine((d) => d.password_confirmation === undefined || d.password_confirmation === d.password, {
    error: MESSAGES.passwordMismatch,
    path: ['password_confirmation'],
  });

userRoutes.post('/resetPassword', async (c) => {
  const session = requireUser(c);
  const input = readInput(c, resetPasswordSchema);
  const { db, clock } = c.get('deps');
  const [user] = await db.select().from(users).where(eq(users.id, session.userId)).limit(1);
  if (input.old_password !== undefined && input.old_password !== '') {
    if (!(await verifyPassword(input.old_password, user.passwordHash, user.passwordSalt))) {
      throw validationError({ old_password: ['原密码不正确'] });
    }
  }
  const { hash, salt } = await hashPassword(input.password);
  await db.update(users).set({ passwordHash: hash, passwordSalt: salt, updatedAt: clock() }).where(eq(users.id, user.id));
  // Other browsers signed in with the old password are signed out; this one stays.
  await destroyUserSessions(db, user.id, session.sessionId);
  return ok(c, null, '密码修改成功');
});

const updateUserInfoSchema = z.object({
  name: requiredText('请输入姓名', 20, '姓名最多20个字符'),
  phone: mobileSchema,
});

userRoutes.post('/updateUserInfo', async (c) => {
  const session = requireUser(c);
  const input = readInput(c, updateUserInfoSchema);
  const { db, clock } = c.get('deps');
  await db.update(users).set({ name: input.name, phone: input.phone, updatedAt: clock() }).where(eq(users.id, session.userId));
  return ok(c, { name: input.name, phone: input.phone }, '保存成功');
});

userRoutes.get('/phone/:value', async (c) => {
  const phone = parseOrThrow(mobileSchema, c.req.param('value'));
  const { db, clock } = c.get('deps');
  await consumeOrThrow(db, `phone-lookup:${clientIp(c)}`, LIMITS.phoneLookupPerIp, clock(), '查询过于频繁，请稍后再试');
  return ok(c, { exists: (await usersByPhone(db, phone)).length > 0 });
});

// ---------------------------------------------------------------------------------------------
// Password recovery: /forget step 1 (verify the phone code) → step 2 (new password)
// ---------------------------------------------------------------------------------------------

const hashFlowToken = (token: string) => createHash('sha256').update(token).digest('hex');

const forgetVerifySchema = z.object({
  username: z.string().trim().max(50).optional(),
  phone: mobileSchema.optional(),
  code: smsCodeSchema,
});

userRoutes.post('/forget/verify', async (c) => {
  const input = readInput(c, forgetVerifySchema);
  const { db, clock } = c.get('deps');
  const now = clock();

  let user: typeof users.$inferSelect | undefined;
  if (input.username) {
    [user] = await db.select().from(users).where(eq(users.username, input.username)).limit(1);
    if (!user) throw validationError({ username: ['账号不存在'] });
  } else if (input.phone) {
    const found = await usersByPhone(db, input.phone);
    if (found.length === 0) throw validationError({ phone: ['该手机号未注册'] });
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
  return ok(c, { token, username: user.username, expires_in: RESET_TOKEN_TTL_MS / 1000 }, '验证成功');
});

const forgetResetSchema = z
  .object({
    token: z.string({ error: '重置凭证缺失，请重新验证' }).min(1, { error: '重置凭证缺失，请重新验证' }).max(200),
    password: passwordSchema,
    password_confirmation: z.string({ error: '请再次输入密码' }),
  })
  .refine((d) => d.password === d.password_confirmation, {
    error: MESSAGES.passwordMismatch,
    path: ['password_confirmation'],
  });

userRoutes.post('/forget/reset', async (c) => {
  const input = readInput(c, forgetResetSchema);
  const { db, clock } = c.get('deps');
  const now = clock();
  // Spent in the same statement that checks it, so a token works once even under a race.
  const [flow] = await db
    .update(flowTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(flowTokens.id, hashFlowToken(input.token)),
        eq(flowTokens.purpose, 'reset_password'),
        isNull(flowTokens.usedAt),
        gt(flowTokens.expiresAt, now),
      ),
    )
    .returning({ userId: flowTokens.userId });
  if (!flow || flow.userId === null) throw badRequest('重置链接已失效，请重新验证');

  const { hash, salt } = await hashPassword(input.password);
  const [user] = await db
    .update(users)
    .set({ passwordHash: hash, passwordSalt: salt, updatedAt: now })
    .where(eq(users.id, flow.userId))
    .returning({ username: users.username });
  await destroyUserSessions(db, flow.userId);
  await resetLimit(db, loginAccountKey(user.username));
  return ok(c, { username: user.username }, '密码已重置，请重新登录');
});
