// Messages operators send to buyers (公告 or a note to named companies): written through
// notifyCompany, one message per company, and ONE audit row per send in the same transaction.
// The audit row is also the record of what was sent (the console's 已发送 list), so there is no
// second table to keep in step with it (docs/decisions/buyer-service-console.md).
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { auditLog, companies } from '../../../db/schema.ts';
import { validationError } from '../../../http/envelope.ts';
import { notifyCompany } from '../../messages/notify.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { Paged } from '@domain/admin.ts';
import type { BuyerMessageTarget, SentBuyerMessage } from '@domain/buyer-service.ts';

export const BUYER_MESSAGE_ACTION = 'buyer_message.send';

export interface BuyerMessageInput {
  target: BuyerMessageTarget;
  /** For 'companies': the companies named (distinct). */
  companyIds: readonly number[];
  title: string;
  body: string;
  link: string | null;
}

interface SendRecord {
  target: BuyerMessageTarget;
  company_ids: number[];
  recipients: number;
  title: string;
  body: string;
  link: string | null;
}

/** Sends the message; returns how many companies got it. */
export async function sendBuyerMessage(
  db: Db,
  actor: Actor,
  input: BuyerMessageInput,
  now: Date,
): Promise<{ recipients: number }> {
  return withTx(db, async (tx) => {
    let ids: number[];
    if (input.target === 'all') {
      // 公告 reach every approved company; a store of a chain is a company of its own and reads it too.
      const rows = await tx.select({ id: companies.id }).from(companies).where(eq(companies.reviewStatus, 'approved'));
      ids = rows.map((r) => r.id);
    } else {
      const rows = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(inArray(companies.id, [...input.companyIds]));
      const found = new Set(rows.map((r) => r.id));
      const missing = input.companyIds.filter((id) => !found.has(id));
      if (missing.length > 0) throw validationError({ company_ids: [`企业不存在：${missing.join('、')}`] });
      ids = [...input.companyIds];
    }
    for (const companyId of ids) {
      await notifyCompany(
        tx,
        companyId,
        { kind: 'system', title: input.title, body: input.body, link: input.link },
        now,
      );
    }
    const record: SendRecord = {
      target: input.target,
      company_ids: input.target === 'all' ? [] : ids,
      recipients: ids.length,
      title: input.title,
      body: input.body,
      link: input.link,
    };
    await writeAudit(
      tx,
      actor,
      { action: BUYER_MESSAGE_ACTION, targetType: 'message', targetId: null, after: record },
      now,
    );
    return { recipients: ids.length };
  });
}

export async function listSentBuyerMessages(db: Db, page: number, size: number): Promise<Paged<SentBuyerMessage>> {
  const cond = eq(auditLog.action, BUYER_MESSAGE_ACTION);
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(cond);
  const rows = await db
    .select()
    .from(auditLog)
    .where(cond)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    total,
    page,
    size,
    list: rows.map((r) => {
      const rec = r.after as SendRecord;
      return {
        id: r.id,
        target: rec.target,
        company_ids: rec.company_ids,
        recipients: rec.recipients,
        title: rec.title,
        body: rec.body,
        link: rec.link,
        staff_name: r.staffName,
        created_at: r.createdAt.getTime(),
      };
    }),
  };
}
