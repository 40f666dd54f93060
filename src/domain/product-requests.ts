// 品种求购 (/pzqg, POST and GET /api/user/buy): the form's rules, written once for the page and
// the server, and the wire shape of a request.
import { z } from 'zod';
import type { GoodsListItem } from './catalog';
import { optionalText, requiredText } from './validators';
import { yuanTextToFen } from './yuan-text';

export type ProductRequestStatus = 'pending' | 'replied' | 'listed';
export const PRODUCT_REQUEST_STATUSES: readonly ProductRequestStatus[] = ['pending', 'replied', 'listed'];
export const PRODUCT_REQUEST_STATUS_TEXT: Record<ProductRequestStatus, string> = {
  pending: '待处理',
  replied: '已回复',
  listed: '已上架',
};

export const PRODUCT_REQUEST_TEXT_MAX = 50;
export const PRODUCT_REQUEST_REMARK_MAX = 200;
/** More than a million units a month is a typing slip, not a pharmacy's need. */
export const PRODUCT_REQUEST_QUANTITY_MAX = 1_000_000;
/** 1,000,000 yuan: above any unit price we sell. */
export const PRODUCT_REQUEST_PRICE_MAX_FEN = 100_000_000;

export const PRODUCT_REQUEST_MESSAGES = {
  name: '请输入商品名称',
  quantity: `月需求量须为1-${PRODUCT_REQUEST_QUANTITY_MAX}的整数`,
  price: '期望价格须为大于0的金额，如 12.50',
} as const;

const quantityField = z
  .union([z.string(), z.number()], { error: PRODUCT_REQUEST_MESSAGES.quantity })
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\s*\d{1,7}\s*$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > PRODUCT_REQUEST_QUANTITY_MAX) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_REQUEST_MESSAGES.quantity });
      return z.NEVER;
    }
    return n;
  });

/** Expected price in yuan text → fen; '' or missing → null (no price named). */
const priceField = z
  .union([z.string(), z.number()], { error: PRODUCT_REQUEST_MESSAGES.price })
  .optional()
  .transform((v, ctx): number | null => {
    if (v === undefined || String(v).trim() === '') return null;
    const fen = yuanTextToFen(String(v));
    if (fen === null || fen < 1 || fen > PRODUCT_REQUEST_PRICE_MAX_FEN) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_REQUEST_MESSAGES.price });
      return z.NEVER;
    }
    return fen;
  });

/** POST /api/user/buy: name, sccj, ypgg, approval_no, quantity (a month), expected_price (yuan), remark. */
export const productRequestInput = z.object({
  name: requiredText(
    PRODUCT_REQUEST_MESSAGES.name,
    PRODUCT_REQUEST_TEXT_MAX,
    `商品名称最多${PRODUCT_REQUEST_TEXT_MAX}个字符`,
  ),
  sccj: optionalText(PRODUCT_REQUEST_TEXT_MAX, `生产厂家最多${PRODUCT_REQUEST_TEXT_MAX}个字符`),
  ypgg: optionalText(PRODUCT_REQUEST_TEXT_MAX, `规格最多${PRODUCT_REQUEST_TEXT_MAX}个字符`),
  approval_no: optionalText(PRODUCT_REQUEST_TEXT_MAX, `批准文号最多${PRODUCT_REQUEST_TEXT_MAX}个字符`),
  quantity: quantityField,
  expected_price: priceField,
  remark: optionalText(PRODUCT_REQUEST_REMARK_MAX, `备注最多${PRODUCT_REQUEST_REMARK_MAX}个字符`),
});
export type ProductRequestInput = z.output<typeof productRequestInput>;

/** One request as GET /api/user/buy lists it and GET /api/user/buy/{id} shows it. */
export interface ProductRequest {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  approval_no: string;
  quantity: number;
  /** Fen, or null when the buyer named no price. */
  expected_price: number | null;
  remark: string;
  status: ProductRequestStatus;
  status_text: string;
  reply: string;
  /** Seconds, null until the operator replied. */
  replied_at: number | null;
  /** The goods listed for it (status listed), null otherwise. */
  goods_id: number | null;
  created_at: number;
}

/** GET /api/user/buy/{id}: the request and, when listed and visible to the buyer, its goods. */
export interface ProductRequestDetail extends ProductRequest {
  goods: GoodsListItem | null;
}
