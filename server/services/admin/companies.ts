// Companies in the console: the searchable list, one company with its qualification files, the
// review decision (registration or renewal) and the settings operators own. Each change writes its
// audit row in the same transaction.
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { notifyCompany } from '../messages/notify.ts';
import { registrationDecidedMessage, renewalDecidedMessage } from '../messages/texts.ts';
import type { Db } from '../../db/client.ts';
import { companies, qualificationFiles, staff, users } from '../../db/schema.ts';
import { AppError, notFound, validationError } from '../../http/envelope.ts';
import { withTx } from '../../db/tx.ts';
import { writeAudit, type Actor } from './audit.ts';
import type {
  CompanyDetail,
  CompanyReviewStatus,
  CompanyRow,
  CompanySettingsInput,
  Paged,
  StaffOption,
} from '@domain/admin.ts';
import { pageOf, rowsBefore } from '../../db/paging.ts';
import { escapeLike } from '../../db/like.ts';

export const COMPANY_NOT_FOUND = '企业不存在';
export const NOTHING_TO_REVIEW = '该企业没有待审核的资质';

export const COMPANY_SORTS = ['id', 'name', 'created_at', 'rank', 'review_status'] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];

export interface CompanyListQuery {
  q?: string;
  status?: CompanyReviewStatus;
  /** Only approved companies with files waiting (renewals). */
  renewal?: boolean;
  sort: CompanySort;
  order: 'asc' | 'desc';
  page: number;
  size: number;
}

// Written out with an alias: inside a subquery drizzle renders columns unqualified, and "id"
// would then name the file's id rather than the outer company's.
const pendingFiles = sql<number>`(select count(*)::int from qualification_files qf where qf.company_id = ${companies}.id and qf.status = 'pending')`;

const SORT_COLUMNS = {
  id: companies.id,
  name: companies.name,
  created_at: companies.createdAt,
  rank: companies.rank,
  review_status: companies.reviewStatus,
} as const;

export async function listCompanies(db: Db, query: CompanyListQuery): Promise<Paged<CompanyRow>> {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const text = or(
      ilike(companies.name, pattern),
      ilike(companies.contactName, pattern),
      ilike(companies.contactPhone, pattern),
      ilike(companies.creditCode, pattern),
    );
    if (text) where.push(text);
  }
  if (query.status) where.push(eq(companies.reviewStatus, query.status));
  if (query.renewal) where.push(and(eq(companies.reviewStatus, 'approved'), sql`${pendingFiles} > 0`) as SQL);
  const cond = where.length > 0 ? and(...where) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(companies).where(cond);
  const column = SORT_COLUMNS[query.sort];
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      kind: companies.kind,
      reviewStatus: companies.reviewStatus,
      rank: companies.rank,
      contactName: companies.contactName,
      contactPhone: companies.contactPhone,
      city: companies.city,
      createdAt: companies.createdAt,
      pendingFiles,
    })
    .from(companies)
    .where(cond)
    .orderBy(query.order === 'asc' ? asc(column) : desc(column), asc(companies.id))
    .limit(query.size)
    .offset(rowsBefore(query));
  return pageOf(
    query,
    total,
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.kind,
      review_status: r.reviewStatus,
      pending_files: Number(r.pendingFiles),
      rank: r.rank,
      contact_name: r.contactName,
      contact_phone: r.contactPhone,
      city: r.city,
      created_at: r.createdAt.getTime(),
    })),
  );
}

async function companyRow(db: Db, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw notFound(COMPANY_NOT_FOUND);
  return row;
}

async function staffOptions(db: Db, role: 'account_manager' | 'salesperson'): Promise<StaffOption[]> {
  return db
    .select({ id: staff.id, name: staff.name, phone: staff.phone })
    .from(staff)
    .where(eq(staff.role, role))
    .orderBy(asc(staff.id));
}

export const fileUrl = (companyId: number, fileId: number) => `/api/admin/companies/${companyId}/files/${fileId}`;

