// Demo activity pages (docs/decisions/activity-pages.md): promotions of kind 'showcase' placed on
// /zqmb, /yyh, /hdmb, /zhmz and /yjh, each a goods section. They change no price (no price on
// their promotion_goods): a page shows goods at the buyer's own price; promotions with real
// pricing rules can be placed on a page the same way (promotions.page).
import { promotionGoods, promotions } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import type { GoodsInsert } from './goods.ts';
import { addDays, shanghaiMidnight } from './dates.ts';

interface PageSpec {
  page: string;
  name: string;
  description: string;
  goods: number;
}

const SPECS: PageSpec[] = [
  {
    page: 'zqmb',
    name: '感冒季专区',
    description: '秋冬感冒高发，清热解毒、止咳化痰品种集中备货，满额包邮。',
    goods: 12,
  },
  { page: 'zqmb', name: '慢病用药专区', description: '降压、降糖、调脂常用品种，长期稳定供货。', goods: 8 },
  {
    page: 'yyh',
    name: '月月惠·家庭常备',
    description: '每月精选家庭常备药品，门店高频动销品种一站采购。\n活动期间每店每品种限购50件。',
    goods: 20,
  },
  { page: 'yyh', name: '月月惠·滋补保健', description: '秋冬滋补热销品种，配合门店节日促销。', goods: 12 },
  { page: 'hdmb', name: '秋冬进补专题', description: '阿胶、参类、滋补膏方等进补品种专题推荐。', goods: 10 },
  {
    page: 'zhmz',
    name: '组合满赠·感冒组合',
    description: '同时采购本组合内任意3个品种，满额赠送体温计（赠品随单配送，以订单为准）。',
    goods: 9,
  },
  { page: 'zhmz', name: '组合满赠·肠胃组合', description: '肠胃用药组合采购，满额赠送门店陈列物料。', goods: 9 },
  { page: 'yjh', name: '新品首发专区', description: '本月新上架品种，首批到货，先到先得。', goods: 12 },
  { page: 'yjh', name: '品牌周专区', description: '品牌厂家直供，正品保障。', goods: 8 },
];

/** Inserts the demo activity pages over `batch` (the first goods batch); returns their ids. */
export async function seedActivityPages(db: Db, now: Date, batch: readonly GoodsInsert[]): Promise<number[]> {
  const eligible = batch.filter((g) => g.isOnSale !== false && g.isBuy !== false && !g.isKx && (g.stock ?? 0) > 0);
  const today = shanghaiMidnight(now);
  const ids: number[] = [];
  let offset = 40; // after the goods the home page's sections feature
  for (const [i, spec] of SPECS.entries()) {
    const [row] = await db
      .insert(promotions)
      .values({
        kind: 'showcase',
        name: spec.name,
        description: spec.description,
        page: spec.page,
        startsAt: addDays(today, -3),
        endsAt: addDays(today, 12 + i),
        image: `/media/banner/activity-${spec.page}-${i + 1}.svg?t=${encodeURIComponent(spec.name)}`,
        sort: i + 1,
        createdAt: addDays(now, -5),
      })
      .returning({ id: promotions.id });
    ids.push(row.id);
    const picked = eligible.slice(offset, offset + spec.goods);
    offset += spec.goods;
    if (picked.length > 0)
      await db.insert(promotionGoods).values(picked.map((g) => ({ promotionId: row.id, goodsId: g.id! })));
  }
  return ids;
}
