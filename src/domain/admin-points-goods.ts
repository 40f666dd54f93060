// Operator console: the points mall's goods (GET/POST /api/admin/points-goods): the list row and
// the create/edit input, shared by the console form and the server. Points whole, cash in fen.
import { z } from 'zod';

export interface AdminPointsGoodsRow {
  id: number;
  name: string;
  description: string;
  image: string;
  points: number;
  /** Cash part (fen) taken from the wallet balance; 0 = points only. */
  cash_price: number;
  stock: number;
  per_company_limit: number;
  is_on_sale: boolean;
  sort: number;
  /** Units exchanged so far (orders not cancelled). */
  exchanged: number;
}

const int = (msg: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: msg }).int({ error: msg }).min(min, { error: msg }).max(max, { error: msg }),
  );

export const adminPointsGoodsInput = z.object({
  name: z
    .string({ error: '请填写商品名称' })
    .trim()
    .min(1, { error: '请填写商品名称' })
    .max(60, { error: '商品名称最多60个字' }),
  description: z.string().trim().max(300, { error: '商品说明最多300个字' }).optional().default(''),
  image: z.string().trim().max(300, { error: '图片地址最多300个字符' }).optional().default(''),
  points: int('所需积分须为1-10000000的整数', 1, 10_000_000),
  cash_price: int('现金部分须为0或正整数（分）', 0, 100_000_000).optional().default(0),
  stock: int('库存须为0-1000000的整数', 0, 1_000_000),
  per_company_limit: int('每家限兑须为0或正整数', 0, 1_000_000).optional().default(0),
  sort: int('排序须为0-9999的整数', 0, 9_999).optional().default(0),
  is_on_sale: z
    .preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean())
    .optional()
    .default(true),
});
export type AdminPointsGoodsInput = z.output<typeof adminPointsGoodsInput>;
