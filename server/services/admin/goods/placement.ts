// Where a goods hangs: its leaf category (with the ancestors goods carry as category_l1/l2), its
// maker (with the denormalised name and initials lists and search read), its brand and the
// warehouse it ships from. One check for 新建商品 and the editor, so a goods moved after creation
// meets exactly the rules of a new one; each refusal lands on its field.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { brands, categories, manufacturers, warehouses } from '../../../db/schema.ts';
import { validationError } from '../../../http/envelope.ts';

export interface PlacementInput {
  category_id: number;
  manufacturer_id: number;
  brand_id: number | null;
  warehouse_id: number;
}

/** The goods columns a placement sets. */
export interface Placement {
  categoryId: number;
  categoryL1: number;
  categoryL2: number;
  manufacturerId: number;
  sccj: string;
  sccjPinyinInitials: string;
  brandId: number | null;
  warehouseId: number;
}

/** The leaf's ancestors (category_l1, category_l2), or a field error. */
async function placeInTree(tx: Db, categoryId: number): Promise<{ l1: number; l2: number }> {
  const [cat] = await tx
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  if (!cat) throw validationError({ category_id: ['分类不存在'] });
  const [child] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, categoryId))
    .limit(1);
  if (child) throw validationError({ category_id: ['请选择最末一级分类'] });
  if (cat.parentId === null) return { l1: cat.id, l2: cat.id };
  const [parent] = await tx
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, cat.parentId))
    .limit(1);
  return parent.parentId === null ? { l1: parent.id, l2: cat.id } : { l1: parent.parentId, l2: parent.id };
}

/** Checks every reference of a placement (in the caller's transaction) and answers its columns. */
export async function resolvePlacement(tx: Db, input: PlacementInput): Promise<Placement> {
  const [maker] = await tx
    .select({ name: manufacturers.name, initials: manufacturers.pinyinInitials })
    .from(manufacturers)
    .where(eq(manufacturers.id, input.manufacturer_id))
    .limit(1);
  if (!maker) throw validationError({ manufacturer_id: ['生产厂家不存在'] });
  if (input.brand_id !== null) {
    const [b] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brand_id)).limit(1);
    if (!b) throw validationError({ brand_id: ['品牌不存在'] });
  }
  const [w] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.id, input.warehouse_id))
    .limit(1);
  if (!w) throw validationError({ warehouse_id: ['仓库不存在'] });
  const place = await placeInTree(tx, input.category_id);
  return {
    categoryId: input.category_id,
    categoryL1: place.l1,
    categoryL2: place.l2,
    manufacturerId: input.manufacturer_id,
    sccj: maker.name,
    sccjPinyinInitials: maker.initials,
    brandId: input.brand_id,
    warehouseId: input.warehouse_id,
  };
}
