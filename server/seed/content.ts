// Site content: focus/ad slots, top nav, footer links, the help and news article tree, site config
// and hot search terms. Banner images are '/media/banner/<slot>-<n>.svg', drawn on request by the
// media route; links point at the shop's own routes (SPEC §2).
import { articleCategories, articles, focusItems, hotKeywords, links, navItems, siteConfig } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { ARTICLE_CATEGORY_ID } from '@domain/constants.ts';
import { sanitizeArticleHtml } from '../services/articles/sanitize.ts';
import { addDays } from './dates.ts';
import { firstFreeId, syncSequence } from './db-util.ts';
import { HELP_ARTICLES, NEWS_ARTICLES, NOTICES } from './articles.ts';
import { HOT_KEYWORDS } from './catalogue-words.ts';
import type { SeededCategories } from './categories.ts';

export interface ContentRefs {
  categories: SeededCategories;
  /** Brand ids in sort order. */
  brandIds: number[];
  /** Goods ids worth linking to from banners (the featured ones first). */
  goodsIds: number[];
}

export interface SeededContent {
  focusItems: number;
  articles: number;
}

interface HelpGroup {
  name: string;
  code: string;
  leaves: readonly (readonly [string, string])[];
}

/** SPEC §2 help centre; the root has the fixed id ARTICLE_CATEGORY_ID (3). */
const HELP_TREE: readonly HelpGroup[] = [
  {
    name: '新手指南',
    code: 'xrzn',
    leaves: [
      ['会员注册', 'hyzc'],
      ['购物指南', 'gwzn'],
      ['安全购药', 'aqgy'],
    ],
  },
  {
    name: '服务保障',
    code: 'fwbz',
    leaves: [
      ['网站资质', 'wzzz'],
      ['用户协议', 'yhxy'],
      ['专属客服', 'zskf'],
    ],
  },
  {
    name: '关于我们',
    code: 'us',
    leaves: [
      ['投诉建议', 'tsjy'],
      ['联系我们', 'link'],
    ],
  },
  {
    name: '支付配送',
    code: 'zfps',
    leaves: [
      ['订单支付', 'ddzf'],
      ['货物配送', 'hwps'],
      ['药品退换', 'ypth'],
    ],
  },
  {
    name: '新闻资讯',
    code: 'news',
    leaves: [
      ['行业新闻', 'hy'],
      ['公司新闻', 'company'],
    ],
  },
];

export async function seedContent(db: Db, now: Date, refs: ContentRefs): Promise<SeededContent> {
  const articleCount = await seedArticles(db, now);
  const focusCount = await seedFocus(db, now, refs);

  await db.insert(navItems).values(
    (
      [
        ['首页', '/'],
        ['品牌专区', '/ppzq'],
        ['近效期', '/jxqzc'],
        ['中药专区', '/zyyp'],
        ['器械专区', '/qxzq'],
        ['控销专区', '/kxzq'],
        ['包邮专区', '/yx'],
        ['每日特价', '/mrtj'],
        ['拼团', '/ptzq'],
        ['领券中心', '/lqzx'],
        ['积分商城', '/jfsc'],
      ] as const
    ).map(([name, url], i) => ({ name, url, sort: i + 1 })),
  );

  await db.insert(links).values(
    (
      [
        ['国家药品监督管理局', 'https://www.nmpa.gov.cn'],
        ['国家卫生健康委员会', 'https://www.nhc.gov.cn'],
        ['国家医疗保障局', 'https://www.nhsa.gov.cn'],
        ['国家中医药管理局', 'http://www.natcm.gov.cn'],
        ['国家市场监督管理总局', 'https://www.samr.gov.cn'],
        ['广东省药品监督管理局', 'https://mpa.gd.gov.cn'],
      ] as const
    ).map(([name, url], i) => ({ name, url, sort: i + 1 })),
  );

  await db.insert(siteConfig).values([
    { key: 'common_config', value: { hot_line: '400-800-1234', qq1: '800012345', qq2: '800067890' } },
    {
      key: 'licences',
      value: {
        drug_trading: '粤AA0201234',
        internet_info: '(粤)-经营性-2024-0123',
        device: '粤穗食药监械经营许20240123号',
      },
    },
    { key: 'chat_url', value: '/chat' },
    // Cart shipping rule (fen): free from 800 yuan, else a 10 yuan fee. The demo orders follow it.
    { key: 'shipping', value: { shipping_amount: 80_000, fee: 1_000 } },
  ]);

  await db.insert(hotKeywords).values(HOT_KEYWORDS.map((keyword, i) => ({ keyword, sort: i + 1 })));
  return { focusItems: focusCount, articles: articleCount };
}

