// POST /goods (issue 34 §1): goods master data upserted by external code through the catalogue
// file's check and import (services/integration/goods.ts).
import { z } from 'zod';
import { CATALOGUE_COLUMNS, type CatalogueCellKind } from '@domain/catalogue-file.ts';
import { asc } from 'drizzle-orm';
import { warehouses } from '../../db/schema.ts';
import { upsertGoods, type GoodsItem } from '../../services/integration/goods.ts';
import { defineRoute } from './define.ts';
import { actorOfCall, answer, batchAnswer, batchFrame, checkItems, documentedBatch, rawCode } from './batch.ts';

function fieldOf(kind: CatalogueCellKind, header: string, note: string): z.ZodType {
  const describe = `${header}：${note}`;
  switch (kind) {
    case 'yuan':
      return z
        .number({ error: `${header}须为整数（分）` })
        .int({ error: `${header}须为整数（分）` })
        .min(0, { error: `${header}不能为负数` })
        .optional()
        .describe(`${header}，单位分`);
    case 'count':
      return z
        .number({ error: `${header}须为整数` })
        .int({ error: `${header}须为整数` })
        .min(0, { error: `${header}不能为负数` })
        .optional()
        .describe(describe);
    case 'flag':
      return z
        .boolean({ error: `${header}须为 true 或 false` })
        .optional()
        .describe(header);
    default:
      return z
        .string({ error: `${header}须为文字` })
        .max(200, { error: `${header}过长` })
        .optional()
        .describe(describe);
  }
}

const shape: Record<string, z.ZodType> = {};
for (const c of CATALOGUE_COLUMNS) {
  shape[c.key] =
    c.key === 'external_code'
      ? z
          .string({ error: '请填写外部编码' })
          .trim()
          .min(1, { error: '请填写外部编码' })
          .describe(`${c.header}：${c.note}`)
      : fieldOf(c.kind, c.header, c.note);
}
const goodsItem = z.strictObject(shape, {
  error: (issue) => (issue.code === 'unrecognized_keys' ? `无法识别的字段：${issue.keys.join('、')}` : undefined),
});

const createMissing = z
  .boolean({ error: 'create_missing 须为 true 或 false' })
  .optional()
  .describe('为 true 时自动创建缺少的生产厂家、品牌和分类（同商品资料文件导入的选项）');

export const goodsRoutes = [
  defineRoute({
    method: 'GET',
    path: '/warehouses',
    scope: 'goods:write',
    operationId: 'listWarehouses',
    tag: '商品资料',
    summary: '商城的仓库（商品资料的 warehouse 字段按名称匹配）',
    response: z.array(z.object({ id: z.number().int(), name: z.string(), region: z.string() })),
    handler: async (c) =>
      c
        .get('deps')
        .db.select({ id: warehouses.id, name: warehouses.name, region: warehouses.region })
        .from(warehouses)
        .orderBy(asc(warehouses.id)),
  }),
  defineRoute({
    method: 'POST',
    path: '/goods',
    scope: 'goods:write',
    operationId: 'upsertGoods',
    tag: '商品资料',
    summary: '按外部编码批量新增或更新商品资料',
    description:
      '与运营后台“商品资料文件导入”相同的校验与写入：已有外部编码更新所给字段（未给的字段保持不变），新编码新建商品（新建商品为下架状态，上架在后台操作）。' +
      '已有商品的库存和基础价不在此更新，请用 /stock 和 /prices（带变更序号）。金额单位为分。每批1-1000条，逐条返回结果。',
    body: batchFrame.extend({ create_missing: createMissing }),
    documentedBody: documentedBatch(goodsItem, { create_missing: createMissing }),
    response: batchAnswer,
    handler: async (c, { body }) => {
      const { good, bad } = checkItems(body.items, goodsItem, rawCode('external_code'));
      const { db, clock } = c.get('deps');
      const caller = c.get('integration')!.caller!;
      const fileName = `ERP ${caller.name} ${c.req.header('Idempotency-Key') ?? ''}`.slice(0, 120);
      const done =
        good.length === 0
          ? []
          : await upsertGoods(
              db,
              await actorOfCall(c),
              fileName,
              good.map((g) => ({ index: g.index, item: g.item as GoodsItem })),
              body.create_missing ?? false,
              clock(),
            );
      return answer(c, [...bad, ...done]);
    },
  }),
];
