// Where a company's registration stands (step 3), and who counts as a head office (多门店).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import { AppError } from '../../http/envelope.ts';
import { assertOwns, companyScope } from '../../auth/session.ts';
import type { ReviewStatus } from '@domain/user.ts';

const REVIEW_MESSAGES: Record<ReviewStatus, string> = {
  draft: '请完善企业资质信息',
  pending: '资质审核中，我们将在1个工作日内完成审核',
  approved: '资质已审核通过，欢迎采购',
  rejected: '资质审核未通过，请修改后重新提交',
};

export interface ReviewAnswer {
  review_status: ReviewStatus;
  msg: string;
  review_note: string;
  company: string;
}

/**
 * The review status of the member's own company, or of one of its stores (`storeId`; another
 * company's answers 门店不存在). A member without a company is still a draft.
 */
export async function reviewStatus(db: Db, companyId: number | null, storeId?: number): Promise<ReviewAnswer> {
  if (companyId === null) return { review_status: 'draft', msg: REVIEW_MESSAGES.draft, review_note: '', company: '' };
  let id = companyId;
  if (storeId !== undefined) {
    assertOwns(await companyScope(db, companyId), storeId, '门店不存在');
    id = storeId;
  }
  const [company] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return {
    review_status: company.reviewStatus,
    msg: REVIEW_MESSAGES[company.reviewStatus],
    review_note: company.reviewNote,
    company: company.name,
  };
}

/** The member's company if it may add stores (a top-level chain, or one managing stores), else 403. */
export async function requireHeadOffice(db: Db, companyId: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  const scope = await companyScope(db, companyId);
  if (!company || company.parentId !== null || (company.kind !== 'chain' && scope.length < 2)) {
    throw new AppError(403, 403, '仅连锁总部账号可添加门店');
  }
  return { company, scope };
}
