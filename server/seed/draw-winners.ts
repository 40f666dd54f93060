// Earlier wins of the running draw by other demo companies, so the draw page's winners' ticker
// (GET /api/draw/new_record) shows a moving list on a fresh demo. Each uses that company's free
// chance and one unit of the prize's stock, as a real draw would; demo's own chances are untouched.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { drawPrizes, drawRecords } from '../db/schema.ts';
import { addMinutes } from './dates.ts';

/** Prize names of the seeded 幸运大转盘 (promotions.ts seedLuckyDraw), one per winner below. */
const WINS = ['200积分', '满500减20优惠券', '50积分', '满1000减50优惠券'] as const;

export async function seedDrawWinners(db: Db, now: Date, drawId: number, companyIds: readonly number[]): Promise<void> {
  const prizes = await db
    .select({ id: drawPrizes.id, name: drawPrizes.name, remarks: drawPrizes.remarks })
    .from(drawPrizes)
    .where(and(eq(drawPrizes.drawId, drawId), inArray(drawPrizes.name, [...WINS])));
  const byName = new Map(prizes.map((p) => [p.name, p]));
  const rows = companyIds.flatMap((companyId, i) => {
    const prize = byName.get(WINS[i % WINS.length]);
    // Oldest first, so the ticker (newest first) starts with the last one.
    return prize
      ? [
          {
            drawId,
            companyId,
            prizeId: prize.id,
            prizeName: prize.name,
            prizeRemarks: prize.remarks,
            createdAt: addMinutes(now, -(companyIds.length - i) * 97),
          },
        ]
      : [];
  });
  if (rows.length === 0) return;
  await db.insert(drawRecords).values(rows);
  for (const r of rows)
    await db
      .update(drawPrizes)
      .set({ stock: sql`${drawPrizes.stock} - 1` })
      .where(eq(drawPrizes.id, r.prizeId));
}
