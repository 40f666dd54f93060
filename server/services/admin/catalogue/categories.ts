// The category tree in the console (issue 32 §1): up to three levels, names, icons (logo/logo1),
// order, the menu a root belongs to (zone), a subtree moved under another parent, and deleting
// only an empty category. Goods carry their leaf's ancestors (category_l1/l2), so a move rewrites
// those of every goods below and notes them in the catalogue change log.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { categories, goods } from '../../../db/schema.ts';
import { AppError, notFound, validationError } from '../../../http/envelope.ts';
import { isForeignKeyViolation } from '../../../db/errors.ts';
import { CATEGORY_LEVELS_MAX, type CategoryInput, type ConsoleCategory } from '@domain/admin-catalogue.ts';
import { noteCatalogueChange } from '../../catalogue/changes.ts';
import { writeAudit, type Actor } from '../audit.ts';

export const CATEGORY_NOT_FOUND = '分类不存在';
const refuse = (msg: string) => new AppError(409, 409, msg);

type Row = typeof categories.$inferSelect;

export async function listConsoleCategories(db: Db): Promise<ConsoleCategory[]> {
  const rows = await db
    .select({
      c: categories,
      n: sql<number>`(SELECT count(*)::int FROM goods g WHERE g.category_id = ${categories.id})`,
    })
    .from(categories)
    .orderBy(categories.level, categories.sort, categories.id);
  return rows.map(({ c, n }) => ({
    id: c.id,
    parent_id: c.parentId,
    level: c.level,
    name: c.name,
    logo: c.logo,
    logo1: c.logo1,
    sort: c.sort,
    zone: c.zone,
    is_show: c.isShow,
    goods_count: n,
  }));
}

async function lock(tx: Db, id: number): Promise<Row> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).limit(1).for('update');
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return row;
}

const goodsIn = async (tx: Db, id: number) =>
  (await tx.select({ id: goods.id }).from(goods).where(eq(goods.categoryId, id)).limit(1)).length > 0;

/** The parent a category may hang under: exists, not at the last level, holds no goods itself. */
async function parentFor(tx: Db, parentId: number | null): Promise<Row | null> {
  if (parentId === null) return null;
  const [parent] = await tx.select().from(categories).where(eq(categories.id, parentId)).limit(1).for('update');
  if (!parent) throw validationError({ parent_id: ['上级分类不存在'] });
  if (parent.level >= CATEGORY_LEVELS_MAX) throw validationError({ parent_id: [`分类最多${CATEGORY_LEVELS_MAX}级`] });
  if (await goodsIn(tx, parent.id)) throw validationError({ parent_id: ['上级分类下已有商品，不能再添加下级分类'] });
  return parent;
}

export async function createCategory(db: Db, actor: Actor, input: CategoryInput, now: Date): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const parent = await parentFor(tx, input.parent_id);
    const [row] = await tx
      .insert(categories)
      .values({
        parentId: parent?.id ?? null,
        level: (parent?.level ?? 0) + 1,
        name: input.name,
        logo: input.logo,
        logo1: input.logo1,
        sort: input.sort,
        zone: parent?.zone ?? input.zone,
        isShow: input.is_show,
      })
      .returning({ id: categories.id });
    await writeAudit(
      tx,
      actor,
      { action: 'category.create', targetType: 'category', targetId: row.id, after: input },
      now,
    );
    return { id: row.id };
  });
}

export async function updateCategory(
  db: Db,
  actor: Actor,
  id: number,
  input: Omit<CategoryInput, 'parent_id'>,
  now: Date,
): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const before = await lock(tx, id);
    // The zone is the root's; children follow it.
    const zone = before.parentId === null ? input.zone : before.zone;
    await tx
      .update(categories)
      .set({ name: input.name, logo: input.logo, logo1: input.logo1, sort: input.sort, isShow: input.is_show, zone })
      .where(eq(categories.id, id));
    if (before.parentId === null && zone !== before.zone)
      await tx.execute(
        sql`UPDATE categories SET zone = ${zone} WHERE id IN (SELECT id FROM categories WHERE parent_id = ${id} UNION SELECT c.id FROM categories c JOIN categories p ON p.id = c.parent_id WHERE p.parent_id = ${id})`,
      );
    await writeAudit(
      tx,
      actor,
      {
        action: 'category.update',
        targetType: 'category',
        targetId: id,
        before: { name: before.name, sort: before.sort, zone: before.zone, is_show: before.isShow },
        after: input,
      },
      now,
    );
    return { id };
  });
}

