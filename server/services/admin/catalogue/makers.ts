// Manufacturers (生产厂家) in the console (issue 32 §1): name, short name, province; the pinyin
// keys are computed from the name on every save. Goods carry their maker's name (sccj) and
// initials for lists and search, so a rename or a merge rewrites those goods and notes them in the
// catalogue change log. Merging moves every goods and brand of one maker to another and removes
// the first (two spellings of one company).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { brands, goods, manufacturers } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { notFound, validationError } from '../../../http/envelope.ts';
import type { ConsoleMaker, MakerInput } from '@domain/admin-catalogue.ts';
import { searchKeysFor } from '../../search-keys.ts';
import { noteCatalogueChange } from '../../catalogue/changes.ts';
import { writeAudit, type Actor } from '../audit.ts';

export const MAKER_NOT_FOUND = '生产厂家不存在';
const NAME_TAKEN = '已有同名的生产厂家';

export async function listConsoleMakers(db: Db, q = ''): Promise<ConsoleMaker[]> {
  const rows = await db
    .select({
      m: manufacturers,
      n: sql<number>`(SELECT count(*)::int FROM goods g WHERE g.manufacturer_id = ${manufacturers.id})`,
    })
    .from(manufacturers)
    .where(
      q
        ? sql`(${manufacturers.name} LIKE ${`%${q}%`} OR ${manufacturers.pinyinInitials} LIKE ${`${q.toLowerCase()}%`})`
        : undefined,
    )
    .orderBy(manufacturers.id)
    .limit(200);
  return rows.map(({ m, n }) => ({
    id: m.id,
    name: m.name,
    short_name: m.shortName,
    pinyin_initials: m.pinyinInitials,
    province: m.province,
    goods_count: n,
  }));
}

/** Goods that carry this maker's name move with it; answers their ids. */
async function rewriteGoods(tx: Db, makerId: number, name: string, initials: string, now: Date): Promise<number[]> {
  const rows = await tx
    .update(goods)
    .set({ sccj: name, sccjPinyinInitials: initials, manufacturerId: makerId, updatedAt: now })
    .where(eq(goods.manufacturerId, makerId))
    .returning({ id: goods.id });
  return rows.map((r) => r.id);
}

export async function saveMaker(
  db: Db,
  actor: Actor,
  id: number | null,
  input: MakerInput,
  now: Date,
): Promise<{ id: number; pinyin_initials: string }> {
  const keys = searchKeysFor(input.name);
  const values = {
    name: input.name,
    shortName: input.short_name,
    province: input.province,
    pinyinFull: keys.pinyinFull,
    pinyinInitials: keys.pinyinInitials,
  };
  try {
    return await withTx(db, async (tx) => {
      if (id === null) {
        const [row] = await tx.insert(manufacturers).values(values).returning({ id: manufacturers.id });
        await writeAudit(
          tx,
          actor,
          { action: 'maker.create', targetType: 'manufacturer', targetId: row.id, after: input },
          now,
        );
        return { id: row.id, pinyin_initials: keys.pinyinInitials };
      }
      const [before] = await tx.select().from(manufacturers).where(eq(manufacturers.id, id)).limit(1).for('update');
      if (!before) throw notFound(MAKER_NOT_FOUND);
      await tx.update(manufacturers).set(values).where(eq(manufacturers.id, id));
      if (before.name !== input.name)
        await noteCatalogueChange(tx, await rewriteGoods(tx, id, input.name, keys.pinyinInitials, now), 'edited', now);
      await writeAudit(
        tx,
        actor,
        {
          action: 'maker.update',
          targetType: 'manufacturer',
          targetId: id,
          before: { name: before.name, short_name: before.shortName, province: before.province },
          after: input,
        },
        now,
      );
      return { id, pinyin_initials: keys.pinyinInitials };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw validationError({ name: [NAME_TAKEN] });
    throw err;
  }
}

export async function mergeMakers(
  db: Db,
  actor: Actor,
  fromId: number,
  intoId: number,
  now: Date,
): Promise<{ id: number; moved_goods: number }> {
  if (fromId === intoId) throw validationError({ into: ['不能合并到自己'] });
  return withTx(db, async (tx) => {
    // Both rows locked in id order: two opposite merges cannot deadlock.
    const locked = await tx
      .select()
      .from(manufacturers)
      .where(sql`${manufacturers.id} IN (${fromId}, ${intoId})`)
      .orderBy(manufacturers.id)
      .for('update');
    const from = locked.find((m) => m.id === fromId);
    const into = locked.find((m) => m.id === intoId);
    if (!from) throw notFound(MAKER_NOT_FOUND);
    if (!into) throw validationError({ into: ['合并到的厂家不存在'] });
    const moved = await tx
      .update(goods)
      .set({ manufacturerId: intoId, sccj: into.name, sccjPinyinInitials: into.pinyinInitials, updatedAt: now })
      .where(eq(goods.manufacturerId, fromId))
      .returning({ id: goods.id });
    await tx.update(brands).set({ manufacturerId: intoId }).where(eq(brands.manufacturerId, fromId));
    await tx.delete(manufacturers).where(eq(manufacturers.id, fromId));
    await noteCatalogueChange(
      tx,
      moved.map((r) => r.id),
      'edited',
      now,
    );
    await writeAudit(
      tx,
      actor,
      {
        action: 'maker.merge',
        targetType: 'manufacturer',
        targetId: intoId,
        before: { from_id: fromId, from_name: from.name },
        after: { into_id: intoId, into_name: into.name, goods: moved.length },
      },
      now,
    );
    return { id: intoId, moved_goods: moved.length };
  });
}
