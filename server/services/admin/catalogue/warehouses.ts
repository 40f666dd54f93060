// Warehouses (ck_id) in the console (issue 32 §1): name and region. Each goods ships from one
// (chosen when it is created); lists read the name live, and a rename notes the goods shipping
// from it in the catalogue change log (their list item carries ck_name).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { goods, warehouses } from '../../../db/schema.ts';
import { notFound } from '../../../http/envelope.ts';
import type { ConsoleWarehouse, WarehouseInput } from '@domain/admin-catalogue.ts';
import { noteCatalogueChange } from '../../catalogue/changes.ts';
import { writeAudit, type Actor } from '../audit.ts';

export const WAREHOUSE_NOT_FOUND = '仓库不存在';

export async function listConsoleWarehouses(db: Db): Promise<ConsoleWarehouse[]> {
  const rows = await db
    .select({
      w: warehouses,
      n: sql<number>`(SELECT count(*)::int FROM goods g WHERE g.warehouse_id = ${warehouses.id})`,
    })
    .from(warehouses)
    .orderBy(warehouses.id);
  return rows.map(({ w, n }) => ({ id: w.id, name: w.name, region: w.region, goods_count: n }));
}

export async function saveWarehouse(
  db: Db,
  actor: Actor,
  id: number | null,
  input: WarehouseInput,
  now: Date,
): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    if (id === null) {
      const [row] = await tx
        .insert(warehouses)
        .values({ name: input.name, region: input.region })
        .returning({ id: warehouses.id });
      await writeAudit(
        tx,
        actor,
        { action: 'warehouse.create', targetType: 'warehouse', targetId: row.id, after: input },
        now,
      );
      return { id: row.id };
    }
    const [before] = await tx.select().from(warehouses).where(eq(warehouses.id, id)).limit(1).for('update');
    if (!before) throw notFound(WAREHOUSE_NOT_FOUND);
    await tx.update(warehouses).set({ name: input.name, region: input.region }).where(eq(warehouses.id, id));
    if (before.name !== input.name) {
      const shipping = await tx.select({ id: goods.id }).from(goods).where(eq(goods.warehouseId, id));
      await noteCatalogueChange(
        tx,
        shipping.map((g) => g.id),
        'edited',
        now,
      );
    }
    await writeAudit(
      tx,
      actor,
      {
        action: 'warehouse.update',
        targetType: 'warehouse',
        targetId: id,
        before: { name: before.name, region: before.region },
        after: input,
      },
      now,
    );
    return { id };
  });
}
