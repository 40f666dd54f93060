// The goods name for its generated picture (/media/goods/:id.svg); one primary-key read.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goods } from '../../db/schema.ts';

export async function goodsNameById(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ name: goods.name }).from(goods).where(eq(goods.id, id)).limit(1);
  return row?.name ?? null;
}