export async function companyDetail(db: Db, id: number): Promise<CompanyDetail> {
  const c = await companyRow(db, id);
  const files = await db
    .select({
      id: qualificationFiles.id,
      kind: qualificationFiles.kind,
      fileName: qualificationFiles.fileName,
      mime: qualificationFiles.mime,
      size: qualificationFiles.size,
      expiresOn: qualificationFiles.expiresOn,
      status: qualificationFiles.status,
    })
    .from(qualificationFiles)
    .where(eq(qualificationFiles.companyId, id))
    .orderBy(asc(qualificationFiles.id));
  const members = await db
    .select({ id: users.id, username: users.username, name: users.name, phone: users.phone })
    .from(users)
    .where(eq(users.companyId, id))
    .orderBy(asc(users.id));
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    parent_id: c.parentId,
    review_status: c.reviewStatus,
    review_note: c.reviewNote,
    rank: c.rank,
    is_special: c.isSpecial,
    is_show_youx: c.isShowYoux,
    is_can_chat: c.isCanChat,
    is_after_sale: c.isAfterSale,
    account_manager_id: c.accountManagerId,
    salesperson_id: c.salespersonId,
    business_scope: c.businessScope,
    credit_code: c.creditCode,
    legal_person: c.legalPerson,
    contact_name: c.contactName,
    contact_phone: c.contactPhone,
    address: [c.province, c.city, c.district, c.address].join(''),
    contract_signed: c.contractSignedAt !== null,
    created_at: c.createdAt.getTime(),
    users: members,
    files: files.map((f) => ({
      id: f.id,
      kind: f.kind,
      file_name: f.fileName,
      mime: f.mime,
      size: f.size,
      expires_on: f.expiresOn,
      status: f.status,
      url: fileUrl(id, f.id),
    })),
    account_managers: await staffOptions(db, 'account_manager'),
    salespeople: await staffOptions(db, 'salesperson'),
  };
}

