// The configurable activity pages (docs/decisions/activity-pages.md): which page code is what,
// the wire shape of GET /api/activity/page, and the POST /api/activity/tap input.
import { z } from 'zod';
import type { GoodsListItem } from './catalog';

/** Pages that show every running promotion configured for them (promotions.page). */
export type ActivityPageCode = 'zqmb' | 'yyh' | 'hdmb' | 'zhmz' | 'yjh';
export const ACTIVITY_PAGE_CODES: readonly ActivityPageCode[] = ['zqmb', 'yyh', 'hdmb', 'zhmz', 'yjh'];

/** What each abbreviation stands for: the page's title when it has several sections. */
export const ACTIVITY_PAGE_TITLES: Readonly<Record<ActivityPageCode, string>> = {
  zqmb: '专区活动',
  yyh: '月月惠',
  hdmb: '活动专题',
  zhmz: '组合满赠',
  yjh: '活动专区',
};

/** One promotion shown as a goods section. */
export interface ActivitySection {
  id: number;
  name: string;
  description: string;
  image: string;
  /** Seconds. */
  ends_at: number;
  /** Goods in the section the viewer may see; `goods` holds the first ones (all with `full=1`). */
  total: number;
  goods: (GoodsListItem & { activity_price: number | null })[];
}

export interface ActivityPage {
  code: ActivityPageCode | 'hdzx';
  title: string;
  banner: string;
  rules: string;
  /** Seconds: the earliest end of its sections (the countdown), and the server's now. */
  ends_at: number;
  timestamp: number;
  sections: ActivitySection[];
}

/** Goods per section on an overview page; the list pages (/yyh/list, /zhmz/list) show them all. */
export const SECTION_PREVIEW_GOODS = 8;
export const SECTION_GOODS_MAX = 200;

export const ACTIVITY_MESSAGES = {
  code: '活动页面无效',
  id: '活动编号无效',
  notFound: '活动不存在或已结束',
  url: '活动链接无效',
  source: '来源无效（最长40个字符）',
} as const;

/** POST /api/activity/tap: the entry's target path on our site and where it was tapped. */
export const activityTapInput = z.object({
  url: z
    .string({ error: ACTIVITY_MESSAGES.url })
    .trim()
    .min(1, { error: ACTIVITY_MESSAGES.url })
    .max(300, { error: ACTIVITY_MESSAGES.url })
    .regex(/^\/(?!\/)[^\s]*$/, { error: ACTIVITY_MESSAGES.url }),
  source: z
    .string({ error: ACTIVITY_MESSAGES.source })
    .trim()
    .max(40, { error: ACTIVITY_MESSAGES.source })
    .optional()
    .default(''),
});
export type ActivityTapInput = z.infer<typeof activityTapInput>;
