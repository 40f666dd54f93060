// Operator console: 换购 promotions (GET/POST /api/admin/exchange_promotions, role 运营): the list
// row and the create / edit-tiers input, shared by the console and the server. Money in fen,
// times in seconds. The rule itself is src/domain/exchange.ts.
import { z } from 'zod';

export interface ConsoleExchangeGoods {
  goods_id: number;
  name: string;
  price: number;
  limit: number;
}

export interface ConsoleExchangeTier {
  amount: number;
  goods: ConsoleExchangeGoods[];
}

export interface ConsoleExchangePromotion {
  id: number;
  name: string;
  description: string;
  starts_at: number;
  ends_at: number;
  is_active: boolean;
  /** Goods whose amount counts towards the tiers. */
  members: { goods_id: number; name: string }[];
  tiers: ConsoleExchangeTier[];
  /** 换购 lines ordered so far (units). */
  exchanged: number;
}

const int = (msg: string, min: number, max: number) =>
  z.coerce.number({ error: msg }).int({ error: msg }).min(min, { error: msg }).max(max, { error: msg });

export const exchangeTiersInput = z
  .array(
    z.object({
      amount: int('门槛须为正整数（分）', 1, 100_000_000),
      goods: z
        .array(
          z.object({
            goods_id: int('商品编号无效', 1, 2_147_483_647),
            price: int('换购价须为0或正整数（分）', 0, 100_000_000),
            limit: int('限换数量须为1-999的整数', 1, 999),
          }),
          { error: '请添加换购商品' },
        )
        .min(1, { error: '请添加换购商品' })
        .max(20, { error: '一档最多20种换购商品' }),
    }),
    { error: '请添加换购档位' },
  )
  .min(1, { error: '请添加换购档位' })
  .max(5, { error: '最多5个档位' })
  .superRefine((tiers, ctx) => {
    const amounts = tiers.map((t) => t.amount);
    if (new Set(amounts).size !== amounts.length)
      ctx.addIssue({ code: 'custom', message: '档位门槛不能重复', path: [] });
    tiers.forEach((t, i) => {
      const ids = t.goods.map((g) => g.goods_id);
      if (new Set(ids).size !== ids.length)
        ctx.addIssue({ code: 'custom', message: '同一档位的换购商品不能重复', path: [i, 'goods'] });
    });
  });

export const exchangePromotionInput = z
  .object({
    name: z
      .string({ error: '请填写活动名称' })
      .trim()
      .min(1, { error: '请填写活动名称' })
      .max(60, { error: '活动名称最多60个字' }),
    description: z.string().trim().max(200, { error: '活动说明最多200个字' }).optional().default(''),
    starts_at: int('请填写开始时间', 1_000_000_000, 99_999_999_999),
    ends_at: int('请填写结束时间', 1_000_000_000, 99_999_999_999),
    member_ids: z
      .array(int('活动商品编号无效', 1, 2_147_483_647), { error: '请添加活动商品' })
      .min(1, { error: '请添加活动商品' })
      .max(200, { error: '一个活动最多200种商品' }),
    tiers: exchangeTiersInput,
  })
  .refine((v) => v.ends_at > v.starts_at, { path: ['ends_at'], error: '结束时间须晚于开始时间' });
export type ExchangePromotionInput = z.infer<typeof exchangePromotionInput>;
export type ExchangeTiersInput = z.infer<typeof exchangeTiersInput>;
