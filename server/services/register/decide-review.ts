// The operator's review decision on a submitted registration (资质审核): approved or rejected with
// a reason. The dev endpoint POST /api/dev/company/{id}/review calls it until the operator console
// does; either way the company hears of it in 我的消息, written in the same transaction.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { companies } from '../../db/schema.ts';
import { badRequest, notFound, validationError } from '../../http/envelope.ts';
import { notifyCompany } from '../messages/notify.ts';
import { registrationDecidedMessage } from '../messages/texts.ts';

export const COMPANY_NOT_FOUND = '企业不存在';
export const REVIEW_NOTE_REQUIRED = '请填写未通过的原因';

export async function decideRegistration(
  db: Db,
  companyId: number,
  decision: { approved: boolean; note: string },
  now: Date,
): Promise<void> {
  const note = decision.note.trim();
  if (!decision.approved && note === '') throw validationError({ note: [REVIEW_NOTE_REQUIRED] });
  await withTx(db, async (tx) => {
    const [company] = await tx.select({ status: companies.reviewStatus }).from(companies).where(eq(companies.id, companyId)).for('update');
    if (!company) throw notFound(COMPANY_NOT_FOUND);
    if (company.status !== 'pending') throw badRequest('该企业资质不在待审核状态');
    await tx
      .update(companies)
      .set({ reviewStatus: decision.approved ? 'approved' : 'rejected', reviewNote: decision.approved ? '' : note, updatedAt: now })
      .where(eq(companies.id, companyId));
    await notifyCompany(tx, companyId, registrationDecidedMessage(decision.approved, note), now);
  });
}
