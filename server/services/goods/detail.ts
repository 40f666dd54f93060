// GET /api/goods/detail/{id}: the list item plus pictures, texts, category path and brand. A goods
// that is unknown, off sale, or 控销 for a viewer not entitled to it is the same "not found", so
// ids cannot be probed.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, categories, goods, goodsPrices, warehouses } from '../../db/schema.ts';
import type { GoodsDetail } from '@domain/catalog.ts';
import { goodsItemFields, toGoodsListItem, warehouseJoin } from './item.ts';
import { rankPriceJoin } from './card.ts';
import { controlledVisibleTo, type Viewer } from '../price-visibility.ts';

export const GOODS_GONE = '商品不存在或已下架';

const detailFields = (viewer: Viewer) => ({
  ...goodsItemFields(viewer),
  images: goods.images,
  description: goods.description,
  storage: goods.storage,
  dosageForm: goods.dosageForm,
  barcode: goods.barcode,
  categoryId: goods.categoryId,
  categoryL1: goods.categoryL1,
  categoryL2: goods.categoryL2,
});

export async function loadGoodsDetail(db: Db, viewer: Viewer, id: number): Promise<GoodsDetail | null> {
  const [row] = await db
    .select(detailFields(viewer))
    .from(goods)
    .innerJoin(warehouses, warehouseJoin)
    .leftJoin(goodsPrices, rankPriceJoin(viewer))
    .where(
      and(eq(goods.id, id), eq(goods.isOnSale, true), controlledVisibleTo(viewer) ? undefined : eq(goods.isKx, false)),
    )
    .limit(1);
  if (!row) return null;
  const [path, brand] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(inArray(categories.id, [row.categoryL1, row.categoryL2, row.categoryId]))
      .orderBy(asc(categories.level), asc(categories.id)),
    row.brandId === null
      ? Promise.resolve([])
      : db
          .select({ id: brands.id, name: brands.name, logo: brands.logo })
          .from(brands)
          .where(eq(brands.id, row.brandId)),
  ]);
  return {
    ...toGoodsListItem(row, viewer),
    // The list picture first, then the gallery without repeating it.
    images: [...new Set([row.image, ...row.images].filter((s) => s !== ''))],
    description: row.description,
    storage: row.storage,
    dosage_form: row.dosageForm,
    barcode: row.barcode,
    category_path: path,
    brand: brand[0] ?? null,
  };
}
