// Input of POST /api/cart/checkout (CheckoutRequest in src/domain/orders.ts), over form bodies with
// brackets (every value a string) and JSON alike. Shape problems are 422 with the field path;
// business refusals (stock, coupons, money) come later as 400/409.
import { z } from 'zod';
import { checkoutInvoiceErrors } from '@domain/invoice-input.ts';
import { validationError } from '../../http/envelope.ts';
import { parseOrThrow } from '../../http/validate.ts';
import { ID_MAX, flagField, parseIdList } from '../../http/params.ts';
import { cartIdList } from '../cart/input.ts';

export const REMARK_MAX = 200;

/** An id that may be 0/''/absent: `undefined` = not sent, `null` = "none" (0 or ''). */
const optionalId = (msg: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: msg })
    .optional()
    .transform((v, ctx): number | null | undefined => {
      if (v === undefined) return undefined;
      if (v === null || v === '' || v === 0 || v === '0') return null;
      const n = typeof v === 'number' ? v : /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > ID_MAX) {
        ctx.addIssue({ code: 'custom', message: msg });
        return z.NEVER;
      }
      return n;
    });

/** Fen the buyer saw: a whole number ≥ 0. "-1", "1.5", "1e3" and "" are refused. */
const fenField = z.union([z.number(), z.string()], { error: '请确认应付金额' }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^\s*\d{1,12}\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < 0) {
    ctx.addIssue({ code: 'custom', message: '应付金额无效' });
    return z.NEVER;
  }
  return n;
});

/** The shape here; the rules are the step 2 form's (checkoutInvoiceErrors), one message per field. */
const invoiceSchema = z
  .object({
    kind: z.enum(['none', 'normal', 'special'], { error: '请选择发票类型' }),
    title: z.string().trim().optional().default(''),
    tax_no: z.string().trim().toUpperCase().optional().default(''),
    email: z.string().trim().optional().default(''),
  })
  .superRefine((inv, ctx) => {
    for (const [field, message] of Object.entries(checkoutInvoiceErrors(inv))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  })
  .transform((inv) => (inv.kind === 'none' ? { kind: 'none' as const, title: '', tax_no: '', email: '' } : inv));

const bodySchema = z.object({
  ids: z.unknown(),
  new: flagField('参数new无效').optional(),
  address_id: optionalId('请选择收货地址'),
  coupon_id: optionalId('优惠券编号无效'),
  voucher_id: optionalId('现金券编号无效'),
  use_balance: flagField('余额抵扣参数无效').optional(),
  invoice: invoiceSchema.optional(),
  remark: z
    .string({ error: '备注格式错误' })
    .trim()
    .max(REMARK_MAX, { error: `备注最多${REMARK_MAX}个字符` })
    .optional()
    .default(''),
  expected_pay_amount: fenField.optional(),
});

export interface CheckoutInput {
  lineIds: number[];
  place: boolean;
  addressId: number | null;
  /** undefined: preview preselects the best (an order uses none); null: none; else that id. */
  couponId: number | null | undefined;
  voucherId: number | null | undefined;
  useBalance: boolean;
  invoice: { kind: 'none' | 'normal' | 'special'; title: string; tax_no: string; email: string };
  remark: string;
  expectedPayAmount: number | null;
}

/** SPEC §3 ids, plus the CheckoutRequest fields; new=1 needs an address and the amount seen. */
export function parseCheckoutInput(raw: Record<string, unknown>): CheckoutInput {
  const b = parseOrThrow(bodySchema, raw);
  const lineIds = parseIdList(b.ids, 'ids', cartIdList('请选择要结算的商品'));
  const place = b.new ?? false;
  if (place) {
    const errors: Record<string, string[]> = {};
    if (b.address_id === undefined || b.address_id === null) errors.address_id = ['请选择收货地址'];
    if (b.expected_pay_amount === undefined) errors.expected_pay_amount = ['请确认应付金额'];
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }
  return {
    lineIds,
    place,
    addressId: b.address_id ?? null,
    couponId: place ? (b.coupon_id ?? null) : b.coupon_id,
    voucherId: place ? (b.voucher_id ?? null) : b.voucher_id,
    useBalance: b.use_balance ?? false,
    invoice: b.invoice ?? { kind: 'none', title: '', tax_no: '', email: '' },
    remark: b.remark,
    expectedPayAmount: b.expected_pay_amount ?? null,
  };
}
