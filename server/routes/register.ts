// Registration (SPEC §2 /register steps 1-3 and /register/dd multi-store steps): an account with
// a phone code, then the company's qualification documents for review, then the review status.
import { Hono } from 'hono';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/client.ts';
import { companies, qualificationFiles, users } from '../db/schema.ts';
import { AppError, badRequest, notFound, ok, validationError } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { companyScope, assertOwns, createSession, requireCompany, requireUser } from '../auth/session.ts';
import { hashPassword } from '../auth/password.ts';
import { assertKnownRegion } from '../services/regions.ts';
import { consumePhoneCode } from '../services/phone-codes.ts';
import { MAX_UPLOAD_BYTES, sniffType } from '../services/uploads.ts';
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
} from '../../src/domain/validators.ts';
import type { ReviewStatus } from '../../src/domain/user.ts';

export const registerRoutes = new Hono<AppEnv>();

export const WECHAT_REGISTER_MSG = '请使用手机号注册，微信绑定可在账户中心完成';

/** Qualification documents a company may upload, with the names buyers know them by. */
export const QUALIFICATION_KINDS = {
  business_license: '营业执照',
  drug_license: '药品经营许可证',
  medical_license: '医疗机构执业许可证',
  gsp: 'GSP证书',
  medical_device: '医疗器械经营备案凭证',
  power_of_attorney: '采购委托书',
  id_card: '采购人员身份证',
} as const;
export type QualificationKind = keyof typeof QUALIFICATION_KINDS;

export const COMPANY_KINDS = ['pharmacy', 'chain', 'clinic', 'hospital', 'other'] as const;
type CompanyKind = (typeof COMPANY_KINDS)[number];

/** What a company of each kind must upload to be reviewed. */
const REQUIRED_FILES: Record<CompanyKind, QualificationKind[]> = {
  pharmacy: ['business_license', 'drug_license'],
  chain: ['business_license', 'drug_license'],
  clinic: ['business_license', 'medical_license'],
  hospital: ['business_license', 'medical_license'],
  other: ['business_license'],
};
const MAX_FILES_PER_KIND = 3;

const REVIEW_MESSAGES: Record<ReviewStatus, string> = {
  draft: '请完善企业资质信息',
  pending: '资质审核中，我们将在1个工作日内完成审核',
  approved: '资质已审核通过，欢迎采购',
  rejected: '资质审核未通过，请修改后重新提交',
};

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

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
  })
  .refine(confirmPassword, mismatch);

