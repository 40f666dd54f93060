// The operator console's lucky draws (docs/api.md "Admin", docs/decisions/lucky-draw.md): the list
// row and the create input, shared by the console and the server.
import { z } from 'zod';
import { DRAW_PRIZE_KINDS, type DrawPrizeKind } from './lucky-draw';

export interface AdminDrawPrize {
  id: number;
  name: string;
  remarks: string;
  kind: DrawPrizeKind | 'goods';
  ref_id: number | null;
  weight: number;
  stock: number;
}

export interface AdminDrawRow {
  id: number;
  name: string;
  rules: string;
  /** Milliseconds. */
  starts_at: number;
  ends_at: number;
  is_active: boolean;
  times_per_company: number;
  /** Fen; null = orders earn no chance. */
  order_min_amount: number | null;
  records: number;
  prizes: AdminDrawPrize[];
}

const int = (msg: string, min: number, max: number) =>
  z.coerce.number({ error: msg }).int({ error: msg }).min(min, { error: msg }).max(max, { error: msg });

export const adminPrizeInput = z.object({
  name: z
    .string({ error: '请填写奖品名称' })
    .trim()
    .min(1, { error: '请填写奖品名称' })
    .max(30, { error: '奖品名称最多30个字符' }),
  remarks: z.string().trim().max(30, { error: '奖品说明最多30个字符' }).optional().default(''),
  kind: z.enum(DRAW_PRIZE_KINDS as [DrawPrizeKind, ...DrawPrizeKind[]], { error: '奖品类型无效' }),
  /** Coupon template id, or the points; ignored for 谢谢参与. */
  ref_id: int('优惠券编号或积分须为正整数', 1, 1_000_000).optional(),
  weight: int('权重须为0-100000的整数', 0, 100_000),
  stock: int('库存须为0-1000000的整数', 0, 1_000_000),
});

export const adminDrawInput = z
  .object({
    name: z
      .string({ error: '请填写活动名称' })
      .trim()
      .min(1, { error: '请填写活动名称' })
      .max(30, { error: '活动名称最多30个字符' }),
    rules: z.string().trim().max(500, { error: '活动规则最多500个字符' }).optional().default(''),
    starts_at: int('请选择开始时间', 1, 9_999_999_999_999),
    ends_at: int('请选择结束时间', 1, 9_999_999_999_999),
    times_per_company: int('免费次数须为0-100的整数', 0, 100),
    /** Yuan, whole; '' or absent = orders earn no chance. */
    order_min_yuan: z.preprocess(
      (v) => (v === '' ? undefined : v),
      int('下单金额须为1-1000000的整数（元）', 1, 1_000_000).optional(),
    ),
    prizes: z
      .array(adminPrizeInput, { error: '请至少设置一个奖品' })
      .min(1, { error: '请至少设置一个奖品' })
      .max(12, { error: '最多12个奖品' }),
  })
  .refine((v) => v.ends_at > v.starts_at, { path: ['ends_at'], error: '结束时间须晚于开始时间' });
export type AdminDrawInput = z.infer<typeof adminDrawInput>;
