// Crediting a won prize inside the draw's transaction: a coupon lands in 我的优惠券, points in the
// wallet with a ledger row. A goods prize has nothing to credit here: its draw record waits for the
// next order (server/services/draws/prize-lines.ts, docs/decisions/lucky-draw.md).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyCoupons, couponTemplates, drawPrizes, walletLedger, wallets } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type PrizeRow = typeof drawPrizes.$inferSelect;

export async function creditPrize(tx: Db, companyId: number, prize: PrizeRow, now: Date): Promise<void> {
  if (prize.kind === 'coupon' && prize.refId !== null) {
    const [template] = await tx
      .update(couponTemplates)
      .set({ issued: sql`${couponTemplates.issued} + 1` })
      .where(eq(couponTemplates.id, prize.refId))
      .returning({ id: couponTemplates.id, validDays: couponTemplates.validDays });
    if (!template) throw new Error(`draw prize ${prize.id}: coupon template ${prize.refId} is missing`);
    await tx.insert(companyCoupons).values({
      companyId,
      templateId: template.id,
      receivedAt: now,
      expiresAt: new Date(now.getTime() + template.validDays * DAY_MS),
    });
  } else if (prize.kind === 'points' && prize.refId !== null && prize.refId > 0) {
    const points = prize.refId;
    const [wallet] = await tx
      .insert(wallets)
      .values({ companyId, points, updatedAt: now })
      .onConflictDoUpdate({
        target: wallets.companyId,
        set: { points: sql`${wallets.points} + ${points}`, updatedAt: now },
      })
      .returning({ points: wallets.points });
    await tx.insert(walletLedger).values({
      companyId,
      account: 'points',
      amount: points,
      balanceAfter: wallet.points,
      useType: 'draw',
      remark: `幸运抽奖：${prize.name}`,
      createdAt: now,
    });
  }
}
