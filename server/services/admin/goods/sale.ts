// 上架/下架 (issue 32 §1): a first-class move with its reason in the audit row and its change-log
// row (on_sale / off_sale), so a retired goods leaves lists, search and suggestions at once (the
// caches follow the log). The editor does not flip it (edit.ts refuses): every move has a reason.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { goods } from '../../../db/schema.ts';
import { AppError, notFound } from '../../../http/envelope.ts';
import { noteCatalogueChange } from '../../catalogue/changes.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { GOODS_NOT_FOUND } from './detail.ts';

export async function setGoodsSale(
  db: Db,
  actor: Actor,
  id: number,
  onSale: boolean,
  reason: string,
  now: Date,
): Promise<{ id: number; is_on_sale: boolean }> {
  return withTx(db, async (tx) => {
    const [row] = await tx
      .select({ isOnSale: goods.isOnSale })
      .from(goods)
      .where(eq(goods.id, id))
      .limit(1)
      .for('update');
    if (!row) throw notFound(GOODS_NOT_FOUND);
    if (row.isOnSale === onSale) throw new AppError(409, 409, onSale ? '该商品已上架' : '该商品已下架');
    await tx.update(goods).set({ isOnSale: onSale, updatedAt: now }).where(eq(goods.id, id));
    await writeAudit(
      tx,
      actor,
      {
        action: onSale ? 'goods.on_sale' : 'goods.off_sale',
        targetType: 'goods',
        targetId: id,
        before: { is_on_sale: row.isOnSale },
        after: { is_on_sale: onSale, reason },
      },
      now,
    );
    await noteCatalogueChange(tx, [id], onSale ? 'on_sale' : 'off_sale', now);
    return { id, is_on_sale: onSale };
  });
}
