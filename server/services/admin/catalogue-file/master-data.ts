// The master data a catalogue file names, matched by name: makers, brands, warehouses, and
// categories by their path (`中成药/感冒用药`). With 创建缺少的… on, the makers, brands and
// categories a file names that do not exist are created by the apply, in its transaction, by the
// same rules as the console's screens (a category hangs under a parent that holds no goods, at most
// three levels, the root's zone); warehouses are never created from a file.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { brands, categories, manufacturers, warehouses } from '../../../db/schema.ts';
import { CATEGORY_LEVELS_MAX } from '@domain/admin-catalogue.ts';
import { CATEGORY_PATH_SEPARATOR } from '@domain/catalogue-file.ts';
import { searchKeysFor } from '../../search-keys.ts';
import { rowsOf } from '../../goods/search.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { categoryPathText } from './cells.ts';

export interface CategoryNode {
  id: number;
  parentId: number | null;
  level: number;
  name: string;
  path: string;
  zone: 'standard' | 'zy' | 'qx';
  hasChildren: boolean;
  hasGoods: boolean;
  /** category_l1, category_l2 of a goods on this leaf. */
  l1: number;
  l2: number;
}

export interface MasterData {
  makers: Map<string, { id: number; initials: string }>;
  brands: Map<string, number>;
  warehouses: Map<string, number>;
  categoriesByPath: Map<string, CategoryNode>;
  categoriesById: Map<number, CategoryNode>;
  /** Names by id, for writing a goods' cells. */
  brandNames: Map<number, string>;
  warehouseNames: Map<number, string>;
}

/** A leaf's category_l1/l2, as 新建商品 sets them: a root is both, a second level its root and itself. */
function placeUnder(parent: CategoryNode | null, id: number): { l1: number; l2: number } {
  if (parent === null) return { l1: id, l2: id };
  return parent.parentId === null ? { l1: parent.id, l2: id } : { l1: parent.parentId, l2: parent.id };
}

export async function loadMasterData(db: Db): Promise<MasterData> {
  const [makerRows, brandRows, warehouseRows, categoryRows] = [
    await db
      .select({ id: manufacturers.id, name: manufacturers.name, initials: manufacturers.pinyinInitials })
      .from(manufacturers)
      .orderBy(manufacturers.id),
    await db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(brands.id),
    await db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).orderBy(warehouses.id),
    rowsOf<{
      id: number;
      parent_id: number | null;
      level: number;
      name: string;
      zone: CategoryNode['zone'];
      has_children: boolean;
      has_goods: boolean;
    }>(
      await db.execute(sql`
        SELECT c.id, c.parent_id, c.level, c.name, c.zone,
               EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id) AS has_children,
               EXISTS (SELECT 1 FROM goods g WHERE g.category_id = c.id) AS has_goods
        FROM categories c ORDER BY c.level, c.id`),
    ),
  ];
  const first = <V>(m: Map<string, V>, k: string, v: V) => void (m.has(k) || m.set(k, v));
  const md: MasterData = {
    makers: new Map(),
    brands: new Map(),
    warehouses: new Map(),
    categoriesByPath: new Map(),
    categoriesById: new Map(),
    brandNames: new Map(brandRows.map((r) => [r.id, r.name])),
    warehouseNames: new Map(warehouseRows.map((r) => [r.id, r.name])),
  };
  for (const r of makerRows) first(md.makers, r.name, { id: r.id, initials: r.initials });
  for (const r of brandRows) first(md.brands, r.name, r.id);
  for (const r of warehouseRows) first(md.warehouses, r.name, r.id);
  // Levels ascend, so a parent is known before its children. Two siblings of one name: the older wins.
  for (const r of categoryRows) {
    const parent = r.parent_id === null ? null : md.categoriesById.get(r.parent_id);
    const path = parent ? `${parent.path}${CATEGORY_PATH_SEPARATOR}${r.name}` : r.name;
    const node: CategoryNode = {
      id: r.id,
      parentId: r.parent_id,
      level: r.level,
      name: r.name,
      path,
      zone: r.zone,
      hasChildren: r.has_children,
      hasGoods: r.has_goods,
      ...placeUnder(parent ?? null, r.id),
    };
    md.categoriesById.set(r.id, node);
    first(md.categoriesByPath, path, node);
  }
  return md;
}

