// Inputs of the cart calls (SPEC §7), over form bodies with brackets (every value a string) and
// JSON alike. Shape errors are 422 with the field path; business refusals (stock, limits) come
// later from the rules, as 400.
import { z } from 'zod';
import { CART_LINE_TYPES, type CartLineType } from '@domain/cart-types.ts';
import { quantityMessage } from '@domain/quantity.ts';
import { badRequest } from '../../http/envelope.ts';
import { ID_MAX, flagField, idField, type IdListRule } from '../../http/params.ts';

/** Above this a quantity is a typo or an attack, never an order; refused as malformed. */
export const MAX_LINE_NUMBER = 9_999_999;
/** SPEC has no number; a wholesale cart of 300 lines is the budgeted size (DESIGN.md). */
export const MAX_LINES_PER_ADD = 300;
export const MAX_CART_LINES = 999;
/** Ids per select/copy request: more than a cart can hold is malformed. */
export const MAX_IDS = 1000;
/** Stores one copy may target. */
export const MAX_COPY_TARGETS = 50;

const NOT_INTEGER = quantityMessage('not_integer', { step: 1, min: 1, max: 1 });

/** Optional id the client sends for information only (ck_id, goods_price_id…): never trusted. */
const advisory = z.union([z.number(), z.string(), z.null()]).optional();

/** A quantity: a whole number from 1 to MAX_LINE_NUMBER. "1.5", "-2", "1e3" and "" are refused. */
export const quantityField = z.union([z.number(), z.string()], { error: '请填写购买数量' }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(n) || !Number.isInteger(n) || n < 1) {
    ctx.addIssue({ code: 'custom', message: NOT_INTEGER });
    return z.NEVER;
  }
  if (n > MAX_LINE_NUMBER) {
    ctx.addIssue({ code: 'custom', message: '购买数量超出范围' });
    return z.NEVER;
  }
  return n;
});

const typeField = z.union([z.number(), z.string()]).transform((v, ctx): CartLineType => {
  const n = v === '' ? 0 : Number(v);
  if (!(CART_LINE_TYPES as readonly number[]).includes(n)) {
    ctx.addIssue({ code: 'custom', message: '商品类型无效' });
    return z.NEVER;
  }
  return n as CartLineType;
});

/** SPEC §3 "Cart line, when adding"; combination_id is ours (the combination of a type-3 line). */
export const addLineSchema = z
  .object({
    goods_id: idField('商品编号无效'),
    number: quantityField,
    price: advisory,
    ck_id: advisory,
    goods_price_id: advisory,
    ladder_price_id: advisory,
    goods_manjian_id: advisory,
    is_yj: flagField('药检标记无效').optional(),
    type: typeField.optional(),
    combination_id: idField('组合编号无效').optional(),
  })
  .superRefine((l, ctx) => {
    if (l.type === 3 && l.combination_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['combination_id'], message: '请选择组合套餐' });
    }
  });

export type AddLineInput = z.output<typeof addLineSchema>;

export const addBodySchema = z.object({
  params: z.array(addLineSchema, { error: '请选择要加入购物车的商品' }).min(1, { error: '请选择要加入购物车的商品' }),
  /**
   * Ours (quick purchase, docs/api.md): 1 adds the lines the cart rules accept and lists the
   * refused ones, instead of refusing the whole batch at the first problem.
   */
  partial: flagField('部分加入标记无效').optional(),
});

/** Refuses an oversized batch as a clear 400 before validating 10,000 lines one by one. */
export function assertBatchSize(body: Record<string, unknown>): void {
  const params = body.params;
  const n = Array.isArray(params) ? params.length : 0;
  if (n > MAX_LINES_PER_ADD) throw badRequest(`一次最多加入${MAX_LINES_PER_ADD}种商品`);
}

export const editBodySchema = z
  .object({
    params: z.object({ number: quantityField.optional() }).optional(),
    number: quantityField.optional(),
    new: flagField('参数new无效').optional(),
  })
  .transform((b, ctx) => {
    const number = b.params?.number ?? b.number;
    if (number === undefined) {
      ctx.addIssue({ code: 'custom', path: ['params', 'number'], message: '请填写购买数量' });
      return z.NEVER;
    }
    return { number, withCart: b.new ?? false };
  });

/** The id lists of the cart calls (select, copy, checkout): `empty` when none is given. */
export const cartIdList = (empty: string, max = MAX_IDS): IdListRule => ({
  empty,
  tooMany: `一次最多选择${max}项`,
  invalid: '编号无效',
  max,
});

export const selectBodySchema = z.object({
  ids: z.unknown(),
  is_selected: flagField('请选择是否勾选'),
});

export const listQuerySchema = z.object({
  filters: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > ID_MAX) {
        ctx.addIssue({ code: 'custom', message: '筛选条件无效' });
        return z.NEVER;
      }
      return n;
    }),
  new: z.unknown().optional(),
});

export const hintInputSchema = z.object({
  promotion_id: idField('活动编号无效').optional(),
  limit: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return 6;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 20) {
        ctx.addIssue({ code: 'custom', message: '推荐数量须为1-20' });
        return z.NEVER;
      }
      return n;
    }),
});
