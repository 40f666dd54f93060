// How many draws a company may make in one lucky draw: the free chances (draws.times_per_company)
// plus one per paid order of at least draws.order_min_amount placed inside the draw's window
// (docs/decisions/lucky-draw.md). Used chances are its draw_records.
import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { drawRecords, draws, orders } from '../../db/schema.ts';

/** Order states that count: paid and beyond; a cancelled or unpaid order earns nothing. */
const PAID_STATUSES = ['paid', 'shipped', 'completed'];

export type DrawRow = typeof draws.$inferSelect;

export async function chancesLeft(db: Db, draw: DrawRow, companyId: number): Promise<number> {
  let earned = draw.timesPerCompany;
  if (draw.orderMinAmount !== null) {
    const [row] = await db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.companyId, companyId),
          eq(orders.kind, 'normal'),
          inArray(orders.status, PAID_STATUSES),
          gte(orders.payAmount, draw.orderMinAmount),
          gte(orders.createdAt, draw.startsAt),
          lt(orders.createdAt, draw.endsAt),
        ),
      );
    earned += row.n;
  }
  const [used] = await db
    .select({ n: count() })
    .from(drawRecords)
    .where(and(eq(drawRecords.drawId, draw.id), eq(drawRecords.companyId, companyId)));
  return Math.max(0, earned - used.n);
}
