// 意见反馈 / 投诉建议: a buyer's feedback with optional screenshots (stored as uploads, purpose
// 'feedback', served by GET /api/upload/{id} to the company only), and the replies to it.
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { feedback } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';
import type { Page } from '@domain/envelope.ts';
import {
  FEEDBACK_CATEGORY_TEXT,
  type FeedbackCategory,
  type FeedbackInput,
  type FeedbackItem,
} from '@domain/feedback.ts';
import { storePhotos, uploadUrl, type CheckedPhoto } from '../after-sales/photos.ts';

export const FEEDBACK_NOT_FOUND = '反馈不存在';

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

/** The wire shape of a row; the console swaps the photo URLs for its own. */
export function toView(r: typeof feedback.$inferSelect): FeedbackItem {
  const category = r.kind as FeedbackCategory;
  return {
    id: r.id,
    category,
    category_text: FEEDBACK_CATEGORY_TEXT[category] ?? r.kind,
    content: r.content,
    contact: r.contact,
    photos: r.photos.map(uploadUrl),
    reply: r.reply,
    replied_at: r.repliedAt ? seconds(r.repliedAt) : null,
    created_at: seconds(r.createdAt),
  };
}

/** Stores the screenshots and the feedback in one transaction: no orphan uploads on a failure. */
export async function createFeedback(
  db: Db,
  companyId: number,
  input: FeedbackInput,
  photos: readonly CheckedPhoto[],
  now: Date,
): Promise<FeedbackItem> {
  return withTx(db, async (tx) => {
    const photoIds = await storePhotos(tx, companyId, 'feedback', photos, now);
    const [row] = await tx
      .insert(feedback)
      .values({
        companyId,
        kind: input.category,
        content: input.content,
        contact: input.contact,
        photos: photoIds,
        createdAt: now,
      })
      .returning();
    return toView(row);
  });
}

export async function listFeedback(
  db: Db,
  companyIds: readonly number[],
  page: number,
  pageSize: number,
): Promise<Page<FeedbackItem>> {
  const where = inArray(feedback.companyId, [...companyIds]);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(feedback)
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(feedback).where(where),
  ]);
  return { list: rows.map(toView), total: n, page, page_size: pageSize };
}

/** Our reply (the console's POST /api/admin/feedback/{id}/reply, which writes the audit row). */
export async function replyFeedback(db: Db, id: number, reply: string, now: Date): Promise<FeedbackItem> {
  const [row] = await db.update(feedback).set({ reply, repliedAt: now }).where(eq(feedback.id, id)).returning();
  if (!row) throw notFound(FEEDBACK_NOT_FOUND);
  return toView(row);
}
