// Registration (SPEC §2 /register steps 1-3 and /register/dd multi-store steps): an account with
// a phone code, then the company's qualification documents for review, then the review status.
// The rules live in server/services/register/.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { clientIp } from '../http/client-ip.ts';
import { recordSignIn } from '../services/account/login-history.ts';
import { assertRegisterTicket } from '../services/wechat/tickets.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { createSession, requireCompany, requireUser } from '../auth/session.ts';
import { assertKnownRegion } from '../services/regions.ts';
import { createStoreAccount, registerBuyer } from '../services/register/accounts.ts';
import { COMPANY_KINDS, submitQualification, submitStoreQualification } from '../services/register/qualification.ts';
import { requireHeadOffice, reviewStatus } from '../services/register/review.ts';
import {
  MESSAGES,
  creditCodeSchema,
  flagSchema,
  idSchema,
  mobileSchema,
  passwordSchema,
  phoneSchema,
  requiredText,
  smsCodeSchema,
  usernameSchema,
} from '@domain/validators.ts';

export const registerRoutes = new Hono<AppEnv>();

const confirmPassword = <T extends { password: string; password_confirmation: string }>(d: T) =>
  d.password === d.password_confirmation;
const mismatch = { error: MESSAGES.passwordMismatch, path: ['password_confirmation'] };

// ---------------------------------------------------------------------------------------------
// Step 1: the account
// ---------------------------------------------------------------------------------------------

const step1Schema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: '请再次输入密码' }),
    phone: mobileSchema,
    code: smsCodeSchema,
    agree: flagSchema.refine((v) => v === 1, { error: '请阅读并同意用户注册协议' }),
    /** Registration started from a WeChat scan (/register/wechat): the new account is bound to it. */
    wechat_ticket: z.string().trim().max(100).optional(),
  })
  .refine(confirmPassword, mismatch);

registerRoutes.post('/step1', async (c) => {
  const input = readInput(c, step1Schema);
  const { db, clock } = c.get('deps');
  const now = clock();
  const wechatTicket = input.wechat_ticket || undefined;
  if (wechatTicket) await assertRegisterTicket(db, wechatTicket, now);
  const userId = await registerBuyer(db, input, now, wechatTicket);
  await createSession(c, userId);
  await recordSignIn(db, userId, 'register', clientIp(c), c.req.header('user-agent') ?? '', now);
  return ok(c, { step: 2, next: '/register/step2', username: input.username }, '注册成功，请完善企业资质信息', 201);
});

// ---------------------------------------------------------------------------------------------
// Step 2: company details and qualification documents (multipart)
// ---------------------------------------------------------------------------------------------

const companySchema = z.object({
  company_name: requiredText('请输入企业名称', 50),
  kind: z.enum(COMPANY_KINDS, { error: '请选择企业类型' }),
  credit_code: creditCodeSchema,
  legal_person: requiredText('请输入法定代表人', 20),
  contact_name: requiredText('请输入联系人姓名', 20),
  contact_phone: phoneSchema,
  province: requiredText('请选择所在省份', 20),
  city: requiredText('请选择所在城市', 20),
  district: requiredText('请选择所在区县', 20),
  address: requiredText('请输入详细地址', 100),
  files: z.record(z.string(), z.unknown()).optional(),
});

registerRoutes.post('/step2', async (c) => {
  const user = requireCompany(c);
  const input = readInput(c, companySchema);
  await assertKnownRegion(input);
  const { db, clock } = c.get('deps');
  await submitQualification(db, user.companyId, input, clock());
  return ok(c, { step: 3, next: '/register/step3', review_status: 'pending' as const }, '资质已提交，请等待审核');
});

// ---------------------------------------------------------------------------------------------
// Step 3: review status (own company, or one of a head office's stores with ?store_id=)
// ---------------------------------------------------------------------------------------------

const statusQuery = z.object({ store_id: idSchema('门店不存在').optional() });

registerRoutes.get('/status', async (c) => {
  const user = requireUser(c);
  const { store_id } = readQuery(c, statusQuery);
  return ok(c, await reviewStatus(c.get('deps').db, user.companyId, store_id));
});

// ---------------------------------------------------------------------------------------------
// Multi-store (多门店): a signed-in head office adds a store account, then its documents
// ---------------------------------------------------------------------------------------------

const ddStep1Schema = z
  .object({
    store_name: requiredText('请输入门店名称', 50),
    username: usernameSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: '请再次输入密码' }),
    phone: mobileSchema,
  })
  .refine(confirmPassword, mismatch);

registerRoutes.post('/dd/step1', async (c) => {
  const user = requireCompany(c);
  const input = readInput(c, ddStep1Schema);
  const { db, clock } = c.get('deps');
  const now = clock();
  const { company: head } = await requireHeadOffice(db, user.companyId);
  const storeId = await createStoreAccount(db, head, input, now);
  return ok(
    c,
    { step: 2, next: '/register/dd/step2', store_id: storeId, username: input.username },
    '门店账号已创建',
    201,
  );
});

const ddStep2Schema = companySchema.extend({ store_id: idSchema('门店不存在') });

registerRoutes.post('/dd/step2', async (c) => {
  const user = requireCompany(c);
  const input = readInput(c, ddStep2Schema);
  await assertKnownRegion(input);
  const { db, clock } = c.get('deps');
  await submitStoreQualification(db, user.companyId, input.store_id, input, clock());
  return ok(
    c,
    { step: 3, next: '/register/dd/step3', store_id: input.store_id, review_status: 'pending' as const },
    '门店资质已提交，请等待审核',
  );
});