export async function qualificationFile(db: Db, companyId: number, fileId: number) {
  const [row] = await db
    .select({
      fileName: qualificationFiles.fileName,
      mime: qualificationFiles.mime,
      content: qualificationFiles.content,
    })
    .from(qualificationFiles)
    .where(and(eq(qualificationFiles.id, fileId), eq(qualificationFiles.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('文件不存在');
  return row;
}

/** What a review decides on: a registration (company pending) or a renewal (approved, files pending). */
async function reviewSubject(db: Db, id: number) {
  const c = await companyRow(db, id);
  const files = await db
    .select({ id: qualificationFiles.id })
    .from(qualificationFiles)
    .where(and(eq(qualificationFiles.companyId, id), eq(qualificationFiles.status, 'pending')));
  const kind: ReviewResult['kind'] | null =
    c.reviewStatus === 'pending'
      ? 'registration'
      : c.reviewStatus === 'approved' && files.length > 0
        ? 'renewal'
        : null;
  // 409: the decision was already taken (maybe by another operator a moment ago); nothing changes.
  if (kind === null) throw new AppError(409, 409, NOTHING_TO_REVIEW);
  return { company: c, kind, fileIds: files.map((f) => f.id) };
}

export interface ReviewResult {
  id: number;
  review_status: CompanyReviewStatus;
  review_note: string;
  kind: 'registration' | 'renewal';
}

/** Approves the registration (the company may buy from the next request on) or the renewal's files. */
export async function approveCompany(db: Db, actor: Actor, id: number, now: Date): Promise<ReviewResult> {
  return withTx(db, async (tx) => {
    // Row lock: two operators deciding at once take turns; the second gets the 409.
    await tx.execute(sql`select 1 from ${companies} where ${companies.id} = ${id} for update`);
    const { company, kind, fileIds } = await reviewSubject(tx, id);
    await tx
      .update(companies)
      .set({ reviewStatus: 'approved', reviewNote: '', updatedAt: now })
      .where(eq(companies.id, id));
    if (fileIds.length > 0) {
      await tx
        .update(qualificationFiles)
        .set({ status: 'approved', reviewNote: '', reviewedAt: now })
        .where(inArray(qualificationFiles.id, fileIds));
    }
    await writeAudit(
      tx,
      actor,
      {
        action: 'company.approve',
        targetType: 'company',
        targetId: id,
        before: { review_status: company.reviewStatus, review_note: company.reviewNote, kind, file_ids: fileIds },
        after: { review_status: 'approved', review_note: '' },
      },
      now,
    );
    await notifyCompany(
      tx,
      id,
      kind === 'registration' ? registrationDecidedMessage(true, '') : renewalDecidedMessage(true, ''),
      now,
    );
    return { id, review_status: 'approved', review_note: '', kind };
  });
}

/**
 * Rejects with a reason the buyer reads on the review page (review_note). A registration goes
 * back to rejected (the buyer resubmits); a renewal's files are rejected, the company stays approved.
 */
export async function rejectCompany(
  db: Db,
  actor: Actor,
  id: number,
  reason: string,
  now: Date,
): Promise<ReviewResult> {
  return withTx(db, async (tx) => {
    await tx.execute(sql`select 1 from ${companies} where ${companies.id} = ${id} for update`);
    const { company, kind, fileIds } = await reviewSubject(tx, id);
    const status: CompanyReviewStatus = kind === 'registration' ? 'rejected' : 'approved';
    await tx
      .update(companies)
      .set({ reviewStatus: status, reviewNote: reason, updatedAt: now })
      .where(eq(companies.id, id));
    if (fileIds.length > 0) {
      await tx
        .update(qualificationFiles)
        .set({ status: 'rejected', reviewNote: reason, reviewedAt: now })
        .where(inArray(qualificationFiles.id, fileIds));
    }
    await writeAudit(
      tx,
      actor,
      {
        action: 'company.reject',
        targetType: 'company',
        targetId: id,
        before: { review_status: company.reviewStatus, review_note: company.reviewNote, kind, file_ids: fileIds },
        after: { review_status: status, review_note: reason },
      },
      now,
    );
    await notifyCompany(
      tx,
      id,
      kind === 'registration' ? registrationDecidedMessage(false, reason) : renewalDecidedMessage(false, reason),
      now,
    );
    return { id, review_status: status, review_note: reason, kind };
  });
}

async function assertStaffRole(
  db: Db,
  id: number | null,
  role: 'account_manager' | 'salesperson',
  field: string,
  msg: string,
) {
  if (id === null) return;
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, id), eq(staff.role, role)))
    .limit(1);
  if (!row) throw validationError({ [field]: [msg] });
}

export async function updateCompanySettings(
  db: Db,
  actor: Actor,
  id: number,
  input: CompanySettingsInput,
  now: Date,
): Promise<CompanySettingsInput> {
  return withTx(db, async (tx) => {
    const c = await companyRow(tx, id);
    await assertStaffRole(tx, input.account_manager_id, 'account_manager', 'account_manager_id', '客户经理不存在');
    await assertStaffRole(tx, input.salesperson_id, 'salesperson', 'salesperson_id', '业务员不存在');
    const before: CompanySettingsInput = {
      rank: c.rank,
      account_manager_id: c.accountManagerId,
      salesperson_id: c.salespersonId,
      is_special: c.isSpecial,
      is_show_youx: c.isShowYoux,
      is_can_chat: c.isCanChat,
      is_after_sale: c.isAfterSale,
      business_scope: c.businessScope as CompanySettingsInput['business_scope'],
    };
    await tx
      .update(companies)
      .set({
        rank: input.rank,
        accountManagerId: input.account_manager_id,
        salespersonId: input.salesperson_id,
        isSpecial: input.is_special,
        isShowYoux: input.is_show_youx,
        isCanChat: input.is_can_chat,
        isAfterSale: input.is_after_sale,
        businessScope: input.business_scope,
        updatedAt: now,
      })
      .where(eq(companies.id, id));
    await writeAudit(
      tx,
      actor,
      { action: 'company.settings', targetType: 'company', targetId: id, before, after: input },
      now,
    );
    return input;
  });
}
