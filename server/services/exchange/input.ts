// Input of POST /api/cart/exchange (ExchangeChooseRequest): form and JSON bodies alike; every field
// is required, and shape problems are 422 with the field's message.
import { z } from 'zod';
import { validationError } from '../../http/envelope.ts';
import { parseOrThrow } from '../../http/validate.ts';
import { idField, numberParam } from '../../http/params.ts';
import type { ChooseInput } from './offers.ts';

/** More than any tier's limit could sensibly be; the rule's own limit is checked after. */
export const EXCHANGE_NUMBER_MAX = 9999;
const PRICE_MAX = 100_000_000;

const bodySchema = z.object({
  promotion_id: idField('换购活动编号无效'),
  goods_id: z.union([z.literal(0), z.literal('0'), idField('换购商品编号无效')], { error: '换购商品编号无效' }),
  number: numberParam(`换购数量须为0-${EXCHANGE_NUMBER_MAX}的整数`, 0, EXCHANGE_NUMBER_MAX),
  price: numberParam('换购价格无效', 0, PRICE_MAX),
});

export function parseChooseInput(raw: Record<string, unknown>): ChooseInput {
  const b = parseOrThrow(bodySchema, raw);
  const number = b.number;
  const goodsId = Number(b.goods_id);
  const errors: Record<string, string[]> = {};
  if (number === undefined) errors.number = ['请填写换购数量'];
  // Clearing (number 0) needs no goods or price; a choice needs both.
  if (number !== 0 && goodsId === 0) errors.goods_id = ['请选择换购商品'];
  if (number !== 0 && b.price === undefined) errors.price = ['换购价格无效'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { promotionId: b.promotion_id, goodsId, number: number ?? 0, price: b.price ?? 0 };
}
