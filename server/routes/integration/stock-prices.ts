// POST /stock and POST /prices (issue 34 §1): absolute values or deltas by external code, each
// with the ERP's change sequence (services/integration/stock-prices.ts).
import { z } from 'zod';
import { PRICE_MAX_FEN, STOCK_MAX } from '@domain/admin-goods.ts';
import { applyFieldUpdates, type FieldKind, type FieldUpdate } from '../../services/integration/stock-prices.ts';
import { defineRoute } from './define.ts';
import { actorOfCall, answer, batchAnswer, batchFrame, checkItems, documentedBatch, rawCode } from './batch.ts';

const code = z
  .string({ error: '请填写外部编码' })
  .trim()
  .min(1, { error: '请填写外部编码' })
  .max(40, { error: '外部编码最多40位' });
const warehouse = z
  .string({ error: '仓库名称无效' })
  .trim()
  .min(1, { error: '仓库名称无效' })
  .max(30, { error: '仓库名称最多30个字' })
  .optional()
  .describe('仓库名称；给出时须与该商品的发货仓库一致');
const seq = z
  .number({ error: '请填写变更序号 seq' })
  .int({ error: '变更序号须为整数' })
  .min(0, { error: '变更序号不能为负数' })
  .max(Number.MAX_SAFE_INTEGER, { error: '变更序号过大' })
  .describe('ERP自己的变更序号，同一商品同类数据递增：不大于已应用序号的更新被忽略（status=ignored）');
const int = (msg: string) => z.number({ error: msg }).int({ error: msg });

const exactlyOne = (a: string, b: string) => (v: Record<string, unknown>) =>
  (v[a] === undefined) !== (v[b] === undefined);

const stockItem = z
  .object({
    external_code: code,
    warehouse,
    seq,
    stock: int('库存须为整数')
      .min(0, { error: '库存不能为负数' })
      .max(STOCK_MAX, { error: '库存过大' })
      .optional()
      .describe('可售库存的绝对值'),
    delta: int('库存增减量须为整数')
      .min(-STOCK_MAX, { error: '库存增减量过大' })
      .max(STOCK_MAX, { error: '库存增减量过大' })
      .optional()
      .describe('库存增减量（可为负）；须按序号顺序发送，过期的增减量被忽略'),
  })
  .refine(exactlyOne('stock', 'delta'), { error: '须填写 stock（绝对值）或 delta（增减量）之一', path: ['stock'] });

const priceItem = z
  .object({
    external_code: code,
    warehouse,
    seq,
    price: int('价格须为整数（分）')
      .min(1, { error: '价格须大于0' })
      .max(PRICE_MAX_FEN, { error: '价格过高' })
      .optional()
      .describe('基础价，单位分'),
    price_delta: int('调价量须为整数（分）')
      .min(-PRICE_MAX_FEN, { error: '调价量过大' })
      .max(PRICE_MAX_FEN, { error: '调价量过大' })
      .optional()
      .describe('调价量，单位分（可为负）'),
  })
  .refine(exactlyOne('price', 'price_delta'), {
    error: '须填写 price（绝对值）或 price_delta（调价量）之一',
    path: ['price'],
  });

function route(kind: FieldKind) {
  const item = kind === 'stock' ? stockItem : priceItem;
  return defineRoute({
    method: 'POST',
    path: kind === 'stock' ? '/stock' : '/prices',
    scope: kind === 'stock' ? 'stock:write' : 'prices:write',
    operationId: kind === 'stock' ? 'pushStock' : 'pushPrices',
    tag: '库存与价格',
    summary:
      kind === 'stock'
        ? '批量更新库存（绝对值或增减量，带变更序号）'
        : '批量更新基础价（绝对值或调价量，单位分，带变更序号）',
    description:
      '按外部编码匹配商品，每条带ERP的变更序号 seq：同一商品同类数据只应用序号更大的更新，较旧的更新被忽略（status=ignored），不会覆盖较新的值。' +
      '每批1-1000条，合格的条目生效，不合格的逐条返回原因（status=failed）。',
    body: batchFrame,
    documentedBody: documentedBatch(item),
    response: batchAnswer,
    handler: async (c, { body }) => {
      const { good, bad } = checkItems(body.items, item, rawCode('external_code'));
      const updates: FieldUpdate[] = good.map(({ index, item: v }) => {
        const x = v as {
          external_code: string;
          warehouse?: string;
          seq: number;
          stock?: number;
          delta?: number;
          price?: number;
          price_delta?: number;
        };
        return {
          index,
          externalCode: x.external_code,
          warehouse: x.warehouse,
          seq: x.seq,
          absolute: x.stock ?? x.price,
          delta: x.delta ?? x.price_delta,
        };
      });
      const applied =
        updates.length === 0
          ? []
          : await applyFieldUpdates(c.get('deps').db, await actorOfCall(c), kind, updates, c.get('deps').clock());
      return answer(c, [...bad, ...applied]);
    },
  });
}

export const stockPriceRoutes = [route('stock'), route('price')];