/** The subtree under `id` (itself first) with each one's depth below it. */
async function subtree(tx: Db, id: number): Promise<{ id: number; depth: number }[]> {
  const out = [{ id, depth: 0 }];
  let level = [id];
  for (let depth = 1; level.length > 0 && depth < CATEGORY_LEVELS_MAX; depth++) {
    level = (await tx.select({ id: categories.id }).from(categories).where(inArray(categories.parentId, level))).map(
      (r) => r.id,
    );
    out.push(...level.map((c) => ({ id: c, depth })));
  }
  return out;
}

export async function moveCategory(
  db: Db,
  actor: Actor,
  id: number,
  parentId: number | null,
  now: Date,
): Promise<{ id: number; moved_goods: number }> {
  return withTx(db, async (tx) => {
    const before = await lock(tx, id);
    const tree = await subtree(tx, id);
    if (parentId !== null && tree.some((n) => n.id === parentId))
      throw validationError({ parent_id: ['不能移动到自己或自己的下级分类下'] });
    const parent = await parentFor(tx, parentId);
    const newLevel = (parent?.level ?? 0) + 1;
    const deepest = Math.max(...tree.map((n) => n.depth));
    if (newLevel + deepest > CATEGORY_LEVELS_MAX)
      throw validationError({ parent_id: [`移动后超过${CATEGORY_LEVELS_MAX}级分类`] });
    const zone = parent?.zone ?? before.zone;
    for (const n of tree)
      await tx
        .update(categories)
        .set({ level: newLevel + n.depth, zone })
        .where(eq(categories.id, n.id));
    await tx
      .update(categories)
      .set({ parentId: parent?.id ?? null })
      .where(eq(categories.id, id));
    // Every goods below gets its new ancestors, from the tree as it is now.
    const ids = tree.map((n) => n.id);
    const moved = await tx.execute(sql`
      UPDATE goods g SET
        category_l1 = coalesce(p2.id, p1.id, c.id),
        category_l2 = CASE WHEN p2.id IS NOT NULL THEN p1.id WHEN p1.id IS NOT NULL THEN c.id ELSE c.id END,
        updated_at = ${now.toISOString()}::timestamptz
      FROM categories c
      LEFT JOIN categories p1 ON p1.id = c.parent_id
      LEFT JOIN categories p2 ON p2.id = p1.parent_id
      WHERE c.id = g.category_id AND g.category_id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})
      RETURNING g.id`);
    const goodsIds = (moved as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
    await noteCatalogueChange(tx, goodsIds, 'edited', now);
    await writeAudit(
      tx,
      actor,
      {
        action: 'category.move',
        targetType: 'category',
        targetId: id,
        before: { parent_id: before.parentId, level: before.level },
        after: { parent_id: parent?.id ?? null, level: newLevel, goods: goodsIds.length },
      },
      now,
    );
    return { id, moved_goods: goodsIds.length };
  });
}

export async function deleteCategory(db: Db, actor: Actor, id: number, now: Date): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    // A savepoint: a row elsewhere still naming the category (a coupon's scope) refuses with a reason.
    return withTx(tx, (inner) => removeCategory(inner, actor, id, now)).catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw refuse('该分类仍被优惠券或其他设置引用，不能删除');
      throw err;
    });
  });
}

async function removeCategory(tx: Db, actor: Actor, id: number, now: Date): Promise<{ id: number }> {
  {
    const before = await lock(tx, id);
    const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1);
    if (child) throw refuse('该分类下还有下级分类，不能删除');
    if (await goodsIn(tx, id)) throw refuse('该分类下还有商品，不能删除');
    const [any] = await tx
      .select({ id: goods.id })
      .from(goods)
      .where(and(sql`(${goods.categoryL1} = ${id} OR ${goods.categoryL2} = ${id})`))
      .limit(1);
    if (any) throw refuse('该分类下还有商品，不能删除');
    await tx.delete(categories).where(eq(categories.id, id));
    await writeAudit(
      tx,
      actor,
      {
        action: 'category.delete',
        targetType: 'category',
        targetId: id,
        before: { name: before.name, parent_id: before.parentId, level: before.level },
      },
      now,
    );
    return { id };
  }
}
