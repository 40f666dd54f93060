// One page of a promotion kind's rows for a console list (flash/group, 换购), newest first so what
// an operator just created or scheduled is on page 1, with the kind's total for the pager.
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { promotions } from '../../db/schema.ts';

export async function promotionPage(
  db: Db,
  kind: string,
  page: number,
  size: number,
): Promise<{ rows: (typeof promotions.$inferSelect)[]; total: number }> {
  const where = eq(promotions.kind, kind);
  const [{ total }] = await db.select({ total: count() }).from(promotions).where(where);
  const rows = await db
    .select()
    .from(promotions)
    .where(where)
    .orderBy(desc(promotions.id))
    .limit(size)
    .offset((page - 1) * size);
  return { rows, total };
}