/** Why a category path cannot be created, or null. `planned` are paths this file already creates. */
export function categoryPathProblem(md: MasterData, path: string, planned: ReadonlySet<string>): string | null {
  const parts = path.split(CATEGORY_PATH_SEPARATOR);
  if (parts.length > CATEGORY_LEVELS_MAX) return `分类最多${CATEGORY_LEVELS_MAX}级`;
  if (parts.some((p) => p.length > 20)) return '分类名称最多20个字';
  for (let depth = parts.length - 1; depth >= 1; depth--) {
    const ancestor = categoryPathText(parts.slice(0, depth));
    const node = md.categoriesByPath.get(ancestor);
    if (node) return node.hasGoods ? `上级分类“${ancestor}”下已有商品，不能再添加下级分类` : null;
    if (planned.has(ancestor)) return null;
  }
  return null;
}

/** Every missing ancestor of `path`, shortest first, and the path itself. */
export function missingPaths(md: MasterData, path: string): string[] {
  const parts = path.split(CATEGORY_PATH_SEPARATOR);
  const out: string[] = [];
  for (let depth = 1; depth <= parts.length; depth++) {
    const p = categoryPathText(parts.slice(0, depth));
    if (!md.categoriesByPath.has(p)) out.push(p);
  }
  return out;
}

/** Creates what the file names and does not exist; `md` learns the new ids. */
export async function createMissing(
  tx: Db,
  actor: Actor,
  md: MasterData,
  want: { makers: string[]; brands: string[]; categories: string[] },
  now: Date,
): Promise<void> {
  for (const name of want.makers) {
    const keys = searchKeysFor(name);
    const [row] = await tx
      .insert(manufacturers)
      .values({ name, pinyinFull: keys.pinyinFull, pinyinInitials: keys.pinyinInitials })
      .returning({ id: manufacturers.id });
    md.makers.set(name, { id: row.id, initials: keys.pinyinInitials });
    await writeAudit(
      tx,
      actor,
      {
        action: 'maker.create',
        targetType: 'manufacturer',
        targetId: row.id,
        after: { name, source: 'catalogue.import' },
      },
      now,
    );
  }
  for (const name of want.brands) {
    const [row] = await tx.insert(brands).values({ name }).returning({ id: brands.id });
    md.brands.set(name, row.id);
    md.brandNames.set(row.id, name);
    await writeAudit(
      tx,
      actor,
      { action: 'brand.create', targetType: 'brand', targetId: row.id, after: { name, source: 'catalogue.import' } },
      now,
    );
  }
  // Shortest paths first: a parent exists before its child.
  for (const path of [...want.categories].sort(
    (a, b) => a.split(CATEGORY_PATH_SEPARATOR).length - b.split(CATEGORY_PATH_SEPARATOR).length,
  )) {
    const parts = path.split(CATEGORY_PATH_SEPARATOR);
    const parent = parts.length > 1 ? md.categoriesByPath.get(categoryPathText(parts.slice(0, -1)))! : null;
    const name = parts.at(-1)!;
    const zone = parent?.zone ?? 'standard';
    const [row] = await tx
      .insert(categories)
      .values({ parentId: parent?.id ?? null, level: (parent?.level ?? 0) + 1, name, zone })
      .returning({ id: categories.id });
    const node: CategoryNode = {
      id: row.id,
      parentId: parent?.id ?? null,
      level: (parent?.level ?? 0) + 1,
      name,
      path,
      zone,
      hasChildren: false,
      hasGoods: false,
      ...placeUnder(parent, row.id),
    };
    if (parent) parent.hasChildren = true;
    md.categoriesByPath.set(path, node);
    md.categoriesById.set(row.id, node);
    await writeAudit(
      tx,
      actor,
      {
        action: 'category.create',
        targetType: 'category',
        targetId: row.id,
        after: { name, parent_id: parent?.id ?? null, source: 'catalogue.import' },
      },
      now,
    );
  }
}
