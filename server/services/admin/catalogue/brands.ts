// Brands in the console (issue 32 §1): name, logo, the brand zone's picture (banner), description,
// maker, order, shown or not. Goods name their brand by id and lists read it live. Only a brand no
// goods and no 品牌专区 slot names may be deleted.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { brands, focusItems, goods, manufacturers } from '../../../db/schema.ts';
import { isForeignKeyViolation } from '../../../db/errors.ts';
import { AppError, notFound, validationError } from '../../../http/envelope.ts';
import type { BrandInput, ConsoleBrand } from '@domain/admin-catalogue.ts';
import { writeAudit, type Actor } from '../audit.ts';

export const BRAND_NOT_FOUND = '品牌不存在';

export async function listConsoleBrands(db: Db): Promise<ConsoleBrand[]> {
  const rows = await db
    .select({ b: brands, n: sql<number>`(SELECT count(*)::int FROM goods g WHERE g.brand_id = ${brands.id})` })
    .from(brands)
    .orderBy(brands.sort, brands.id);
  return rows.map(({ b, n }) => ({
    id: b.id,
    name: b.name,
    logo: b.logo,
    banner: b.banner,
    description: b.description,
    manufacturer_id: b.manufacturerId,
    sort: b.sort,
    is_show: b.isShow,
    goods_count: n,
  }));
}

async function checkMaker(tx: Db, id: number | null): Promise<void> {
  if (id === null) return;
  const [m] = await tx.select({ id: manufacturers.id }).from(manufacturers).where(eq(manufacturers.id, id)).limit(1);
  if (!m) throw validationError({ manufacturer_id: ['生产厂家不存在'] });
}

const values = (input: BrandInput) => ({
  name: input.name,
  logo: input.logo,
  banner: input.banner,
  description: input.description,
  manufacturerId: input.manufacturer_id,
  sort: input.sort,
  isShow: input.is_show,
});

export async function saveBrand(
  db: Db,
  actor: Actor,
  id: number | null,
  input: BrandInput,
  now: Date,
): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    await checkMaker(tx, input.manufacturer_id);
    if (id === null) {
      const [row] = await tx.insert(brands).values(values(input)).returning({ id: brands.id });
      await writeAudit(tx, actor, { action: 'brand.create', targetType: 'brand', targetId: row.id, after: input }, now);
      return { id: row.id };
    }
    const [before] = await tx.select().from(brands).where(eq(brands.id, id)).limit(1).for('update');
    if (!before) throw notFound(BRAND_NOT_FOUND);
    await tx.update(brands).set(values(input)).where(eq(brands.id, id));
    await writeAudit(
      tx,
      actor,
      {
        action: 'brand.update',
        targetType: 'brand',
        targetId: id,
        before: {
          name: before.name,
          logo: before.logo,
          banner: before.banner,
          sort: before.sort,
          is_show: before.isShow,
        },
        after: input,
      },
      now,
    );
    return { id };
  });
}

export const BRAND_HAS_GOODS = '该品牌下还有商品，不能删除';
export const BRAND_IN_ZONE = '该品牌仍在品牌专区广告位中使用，不能删除';

const refuse = (msg: string) => new AppError(409, 409, msg);

export async function deleteBrand(db: Db, actor: Actor, id: number, now: Date): Promise<{ id: number }> {
  return withTx(db, async (tx) => {
    const [before] = await tx.select().from(brands).where(eq(brands.id, id)).limit(1).for('update');
    if (!before) throw notFound(BRAND_NOT_FOUND);
    const [used] = await tx.select({ id: goods.id }).from(goods).where(eq(goods.brandId, id)).limit(1);
    if (used) throw refuse(BRAND_HAS_GOODS);
    const [slot] = await tx
      .select({ id: focusItems.id })
      .from(focusItems)
      .where(and(eq(focusItems.slot, 'brand'), eq(focusItems.refId, id)))
      .limit(1);
    if (slot) throw refuse(BRAND_IN_ZONE);
    // A savepoint: a goods given this brand meanwhile (it committed after our check) refuses through the foreign key.
    await withTx(tx, (inner) => inner.delete(brands).where(eq(brands.id, id))).catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw refuse(BRAND_HAS_GOODS);
      throw err;
    });
    await writeAudit(
      tx,
      actor,
      {
        action: 'brand.delete',
        targetType: 'brand',
        targetId: id,
        before: { name: before.name, logo: before.logo, banner: before.banner },
      },
      now,
    );
    return { id };
  });
}