async function seedArticles(db: Db, now: Date): Promise<number> {
  const first = await firstFreeId(db, 'article_categories');
  if (first !== 1) throw new Error('seed: article_categories must be empty (the help root needs id 3)');
  type CatRow = typeof articleCategories.$inferInsert & { id: number };
  const cats: CatRow[] = [
    { id: 1, parentId: null, name: '平台公告', code: 'notice', sort: 1 },
    { id: 2, parentId: null, name: '商城活动', code: 'activity', sort: 2 },
    { id: ARTICLE_CATEGORY_ID, parentId: null, name: '帮助中心', code: 'help', sort: 3 },
  ];
  const leafIds = new Map<string, number>();
  let id = ARTICLE_CATEGORY_ID + 1;
  HELP_TREE.forEach((group, gi) => {
    const groupId = id++;
    cats.push({ id: groupId, parentId: ARTICLE_CATEGORY_ID, name: group.name, code: group.code, sort: gi + 1 });
    group.leaves.forEach(([name, code], li) => {
      const leafId = id++;
      leafIds.set(code, leafId);
      cats.push({ id: leafId, parentId: groupId, name, code, sort: li + 1 });
    });
  });
  await db.insert(articleCategories).values(cats);
  await syncSequence(db, 'article_categories');

  const leaf = (code: string): number => {
    const found = leafIds.get(code);
    if (found === undefined) throw new Error(`seed: no article category ${code}`);
    return found;
  };
  const rows: (typeof articles.$inferInsert)[] = [];
  for (const [code, a] of Object.entries(HELP_ARTICLES)) {
    rows.push({ categoryId: leaf(code), ...a, publishedAt: addDays(now, -180), views: 300 + a.body.length });
  }
  NEWS_ARTICLES.forEach((a, i) => {
    rows.push({
      categoryId: leaf(a.code),
      title: a.title,
      summary: a.summary,
      body: a.body,
      cover: `/media/banner/news-${i + 1}.svg`,
      publishedAt: addDays(now, -a.daysAgo),
      views: 120 + a.daysAgo * 37,
    });
  });
  NOTICES.forEach((a) => {
    rows.push({
      categoryId: 1,
      title: a.title,
      summary: a.summary,
      body: a.body,
      publishedAt: addDays(now, -a.daysAgo),
      views: 860,
    });
  });
  rows.push({
    categoryId: 2,
    title: '满减狂欢：满1000减50，满3000减200',
    summary: '活动商品叠加满减，最高减400元。',
    body: '活动期间，带“满”字标签的商品合计满1000元减50元，满3000元减200元，满5000元减400元。\n\n满减优惠可与优惠券同享，具体以结算页显示为准。',
    publishedAt: addDays(now, -10),
    views: 2_310,
  });
  // Bodies are written as plain text above and stored as the console stores them: sanitised HTML.
  await db.insert(articles).values(rows.map((r) => ({ ...r, body: sanitizeArticleHtml(r.body) })));
  return rows.length;
}

