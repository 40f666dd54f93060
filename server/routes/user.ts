// Accounts (SPEC §7 user calls, DESIGN.md "Sessions"): login/logout, the user base, SMS codes,
// profile and password changes, and password recovery (SPEC §2 /forget steps). The rules live in
// server/services/account/.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readInput, parseOrThrow } from '../http/validate.ts';
import { clientIp } from '../http/client-ip.ts';
import { createSession, destroySession, requireUser } from '../auth/session.ts';
import { buildUserBase } from '../services/account/user-base.ts';
import { CODE_TTL_MS } from '../services/phone-codes.ts';
import { signIn } from '../services/account/sign-in.ts';
import { sendPhoneCode } from '../services/account/codes.ts';
import { outboxSender } from '../sms-sender.ts';
import { stdoutLog } from '../log.ts';
import { changePassword, resetPassword, RESET_TOKEN_TTL_MS, verifyResetCode } from '../services/account/password.ts';
import { maskPhone, phoneRegistered, updateProfile } from '../services/account/profile.ts';
import { loginHistory, recordSignIn } from '../services/account/login-history.ts';
import { MESSAGES, mobileSchema, passwordSchema, requiredText, smsCodeSchema } from '@domain/validators.ts';

export const userRoutes = new Hono<AppEnv>();

const RESEND_AFTER_S = 60;

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
  const userId = await signIn(db, username, password, clientIp(c), clock());
  await createSession(c, userId);
  await recordSignIn(db, userId, 'password', clientIp(c), c.req.header('user-agent') ?? '', clock());
  return ok(c, await buildUserBase(db, userId, null, clock()), '登录成功');
});

userRoutes.get('/base', async (c) => {
  const user = requireUser(c);
  return ok(c, await buildUserBase(c.get('deps').db, user.userId, user.actingCompanyId ?? null, c.get('deps').clock()));
});

userRoutes.delete('/logout', async (c) => {
  await destroySession(c);
  return ok(c, null, '已退出登录');
});

// ---------------------------------------------------------------------------------------------
// SMS codes
// ---------------------------------------------------------------------------------------------

const createCodeSchema = z.object({
  /** change_password and change_phone are a signed-in member's (issue 29 §3). */
  purpose: z.enum(['register', 'reset_password', 'change_password', 'change_phone'], { error: '验证码用途不正确' }),
  phone: mobileSchema.optional(),
  /** Password recovery may name the account instead of the phone; the code goes to its phone. */
  username: z.string().trim().max(50).optional(),
});

/**
 * Recovery says the same whether or not the account exists (docs/decisions/recovery-answers.md):
 * by username it shows no phone, by phone only the one typed.
 */
export const RECOVERY_CODE_SENT_MSG = '若该账号已绑定手机，验证码已发送至该手机';

userRoutes.post('/create_code', async (c) => {
  const input = readInput(c, createCodeSchema);
  const { db, clock, config, log } = c.get('deps');
  const delivery = { sms: config.sms ?? outboxSender, log: log ?? stdoutLog };
  const { phone } = await sendPhoneCode(
    db,
    delivery,
    { ...input, userId: c.get('user')?.userId },
    clientIp(c),
    clock(),
  );
  return ok(
    c,
    { phone: phone === null ? '' : maskPhone(phone), expires_in: CODE_TTL_MS / 1000, resend_in: RESEND_AFTER_S },
    phone === null
      ? RECOVERY_CODE_SENT_MSG
      : `${input.purpose === 'reset_password' ? '若该手机号已注册，' : ''}验证码已发送至${maskPhone(phone)}`,
  );
});

// ---------------------------------------------------------------------------------------------
// Profile and password (signed in)
// ---------------------------------------------------------------------------------------------

/** A field a form sends empty when unused ('' is "not given", not a wrong value). */
const unlessBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
/** The current password, as typed (not trimmed). */
const currentPassword = unlessBlank(z.string().max(100, { error: '密码过长' }));

const resetPasswordSchema = z
  .object({
    password: passwordSchema,
    password_confirmation: z.string().optional(),
    /** The current password, or `code` (create_code purpose change_password): one is needed. */
    old_password: currentPassword,
    code: unlessBlank(smsCodeSchema),
  })
  .refine((d) => d.password_confirmation === undefined || d.password_confirmation === d.password, {
    error: MESSAGES.passwordMismatch,
    path: ['password_confirmation'],
  });

userRoutes.post('/resetPassword', async (c) => {
  const session = requireUser(c);
  const input = readInput(c, resetPasswordSchema);
  const { db, clock } = c.get('deps');
  await changePassword(
    db,
    session.userId,
    session.sessionId,
    { password: input.password, oldPassword: input.old_password, code: input.code },
    clientIp(c),
    clock(),
  );
  return ok(c, null, '密码修改成功');
});

const updateUserInfoSchema = z.object({
  name: requiredText('请输入姓名', 20, '姓名最多20个字符'),
  phone: mobileSchema,
  /** Only for a new phone: the current password and the new phone's code (purpose change_phone). */
  old_password: currentPassword,
  code: unlessBlank(smsCodeSchema),
});

userRoutes.post('/updateUserInfo', async (c) => {
  const session = requireUser(c);
  const input = readInput(c, updateUserInfoSchema);
  const { db, clock } = c.get('deps');
  await updateProfile(
    db,
    session.userId,
    session.sessionId,
    { name: input.name, phone: input.phone, oldPassword: input.old_password, code: input.code },
    clientIp(c),
    clock(),
  );
  return ok(c, { name: input.name, phone: input.phone }, '保存成功');
});

userRoutes.get('/login_log', async (c) => {
  const session = requireUser(c);
  return ok(c, await loginHistory(c.get('deps').db, session.userId));
});

userRoutes.get('/phone/:value', async (c) => {
  const phone = parseOrThrow(mobileSchema, c.req.param('value'));
  const { db, clock } = c.get('deps');
  return ok(c, { exists: await phoneRegistered(db, phone, clientIp(c), clock()) });
});

// ---------------------------------------------------------------------------------------------
// Password recovery: /forget step 1 (verify the phone code) → step 2 (new password)
// ---------------------------------------------------------------------------------------------

const forgetVerifySchema = z.object({
  username: z.string().trim().max(50).optional(),
  phone: mobileSchema.optional(),
  code: smsCodeSchema,
});

userRoutes.post('/forget/verify', async (c) => {
  const input = readInput(c, forgetVerifySchema);
  const { db, clock } = c.get('deps');
  const { token, username } = await verifyResetCode(db, input, clock());
  return ok(c, { token, username, expires_in: RESET_TOKEN_TTL_MS / 1000 }, '验证成功');
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
  const username = await resetPassword(db, input.token, input.password, clock());
  return ok(c, { username }, '密码已重置，请重新登录');
});
