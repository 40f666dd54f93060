// /api/admin/catalogue: the catalogue's master data for 运营 (and 管理员) — the category tree,
// brands, manufacturers (with merge) and warehouses (issue 32 §1). Goods they touch are noted in
// the catalogue change log by the services; the console middleware drops the caches after each
// write (names and trees are not goods changes of their own).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { objectId } from '../../http/params.ts';
import { readInput } from '../../http/validate.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import {
  brandSchema,
  categoryMoveSchema,
  categorySchema,
  makerMergeSchema,
  makerSchema,
  warehouseSchema,
} from '@domain/admin-catalogue.ts';
import {
  CATEGORY_NOT_FOUND,
  createCategory,
  deleteCategory,
  listConsoleCategories,
  moveCategory,
  updateCategory,
} from '../../services/admin/catalogue/categories.ts';
import { BRAND_NOT_FOUND, deleteBrand, listConsoleBrands, saveBrand } from '../../services/admin/catalogue/brands.ts';
import { listConsoleMakers, MAKER_NOT_FOUND, mergeMakers, saveMaker } from '../../services/admin/catalogue/makers.ts';
import {
  listConsoleWarehouses,
  saveWarehouse,
  WAREHOUSE_NOT_FOUND,
} from '../../services/admin/catalogue/warehouses.ts';

const idOf = (c: Context<AppEnv>, msg: string) => objectId(c.req.param('id') ?? '', msg);
const who = allow(CONSOLE_ACCESS.goods);

export const adminCatalogueRoutes = new Hono<AppEnv>();

adminCatalogueRoutes.get('/categories', who, async (c) => ok(c, await listConsoleCategories(c.get('deps').db)));
adminCatalogueRoutes.post('/categories', who, async (c) =>
  ok(
    c,
    await createCategory(c.get('deps').db, actorOf(c), readInput(c, categorySchema), c.get('deps').clock()),
    '分类已创建',
  ),
);
adminCatalogueRoutes.post('/categories/:id', who, async (c) => {
  const id = idOf(c, CATEGORY_NOT_FOUND);
  return ok(
    c,
    await updateCategory(
      c.get('deps').db,
      actorOf(c),
      id,
      readInput(c, categorySchema.omit({ parent_id: true })),
      c.get('deps').clock(),
    ),
    '分类已保存',
  );
});
adminCatalogueRoutes.post('/categories/:id/move', who, async (c) => {
  const id = idOf(c, CATEGORY_NOT_FOUND);
  return ok(
    c,
    await moveCategory(
      c.get('deps').db,
      actorOf(c),
      id,
      readInput(c, categoryMoveSchema).parent_id,
      c.get('deps').clock(),
    ),
    '分类已移动',
  );
});
adminCatalogueRoutes.post('/categories/:id/remove', who, async (c) =>
  ok(
    c,
    await deleteCategory(c.get('deps').db, actorOf(c), idOf(c, CATEGORY_NOT_FOUND), c.get('deps').clock()),
    '分类已删除',
  ),
);

adminCatalogueRoutes.get('/brands', who, async (c) => ok(c, await listConsoleBrands(c.get('deps').db)));
adminCatalogueRoutes.post('/brands', who, async (c) =>
  ok(
    c,
    await saveBrand(c.get('deps').db, actorOf(c), null, readInput(c, brandSchema), c.get('deps').clock()),
    '品牌已创建',
  ),
);
adminCatalogueRoutes.post('/brands/:id', who, async (c) => {
  const id = idOf(c, BRAND_NOT_FOUND);
  return ok(
    c,
    await saveBrand(c.get('deps').db, actorOf(c), id, readInput(c, brandSchema), c.get('deps').clock()),
    '品牌已保存',
  );
});
adminCatalogueRoutes.post('/brands/:id/remove', who, async (c) =>
  ok(c, await deleteBrand(c.get('deps').db, actorOf(c), idOf(c, BRAND_NOT_FOUND), c.get('deps').clock()), '品牌已删除'),
);

const makerQuery = z.object({ q: z.string().trim().max(30).optional() });
adminCatalogueRoutes.get('/makers', who, async (c) =>
  ok(c, await listConsoleMakers(c.get('deps').db, makerQuery.parse({ q: c.req.query('q') }).q ?? '')),
);
adminCatalogueRoutes.post('/makers', who, async (c) =>
  ok(
    c,
    await saveMaker(c.get('deps').db, actorOf(c), null, readInput(c, makerSchema), c.get('deps').clock()),
    '生产厂家已创建',
  ),
);
adminCatalogueRoutes.post('/makers/:id', who, async (c) => {
  const id = idOf(c, MAKER_NOT_FOUND);
  return ok(
    c,
    await saveMaker(c.get('deps').db, actorOf(c), id, readInput(c, makerSchema), c.get('deps').clock()),
    '生产厂家已保存',
  );
});
adminCatalogueRoutes.post('/makers/:id/merge', who, async (c) => {
  const id = idOf(c, MAKER_NOT_FOUND);
  return ok(
    c,
    await mergeMakers(c.get('deps').db, actorOf(c), id, readInput(c, makerMergeSchema).into, c.get('deps').clock()),
    '生产厂家已合并',
  );
});

adminCatalogueRoutes.get('/warehouses', who, async (c) => ok(c, await listConsoleWarehouses(c.get('deps').db)));
adminCatalogueRoutes.post('/warehouses', who, async (c) =>
  ok(
    c,
    await saveWarehouse(c.get('deps').db, actorOf(c), null, readInput(c, warehouseSchema), c.get('deps').clock()),
    '仓库已创建',
  ),
);
adminCatalogueRoutes.post('/warehouses/:id', who, async (c) => {
  const id = idOf(c, WAREHOUSE_NOT_FOUND);
  return ok(
    c,
    await saveWarehouse(c.get('deps').db, actorOf(c), id, readInput(c, warehouseSchema), c.get('deps').clock()),
    '仓库已保存',
  );
});
