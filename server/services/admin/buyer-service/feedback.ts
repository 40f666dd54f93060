// The console's 意见反馈 / 投诉建议: every company's feedback by category and status (待回复 /
// 已回复), one item with its screenshots (URLs of the console's own photo route, since the shop's
// /api/upload serves a photo only to its company), and the reply with its audit row.
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { companies, feedback } from '../../../db/schema.ts';
import { notFound } from '../../../http/envelope.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { FEEDBACK_NOT_FOUND, replyFeedback, toView } from '../../feedback/feedback.ts';
import type { Paged } from '@domain/admin.ts';
import type { AdminFeedback, FeedbackStatus } from '@domain/buyer-service.ts';
import type { FeedbackCategory } from '@domain/feedback.ts';
import { pageOf, rowsBefore } from '../../../db/paging.ts';
import { escapeLike } from '../../../db/like.ts';

export const FEEDBACK_PHOTO_PURPOSE = 'feedback';
export const consolePhotoUrl = (id: number): string => `/api/admin/feedback/photo/${id}`;

export interface FeedbackQuery {
  category?: FeedbackCategory;
  status?: FeedbackStatus;
  q?: string;
  page: number;
  size: number;
}

const selectRows = (db: Db) =>
  db
    .select({ row: feedback, companyName: companies.name })
    .from(feedback)
    .leftJoin(companies, eq(companies.id, feedback.companyId));

type Joined = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

const toAdmin = (r: Joined): AdminFeedback => ({
  ...toView(r.row),
  photos: r.row.photos.map(consolePhotoUrl),
  company_id: r.row.companyId,
  company_name: r.companyName ?? '',
  status: r.row.repliedAt ? 'replied' : 'waiting',
});

export async function searchFeedback(db: Db, query: FeedbackQuery): Promise<Paged<AdminFeedback>> {
  const where: SQL[] = [];
  if (query.category) where.push(eq(feedback.kind, query.category));
  if (query.status) where.push(query.status === 'replied' ? isNotNull(feedback.repliedAt) : isNull(feedback.repliedAt));
  if (query.q) {
    const p = `%${escapeLike(query.q)}%`;
    const text = or(ilike(feedback.content, p), ilike(companies.name, p));
    if (text) where.push(text);
  }
  const cond = where.length > 0 ? and(...where) : undefined;
  const [{ total }] = await db
    .select({ total: count() })
    .from(feedback)
    .leftJoin(companies, eq(companies.id, feedback.companyId))
    .where(cond);
  const order =
    query.status === 'waiting'
      ? [asc(feedback.createdAt), asc(feedback.id)]
      : [desc(feedback.createdAt), desc(feedback.id)];
  const rows = await selectRows(db)
    .where(cond)
    .orderBy(...order)
    .limit(query.size)
    .offset(rowsBefore(query));
  return pageOf(query, total, rows.map(toAdmin));
}

export async function getAdminFeedback(db: Db, id: number): Promise<AdminFeedback> {
  const [row] = await selectRows(db).where(eq(feedback.id, id)).limit(1);
  if (!row) throw notFound(FEEDBACK_NOT_FOUND);
  return toAdmin(row);
}

export async function answerFeedback(
  db: Db,
  actor: Actor,
  id: number,
  reply: string,
  now: Date,
): Promise<AdminFeedback> {
  return withTx(db, async (tx) => {
    const [before] = await tx
      .select({ reply: feedback.reply })
      .from(feedback)
      .where(eq(feedback.id, id))
      .for('update')
      .limit(1);
    if (!before) throw notFound(FEEDBACK_NOT_FOUND);
    await replyFeedback(tx, id, reply, now);
    await writeAudit(
      tx,
      actor,
      {
        action: 'feedback.reply',
        targetType: 'feedback',
        targetId: id,
        before: { reply: before.reply },
        after: { reply },
      },
      now,
    );
    return getAdminFeedback(tx, id);
  });
}
