// 新建商品 in the console (issue 32 §1): a goods with every field the shop uses, checked here
// (references and a leaf category in placement.ts, a unique external code) after the schema's field rules
// (src/domain/admin-catalogue.ts), written through insertGoodsRows like the seed's goods, with its
// rank prices and an audit row. A new goods starts off sale; 上架 is its own audited move.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { goods, goodsPrices } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { validationError } from '../../../http/envelope.ts';
import { goodsEditProblems } from '@domain/admin-goods.ts';
import type { GoodsCreate } from '@domain/admin-catalogue.ts';
import { searchKeysFor } from '../../search-keys.ts';
import { sanitizeArticleHtml } from '../../articles/sanitize.ts';
import { insertGoodsRows } from '../../catalogue/write-goods.ts';
import { rowsOf } from '../../goods/search.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { resolvePlacement } from './placement.ts';

export const EXTERNAL_CODE_TAKEN = '外部编码已被其他商品使用';

export async function createConsoleGoods(db: Db, actor: Actor, input: GoodsCreate, now: Date): Promise<{ id: number }> {
  const problems = goodsEditProblems(input);
  if (Object.keys(problems).length > 0) throw validationError(problems);
  try {
    return await withTx(db, async (tx) => {
      const place = await resolvePlacement(tx, input);
      const [taken] = await tx
        .select({ id: goods.id })
        .from(goods)
        .where(eq(goods.externalCode, input.external_code))
        .limit(1);
      if (taken) throw validationError({ external_code: [EXTERNAL_CODE_TAKEN] });

      const [{ id }] = rowsOf<{ id: number }>(
        await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('goods_master', 'id'))::int AS id`),
      );
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
            ...place,
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
      if (input.rank_prices.length > 0)
        await tx
          .insert(goodsPrices)
          .values(input.rank_prices.map((r) => ({ goodsId: id, rank: r.rank, price: r.price })));
      await writeAudit(
        tx,
        actor,
        {
          action: 'goods.create',
          targetType: 'goods',
          targetId: id,
          after: {
            external_code: input.external_code,
            name: input.name,
            ypgg: input.ypgg,
            sccj: place.sccj,
            base_price: input.base_price,
            stock: input.stock,
          },
        },
        now,
      );
      return { id };
    });
  } catch (err) {
    // Two operators creating the same code at once: the unique index decides.
    if (isUniqueViolation(err)) throw validationError({ external_code: [EXTERNAL_CODE_TAKEN] });
    throw err;
  }
}