registerRoutes.post('/step1', async (c) => {
  const input = readInput(c, step1Schema);
  const { db, clock } = c.get('deps');
  const now = clock();
  if (await usernameTaken(db, input.username)) throw validationError({ username: ['该用户名已被注册'] });
  const samePhone = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
  if (samePhone.length > 0) throw validationError({ phone: ['该手机号已注册，请直接登录'] });
  await consumePhoneCode(db, input.phone, 'register', input.code, now);

  const { hash, salt } = await hashPassword(input.password);
  let userId: number;
  try {
    userId = await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({ name: '', reviewStatus: 'draft', contactPhone: input.phone, createdAt: now, updatedAt: now })
        .returning({ id: companies.id });
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company.id,
          username: input.username,
          passwordHash: hash,
          passwordSalt: salt,
          phone: input.phone,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      return user.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw validationError({ username: ['该用户名已被注册'] });
    throw err;
  }
  await createSession(c, userId);
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
type CompanyInput = z.output<typeof companySchema>;

interface CheckedFile {
  kind: QualificationKind;
  fileName: string;
  mime: string;
  content: Uint8Array;
}

/** Every uploaded file checked (kind, size, sniffed type); all problems reported at once. */
async function checkFiles(input: CompanyInput): Promise<CheckedFile[]> {
  const errors: Record<string, string[]> = {};
  const out: CheckedFile[] = [];
  const given = input.files ?? {};
  for (const kind of REQUIRED_FILES[input.kind]) {
    if (given[kind] === undefined) errors[`files.${kind}`] = [`请上传${QUALIFICATION_KINDS[kind]}`];
  }
  for (const [kind, value] of Object.entries(given)) {
    const field = `files.${kind}`;
    if (!Object.hasOwn(QUALIFICATION_KINDS, kind)) {
      errors[field] = ['不支持的资质类型'];
      continue;
    }
    const label = QUALIFICATION_KINDS[kind as QualificationKind];
    const list = Array.isArray(value) ? value : [value];
    if (list.length > MAX_FILES_PER_KIND) {
      errors[field] = [`${label}最多上传${MAX_FILES_PER_KIND}个文件`];
      continue;
    }
    for (const file of list) {
      if (!(file instanceof File) || file.size === 0) {
        errors[field] = [`请上传${label}`];
        break;
      }
      if (file.size > MAX_UPLOAD_BYTES) {
        errors[field] = [`${label}文件不能超过5MB`];
        break;
      }
      const content = new Uint8Array(await file.arrayBuffer());
      const mime = sniffType(content.subarray(0, 8));
      if (!mime) {
        errors[field] = [`${label}仅支持PDF、JPG、PNG格式`];
        break;
      }
      out.push({ kind: kind as QualificationKind, fileName: file.name.slice(0, 200) || kind, mime, content });
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return out;
}

/** Stores the company details and files and puts the company in the review queue. */
async function submitQualification(db: Db, companyId: number, input: CompanyInput, now: Date): Promise<void> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw notFound();
  if (company.reviewStatus === 'pending') throw badRequest('资质已提交，请等待审核');
  if (company.reviewStatus === 'approved') throw badRequest('资质已审核通过，无需重复提交');
  const files = await checkFiles(input);

  await db.transaction(async (tx) => {
    // A resubmission after rejection replaces the documents still waiting for review.
    await tx
      .delete(qualificationFiles)
      .where(and(eq(qualificationFiles.companyId, companyId), eq(qualificationFiles.status, 'pending')));
    if (files.length > 0) {
      await tx.insert(qualificationFiles).values(
        files.map((f) => ({
          companyId,
          kind: f.kind,
          fileName: f.fileName,
          mime: f.mime,
          size: f.content.byteLength,
          content: f.content,
          createdAt: now,
        })),
      );
    }
    await tx
      .update(companies)
      .set({
        name: input.company_name,
        // A store of a chain stays a pharmacy/clinic; only a top-level company may call itself a chain.
        kind: company.parentId !== null && input.kind === 'chain' ? 'pharmacy' : input.kind,
        creditCode: input.credit_code,
        legalPerson: input.legal_person,
        contactName: input.contact_name,
        contactPhone: input.contact_phone,
        province: input.province,
        city: input.city,
        district: input.district,
        address: input.address,
        reviewStatus: 'pending',
        reviewNote: '',
        updatedAt: now,
      })
      .where(eq(companies.id, companyId));
  });
}

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
  if (user.companyId === null) {
    return ok(c, { review_status: 'draft' as const, msg: REVIEW_MESSAGES.draft, review_note: '', company: '' });
  }
  const { db } = c.get('deps');
  let companyId = user.companyId;
  if (store_id !== undefined) {
    assertOwns(await companyScope(db, user.companyId), store_id, '门店不存在');
    companyId = store_id;
  }
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return ok(c, {
    review_status: company.reviewStatus,
    msg: REVIEW_MESSAGES[company.reviewStatus],
    review_note: company.reviewNote,
    company: company.name,
  });
});

// ---------------------------------------------------------------------------------------------
// Multi-store (多门店): a signed-in head office adds a store account, then its documents
// ---------------------------------------------------------------------------------------------

async function requireHeadOffice(db: Db, companyId: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  const scope = await companyScope(db, companyId);
  if (!company || company.parentId !== null || (company.kind !== 'chain' && scope.length < 2)) {
    throw new AppError(403, 403, '仅连锁总部账号可添加门店');
  }
  return { company, scope };
}

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
  if (await usernameTaken(db, input.username)) throw validationError({ username: ['该用户名已被注册'] });

  const { hash, salt } = await hashPassword(input.password);
  try {
    const storeId = await db.transaction(async (tx) => {
      const [store] = await tx
        .insert(companies)
        .values({
          name: input.store_name,
          parentId: head.id,
          kind: 'pharmacy',
          rank: head.rank,
          reviewStatus: 'draft',
          accountManagerId: head.accountManagerId,
          salespersonId: head.salespersonId,
          contactPhone: input.phone,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: companies.id });
      await tx.insert(users).values({
        companyId: store.id,
        username: input.username,
        passwordHash: hash,
        passwordSalt: salt,
        phone: input.phone,
        createdAt: now,
        updatedAt: now,
      });
      return store.id;
    });
    return ok(c, { step: 2, next: '/register/dd/step2', store_id: storeId, username: input.username }, '门店账号已创建', 201);
  } catch (err) {
    if (isUniqueViolation(err)) throw validationError({ username: ['该用户名已被注册'] });
    throw err;
  }
});

const ddStep2Schema = companySchema.extend({ store_id: idSchema('门店不存在') });

registerRoutes.post('/dd/step2', async (c) => {
  const user = requireCompany(c);
  const input = readInput(c, ddStep2Schema);
  await assertKnownRegion(input);
  const { db, clock } = c.get('deps');
  const { scope } = await requireHeadOffice(db, user.companyId);
  // The head office itself is not one of its stores.
  assertOwns(scope.slice(1), input.store_id, '门店不存在');
  await submitQualification(db, input.store_id, input, clock());
  return ok(
    c,
    { step: 3, next: '/register/dd/step3', store_id: input.store_id, review_status: 'pending' as const },
    '门店资质已提交，请等待审核',
  );
});

// ---------------------------------------------------------------------------------------------
// WeChat: no WeChat gateway here; registration is by phone, binding lives in the account centre.
// ---------------------------------------------------------------------------------------------

registerRoutes.on(['GET', 'POST'], '/wechat', () => {
  throw badRequest(WECHAT_REGISTER_MSG);
});
