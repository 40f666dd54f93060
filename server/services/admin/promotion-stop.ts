// 停止 for a promotion row the caller has found and locked (flash sale, group buy, 换购): a stopped
// one answers 409 活动已停止, else is_active turns false with its audit row in the same
// transaction. Rule promotions audit their whole snapshot instead (promotion-rules.ts).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { promotions } from '../../db/schema.ts';
import { AppError } from '../../http/envelope.ts';
import { writeAudit, type Actor } from './audit.ts';

export async function stopLockedPromotion(
  tx: Db,
  actor: Actor,
  p: { id: number; isActive: boolean },
  action: 'promotion.stop' | 'exchange.stop',
  now: Date,
): Promise<{ id: number }> {
  if (!p.isActive) throw new AppError(409, 409, '活动已停止');
  await tx.update(promotions).set({ isActive: false }).where(eq(promotions.id, p.id));
  await writeAudit(
    tx,
    actor,
    {
      action,
      targetType: 'promotion',
      targetId: p.id,
      before: { is_active: true },
      after: { is_active: false },
    },
    now,
  );
  return { id: p.id };
}