async function seedFocus(db: Db, now: Date, refs: ContentRefs): Promise<number> {
  const { categories, brandIds, goodsIds } = refs;
  const l2 = (l1: string, name: string): number => {
    const found = categories.leaves.find((x) => x.key.startsWith(`${l1}/${name}/`));
    return found ? found.l2 : (categories.rootIds.get(l1) ?? 1);
  };
  const root = (name: string): number => categories.rootIds.get(name) ?? 1;
  const goodsUrl = (i: number) => `/list/info/${goodsIds[i % Math.max(goodsIds.length, 1)] ?? 1}`;
  const brandAt = (i: number) => brandIds[i % Math.max(brandIds.length, 1)] ?? 1;

  type Item = { title: string; url: string; refId?: number };
  const slots: [string, Item[]][] = [
    [
      'index',
      [
        { title: '感冒季常备药品专场', url: `/list?category_id=${l2('中成药', '感冒用药')}` },
        { title: '满减狂欢 满1000减50', url: '/mrtj' },
        { title: '999品牌专场', url: `/ppzq/info/${brandAt(0)}` },
        { title: '道地药材 中药饮片专区', url: '/zyyp' },
        { title: '领券中心 新人好礼', url: '/lqzx' },
      ],
    ],
    [
      'right',
      [
        { title: '领券中心', url: '/lqzx' },
        { title: '积分商城', url: '/jfsc' },
      ],
    ],
    ['top', [{ title: '包邮专区 满额包邮', url: '/yx' }]],
    ['top_banner', [{ title: '新人注册领无门槛券', url: '/lqzx' }]],
    ['bottom', [{ title: '每日特价 限时抢购', url: '/mrtj' }]],
    ['xrtj', [0, 1, 2, 3].map((i) => ({ title: '新人推荐', url: goodsUrl(i) }))],
    ['ppzq', [0, 1, 2].map((i) => ({ title: '品牌专区', url: `/ppzq/info/${brandAt(i)}` }))],
    [
      'kxzq',
      [
        { title: '控销专区 厂家授权', url: '/kxzq' },
        { title: '控销新品上市', url: '/kxzq/new' },
      ],
    ],
    // ref_id is the ad's number in /kxzq/goods/:url/:ads (`/kxzq/goods/3/1,2` shows ads 1 and 2).
    ['kxzq_ad', [0, 1, 2].map((i) => ({ title: '控销推荐', url: i === 0 ? '/kxzq/new' : '/kxzq', refId: i + 1 }))],
    ['new_kxzq', [0, 1, 2].map(() => ({ title: '控销新品', url: '/kxzq/new' }))],
    [
      'zyzq',
      [
        { title: '中药饮片专区', url: '/zyyp' },
        { title: '贵细药材', url: `/list?category_id=${l2('中药饮片', '贵细药材')}` },
      ],
    ],
    ['login', [{ title: '康源医药网 药品批发采购平台', url: '' }]],
    [
      'yx',
      [
        { title: '包邮专区', url: '/yx' },
        { title: '包邮规则', url: '/yx/rule' },
      ],
    ],
    [
      'demo',
      [
        { title: '西药专场', url: `/list?category_id=${root('西药')}` },
        { title: '中成药专场', url: `/list?category_id=${root('中成药')}` },
        { title: '医疗器械专场', url: '/qxzq' },
      ],
    ],
    [
      'post',
      [
        { title: '康源医药网成都仓正式启用', url: '/news/company' },
        { title: '第十批国家组织药品集中采购结果公布', url: '/news/hy' },
        { title: '关于春节期间发货安排的公告', url: '/news/hy' },
        { title: '中药饮片专区上线', url: '/zyyp' },
      ],
    ],
    ['brand', brandIds.map((id) => ({ title: '品牌馆', url: `/ppzq/info/${id}`, refId: id }))],
    [
      'qxzq',
      [
        { title: '家用器械 健康到家', url: `/list?category_id=${l2('医疗器械', '家用器械')}` },
        { title: '防护用品专场', url: `/list?category_id=${l2('医疗器械', '防护用品')}` },
      ],
    ],
    [
      'jxq',
      [
        { title: '近效期特惠 低至5折', url: '/jxqzc' },
        { title: '近效期清仓', url: '/jxqzc' },
      ],
    ],
    ['draw', [{ title: '幸运大转盘 下单抽好礼', url: '/xycj' }]],
  ];
  const rows: (typeof focusItems.$inferInsert)[] = [];
  for (const [slot, items] of slots) {
    items.forEach((item, i) => {
      rows.push({
        slot,
        title: item.title,
        image:
          slot === 'brand' ? `/media/banner/brand-${item.refId ?? i + 1}.svg` : `/media/banner/${slot}-${i + 1}.svg`,
        url: item.url,
        refId: item.refId ?? null,
        sort: i + 1,
        startsAt: addDays(now, -30),
        endsAt: addDays(now, 90),
      });
    });
  }
  await db.insert(focusItems).values(rows);
  return rows.length;
}
