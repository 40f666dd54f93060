// 新建商品 in the console (issue 32 §1): a goods with every field the shop uses, checked here
// (references, a leaf category, a unique external code) after the schema's field rules
// (src/domain/admin-catalogue.ts), written through insertGoodsRows like the seed's goods, with its
// rank prices and an audit row. A new goods starts off sale; 上架 is its own audited move.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { brands, categories, goods, goodsPrices, manufacturers, warehouses } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { validationError } from '../../../http/envelope.ts';
import { goodsEditProblems } from '@domain/admin-goods.ts';
import type { GoodsCreate } from '@domain/admin-catalogue.ts';
import { searchKeysFor } from '../../search-keys.ts';
import { sanitizeArticleHtml } from '../../articles/sanitize.ts';
import { insertGoodsRows } from '../../catalogue/write-goods.ts';
import { rowsOf } from '../../goods/search.ts';
import { writeAudit, type Actor } from '../audit.ts';

export const EXTERNAL_CODE_TAKEN = '外部编码已被其他商品使用';

/** The leaf's ancestors (category_l1, category_l2), or a field error. */
async function placeInTree(tx: Db, categoryId: number): Promise<{ l1: number; l2: number }> {
  const [cat] = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories).where(eq(categories.id, categoryId)).limit(1);
  if (!cat) throw validationError({ category_id: ['分类不存在'] });
  const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, categoryId)).limit(1);
  if (child) throw validationError({ category_id: ['请选择最末一级分类'] });
  if (cat.parentId === null) return { l1: cat.id, l2: cat.id };
  const [parent] = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories).where(eq(categories.id, cat.parentId)).limit(1);
  return parent.parentId === null ? { l1: parent.id, l2: cat.id } : { l1: parent.parentId, l2: parent.id };
}

export async function createConsoleGoods(db: Db, actor: Actor, input: GoodsCreate, now: Date): Promise<{ id: number }> {
  const problems = goodsEditProblems(input);
  if (Object.keys(problems).length > 0) throw validationError(problems);
  try {
    return await withTx(db, async (tx) => {
      const [maker] = await tx.select({ name: manufacturers.name, initials: manufacturers.pinyinInitials }).from(manufacturers).where(eq(manufacturers.id, input.manufacturer_id)).limit(1);
      if (!maker) throw validationError({ manufacturer_id: ['生产厂家不存在'] });
      if (input.brand_id !== null) {
        const [b] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brand_id)).limit(1);
        if (!b) throw validationError({ brand_id: ['品牌不存在'] });
      }
      const [w] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, input.warehouse_id)).limit(1);
      if (!w) throw validationError({ warehouse_id: ['仓库不存在'] });
      const place = await placeInTree(tx, input.category_id);
      const [taken] = await tx.select({ id: goods.id }).from(goods).where(eq(goods.externalCode, input.external_code)).limit(1);
      if (taken) throw validationError({ external_code: [EXTERNAL_CODE_TAKEN] });

      const [{ id }] = rowsOf<{ id: number }>(await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('goods', 'id'))::int AS id`));
      const keys = searchKeysFor(input.name);
      await insertGoodsRows(
        tx,
        [
          {
            id,
            name: input.name,
            commonName: input.common_name,
            pinyinFull: keys.pinyinFull,
            pinyinInitials: keys.pinyinInitials,
            manufacturerId: input.manufacturer_id,
            sccj: maker.name,
            sccjPinyinInitials: maker.initials,
            brandId: input.brand_id,
            categoryId: input.category_id,
            categoryL1: place.l1,
            categoryL2: place.l2,
            warehouseId: input.warehouse_id,
            externalCode: input.external_code,
            ypgg: input.ypgg,
            bzdw: input.bzdw,
            zbz: input.zbz,
            midPackStrict: input.mid_pack_strict,
            jzl: input.jzl,
            dosageForm: input.dosage_form,
            approvalNo: input.approval_no,
            barcode: input.barcode,
            stock: input.stock,
            basePrice: input.base_price,
            retailPrice: input.retail_price,
            ladderPriceType: input.ladder_prices.length > 0 ? 1 : 0,
            isOnSale: false,
            isFreeShipping: input.is_free_shipping,
            isDpby: input.is_dpby,
            qgNumber: input.qg_number,
            isJxq: input.is_jxq,
            scopeClass: input.scope_class,
            isKx: input.is_kx,
            isZy: input.is_zy,
            isQx: input.is_qx,
            isRx: input.is_rx,
            isEphedrine: input.is_ephedrine,
            ephedrineLimit: input.ephedrine_limit,
            purchaseLimit: input.purchase_limit,
            minBuy: input.min_buy,
            image: `/media/goods/${id}.svg`,
            images: [],
            description: input.description ? sanitizeArticleHtml(input.description) : '',
            createdAt: now,
            updatedAt: now,
          },
        ],
        input.ladder_prices.map((l) => ({ goodsId: id, minNumber: l.min_number, price: l.price })),
        now,
      );
      if (input.rank_prices.length > 0) await tx.insert(goodsPrices).values(input.rank_prices.map((r) => ({ goodsId: id, rank: r.rank, price: r.price })));
      await writeAudit(tx, actor, { action: 'goods.create', targetType: 'goods', targetId: id, after: { external_code: input.external_code, name: input.name, ypgg: input.ypgg, sccj: maker.name, base_price: input.base_price, stock: input.stock } }, now);
      return { id };
    });
  } catch (err) {
    // Two operators creating the same code at once: the unique index decides.
    if (isUniqueViolation(err)) throw validationError({ external_code: [EXTERNAL_CODE_TAKEN] });
    throw err;
  }
}
