// The lucky draw's wire shapes (SPEC §7 "Lucky draw") and its SPEC §8 texts, shared by the server
// and the home popup. Timings (2 s result delay, 1 s close animation) are in constants.ts.

/**
 * What a prize credits: a coupon template, points, a goods on the next order (ref_id = goods id),
 * or nothing (谢谢参与).
 */
export type DrawPrizeKind = 'coupon' | 'points' | 'goods' | 'none';
export const DRAW_PRIZE_KINDS: readonly DrawPrizeKind[] = ['coupon', 'points', 'goods', 'none'];

/** Order-line type of a lucky-draw goods prize (price 0); 4 is 满赠, 5 换购. */
export const DRAW_PRIZE_LINE_TYPE = 6;

export const DRAW_PRIZE_TAG = '奖品';

/** A won goods prize at checkout (and in the cart while it waits for an order). */
export interface PrizeLineView {
  record_id: number;
  prize_name: string;
  goods_id: number;
  name: string;
  ypgg: string;
  bzdw: string;
  goods_image: string;
  number: number;
  price: 0;
  /** 0 when the stock cannot cover it now: it stays for a later order. */
  given: 0 | 1;
}

/** GET /api/draw/pending_goods: the won goods prizes waiting for the next order. */
export interface PendingPrizes {
  list: PrizeLineView[];
}

/** GET /api/draw/simple: the draw the home popup offers; `is_join` 0 = the company has a chance left. */
export interface DrawSimple {
  id: number;
  name: string;
  image: string;
  is_join: 0 | 1;
  chances_left: number;
}

export interface DrawPrizeView {
  id: number;
  name: string;
  remarks: string;
  kind: DrawPrizeKind;
}

/** GET /api/draw/{id}/activity. */
export interface DrawActivity extends DrawSimple {
  rules: string;
  starts_at: number;
  ends_at: number;
  prizes: DrawPrizeView[];
}

/** GET /api/draw (id): one draw's outcome. `is_win` 0 for 谢谢参与. */
export interface DrawResult {
  record_id: number;
  prize_id: number;
  name: string;
  remarks: string;
  kind: DrawPrizeKind;
  is_win: 0 | 1;
  chances_left: number;
}

/** GET /api/draw/new_record (id): recent wins, company masked. */
export interface DrawWinner {
  company: string;
  name: string;
  created_at: number;
}

/** GET /api/draw/record: the company's own draws. */
export interface DrawRecordView {
  id: number;
  draw_name: string;
  name: string;
  remarks: string;
  kind: DrawPrizeKind;
  created_at: number;
}

/** SPEC §8: "congratulations, drew {prize name} ({remarks})". */
export function drawWinMessage(name: string, remarks: string): string {
  return remarks ? `恭喜您，抽中了${name}（${remarks}）` : `恭喜您，抽中了${name}`;
}

/** SPEC §8: confirmation when closing while the draw runs. */
export const DRAW_CLOSE_CONFIRM = '正在抽奖中，关闭后如未显示抽奖结果，请到个人中心查看';

export const DRAW_MESSAGES = {
  id: '抽奖活动编号无效',
  notFound: '抽奖活动不存在',
  notRunning: '抽奖活动未开始或已结束',
  noChance: '您的抽奖次数已用完，下单即可获得抽奖机会',
  soldOut: '奖品已抽完，感谢参与',
  key: '请求编号格式错误（最长100个字符）',
} as const;

/** Masks a company name for the winners' ticker: 广州康源大药房 → 广州**药房. */
export function maskCompany(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}*`;
  if (chars.length <= 4) return `${chars[0]}**${chars[chars.length - 1]}`;
  return `${chars.slice(0, 2).join('')}**${chars.slice(-2).join('')}`;
}
