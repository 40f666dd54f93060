// Demo rows for the console's 客服 screens (issue 18): a screenshot on demo's waiting feedback, so
// 意见反馈 shows one, and a 公告 that `support` sent some weeks ago through the real send (one
// message per approved company and its audit row), so 消息推送 lists what was sent. The buyers
// read that 公告 long ago: it adds no unread badge to the demo accounts.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { feedback, messages, staff, uploads } from '../db/schema.ts';
import { sendBuyerMessage } from '../services/admin/buyer-service/buyer-messages.ts';
import { FEEDBACK_PHOTO_PURPOSE } from '../services/admin/buyer-service/feedback.ts';
import { documentPng } from './document-png.ts';
import { addDays } from './dates.ts';

export async function seedBuyerService(db: Db, now: Date, demoCompanyId: number): Promise<void> {
  const [waiting] = await db
    .select({ id: feedback.id })
    .from(feedback)
    .where(and(eq(feedback.companyId, demoCompanyId), isNull(feedback.repliedAt)))
    .limit(1);
  if (waiting) {
    const content = documentPng(480, 320, [40, 110, 170], 7);
    const [photo] = await db
      .insert(uploads)
      .values({
        companyId: demoCompanyId,
        purpose: FEEDBACK_PHOTO_PURPOSE,
        mime: 'image/png',
        size: content.byteLength,
        content,
        createdAt: addDays(now, -1),
      })
      .returning({ id: uploads.id });
    await db
      .update(feedback)
      .set({ photos: [photo.id] })
      .where(eq(feedback.id, waiting.id));
  }

  const [support] = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(eq(staff.username, 'support'))
    .limit(1);
  if (!support) return;
  const sentAt = addDays(now, -21);
  const title = '国庆期间发货安排';
  await sendBuyerMessage(
    db,
    { staffId: support.id, name: support.name, ip: '127.0.0.1' },
    {
      target: 'all',
      companyIds: [],
      title,
      body: '10月1日至10月7日期间订单将于10月8日起陆续发出，急用品种请提前备货。',
      link: null,
    },
    sentAt,
  );
  await db
    .update(messages)
    .set({ readAt: addDays(sentAt, 1) })
    .where(eq(messages.title, title));
}
