// The goods list's filters (search, category, 上下架, stock, flag) as query fields: the list
// (goods.ts) and the catalogue export (catalogue-file.ts, "export with the goods list's filters")
// read them alike, so the file holds exactly the goods the list shows.
import { z } from 'zod';
import { flagParam } from '../../http/params.ts';
import { GOODS_FLAG_KEYS, type GoodsFlag } from '@domain/admin-goods.ts';

export const goodsFilterParams = {
  q: z.string().trim().max(60, { error: '搜索词最多60个字' }).optional(),
  category: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{1,9}$/, { error: '分类无效' })
      .transform(Number)
      .optional(),
  ),
  on_sale: flagParam('上下架筛选无效'),
  stock: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['low', 'out'], { error: '库存筛选无效' }).optional()),
  flag: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(GOODS_FLAG_KEYS as [GoodsFlag, ...GoodsFlag[]], { error: '标记筛选无效' }).optional(),
  ),
};
