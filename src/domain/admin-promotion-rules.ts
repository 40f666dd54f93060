// Operator console: the promotion kinds configured by rules rather than one sale price — 每日特价,
// 全场94折, 满减, 满折, 满额返现, 组合套餐, 满赠 and the activity pages (GET/POST
// /api/admin/promotion-rules). Each is stored as the same `promotions` row (+ `promotion_goods`)
// the seed writes and the shop's pricing reads; this module is the one input rule both the form
// and the server check. Money in fen, times in seconds.
import { z } from 'zod';
import { ACTIVITY_PAGE_CODES, type ActivityPageCode } from './activity-pages';

export const RULE_PROMOTION_KINDS = [
  'everyday',
  'welfare',
  'manjian',
  'discount',
  'cashback',
  'combination',
  'gift',
  'activity',
] as const;
export type RulePromotionKind = (typeof RULE_PROMOTION_KINDS)[number];

export const RULE_PROMOTION_LABELS: Record<RulePromotionKind, string> = {
  everyday: '每日特价',
  welfare: '全场94折',
  manjian: '满减',
  discount: '满折',
  cashback: '满额返现',
  combination: '组合套餐',
  gift: '满赠',
  activity: '活动页',
};

/** The `promotions.kind` each console kind is stored as (welfare is a 满折 with rules.zone). */
export const STORED_KIND: Record<RulePromotionKind, string> = {
  everyday: 'everyday',
  welfare: 'discount',
  manjian: 'manjian',
  discount: 'discount',
  cashback: 'cashback',
  combination: 'combination',
  gift: 'gift',
  activity: 'showcase',
};

/** Kinds whose rules are a tier list (amount ascending). */
export const TIERED_KINDS: readonly RulePromotionKind[] = ['manjian', 'discount', 'cashback', 'gift'];

export const DAY_SECONDS = 86_400;
const SHANGHAI_OFFSET_SECONDS = 8 * 3_600;

/** Seconds of 00:00 Shanghai on a `YYYY-MM-DD` date (China keeps UTC+8 all year); NaN if malformed. */
export function shanghaiDayStart(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000 - SHANGHAI_OFFSET_SECONDS;
}

/** True when `seconds` is a Shanghai midnight. */
export const isShanghaiMidnight = (seconds: number): boolean => (seconds + SHANGHAI_OFFSET_SECONDS) % DAY_SECONDS === 0;

export interface RuleTier {
  /** Threshold (fen), reached when the qualifying amount is ≥ it. */
  amount: number;
  /** 满减: fen off. */
  reduce?: number;
  /** 满折 / welfare: percent paid (94 = 9.4折). */
  percent?: number;
  /** 满额返现: fen back into the wallet. */
  back?: number;
  /** 满赠: the gift goods and units. */
  goods_id?: number;
  number?: number;
}

export interface RulePromotionGoods {
  goods_id: number;
  name: string;
  /** The goods' own stock (a gift's or a set member's availability). */
  stock: number;
  /** Promotion unit price (fen): the special or set member price; null = the buyer's own price. */
  price: number | null;
  /** Units per set (组合套餐); 1 otherwise. */
  quantity: number;
  /** Units offered at the promotion price (0 = only the goods' stock). */
  stock_limit: number;
  sold: number;
  per_company_limit: number;
}

export interface RulePromotionRow {
  id: number;
  kind: RulePromotionKind;
  name: string;
  description: string;
  image: string;
  page: ActivityPageCode | null;
  sort: number;
  starts_at: number;
  ends_at: number;
  is_active: boolean;
  all_goods: boolean;
  /** 每日特价: the hour (Shanghai) of the day before from which it is previewed. */
  preview_hour: number | null;
  tiers: RuleTier[];
  goods: RulePromotionGoods[];
  /** 满赠: the gift goods of the tiers with their stock. */
  gifts: { goods_id: number; name: string; stock: number }[];
}

const int = (msg: string, min: number, max = 100_000_000) =>
  z.coerce.number({ error: msg }).int({ error: msg }).min(min, { error: msg }).max(max, { error: msg });
const optionalInt = (msg: string, min: number, max?: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), int(msg, min, max).optional());
const flag = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean());

const tierInput = z.object({
  amount: int('门槛金额须为正整数（分）', 1),
  reduce: optionalInt('减免金额须为正整数（分）', 1),
  percent: optionalInt('折扣须为1-99的整数（94即9.4折）', 1, 99),
  back: optionalInt('返现金额须为正整数（分）', 1),
  goods_id: optionalInt('赠品商品编号无效', 1),
  number: optionalInt('赠品数量须为正整数', 1, 10_000),
});

const goodsInput = z.object({
  goods_id: int('商品编号无效', 1),
  price: z.preprocess((v) => (v === '' ? null : v), int('价格须为0或正整数（分）', 0).nullable().optional()),
  quantity: optionalInt('每套数量须为正整数', 1, 1_000),
  stock_limit: optionalInt('活动库存须为0或正整数', 0),
  per_company_limit: optionalInt('每家限购须为0或正整数', 0),
});

const seconds = (msg: string) => int(msg, 1_000_000_000, 99_999_999_999);

export const rulePromotionInput = z
  .object({
    kind: z.enum(RULE_PROMOTION_KINDS, { error: '活动类型无效' }),
    name: z
      .string({ error: '请填写活动名称' })
      .trim()
      .min(1, { error: '请填写活动名称' })
      .max(60, { error: '活动名称最多60个字' }),
    description: z.string().trim().max(500, { error: '活动说明最多500个字' }).optional().default(''),
    image: z.string().trim().max(300, { error: '横幅地址最多300个字符' }).optional().default(''),
    page: z.preprocess(
      (v) => (v === '' ? null : v),
      z
        .enum(ACTIVITY_PAGE_CODES as [ActivityPageCode, ...ActivityPageCode[]], { error: '活动页无效' })
        .nullable()
        .optional(),
    ),
    sort: optionalInt('排序须为0-9999的整数', 0, 9_999),
    starts_at: seconds('请填写开始时间'),
    ends_at: seconds('请填写结束时间'),
    preview_hour: optionalInt('预告时间须为0-23点', 0, 23),
    all_goods: flag.optional().default(false),
    tiers: z.array(tierInput, { error: '阶梯格式无效' }).max(10, { error: '最多10个阶梯' }).optional().default([]),
    goods: z
      .array(goodsInput, { error: '商品格式无效' })
      .max(100, { error: '一个活动最多100种商品' })
      .optional()
      .default([]),
  })
  .superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (v.ends_at <= v.starts_at) issue(['ends_at'], '结束时间须晚于开始时间');
    if (v.kind === 'everyday' && !(isShanghaiMidnight(v.starts_at) && v.ends_at === v.starts_at + DAY_SECONDS)) {
      issue(['starts_at'], '每日特价须从当日0点到次日0点');
    }
    if (v.kind === 'activity' && !v.page) issue(['page'], '请选择活动页');
    checkTiers(v.kind, v.tiers, issue);
    checkGoods(v.kind, v.all_goods, v.goods, issue);
  });
export type RulePromotionInput = z.output<typeof rulePromotionInput>;
type Issue = (path: (string | number)[], message: string) => void;

/** Field a tier's benefit is in for a kind, and whether it must grow (+1) or shrink (-1) tier by tier. */
const BENEFIT: Partial<
  Record<RulePromotionKind, { field: 'reduce' | 'percent' | 'back'; label: string; direction: 1 | -1 }>
> = {
  manjian: { field: 'reduce', label: '减免金额', direction: 1 },
  discount: { field: 'percent', label: '折扣', direction: -1 },
  welfare: { field: 'percent', label: '折扣', direction: -1 },
  cashback: { field: 'back', label: '返现金额', direction: 1 },
};

function checkTiers(kind: RulePromotionKind, tiers: RulePromotionInput['tiers'], issue: Issue): void {
  if (kind === 'welfare') {
    if (tiers.length !== 1 || tiers[0].percent === undefined) issue(['tiers'], '请填写折扣（94即9.4折）');
    return;
  }
  if (!TIERED_KINDS.includes(kind)) return;
  if (tiers.length === 0) return issue(['tiers'], '请至少设置一个阶梯');
  const benefit = BENEFIT[kind];
  tiers.forEach((t, i) => {
    const prev = tiers[i - 1];
    if (prev && t.amount <= prev.amount) issue(['tiers', i, 'amount'], '门槛须逐级递增');
    if (benefit) {
      const value = t[benefit.field];
      if (value === undefined) return issue(['tiers', i, benefit.field], `请填写${benefit.label}`);
      if (benefit.field !== 'percent' && value >= t.amount)
        issue(['tiers', i, benefit.field], `${benefit.label}须小于门槛`);
      const before = prev?.[benefit.field];
      if (before !== undefined && (value - before) * benefit.direction <= 0) {
        issue(['tiers', i, benefit.field], benefit.direction > 0 ? `${benefit.label}须逐级递增` : '折扣须逐级加深');
      }
    }
    if (kind === 'gift') {
      if (t.goods_id === undefined) issue(['tiers', i, 'goods_id'], '请填写赠品商品编号');
      if (t.number === undefined) issue(['tiers', i, 'number'], '请填写赠品数量');
    }
  });
}

function checkGoods(
  kind: RulePromotionKind,
  allGoods: boolean,
  goods: RulePromotionInput['goods'],
  issue: Issue,
): void {
  const mayCoverAll = kind === 'manjian' || kind === 'discount' || kind === 'cashback' || kind === 'gift';
  if (allGoods && !mayCoverAll) issue(['all_goods'], '该类型活动须指定商品');
  if (!allGoods && goods.length === 0) return issue(['goods'], '请添加活动商品');
  if (kind === 'combination' && goods.length < 2) issue(['goods'], '组合套餐至少需要2种商品');
  const seen = new Set<number>();
  goods.forEach((g, i) => {
    if (seen.has(g.goods_id)) issue(['goods', i, 'goods_id'], '同一商品只能添加一次');
    seen.add(g.goods_id);
    if (kind === 'everyday' && (g.price === null || g.price === undefined || g.price < 1))
      issue(['goods', i, 'price'], '请填写特价（分，须大于0）');
    if (kind === 'combination' && (g.price === null || g.price === undefined))
      issue(['goods', i, 'price'], '请填写套餐内单价（分）');
  });
}

/** Set price (fen) of a combination: Σ member price × units; null while a member has none. */
export function combinationSetPrice(goods: readonly { price?: number | null; quantity?: number }[]): number | null {
  let sum = 0;
  for (const g of goods) {
    if (g.price === null || g.price === undefined) return null;
    sum += g.price * (g.quantity ?? 1);
  }
  return sum;
}

/** One line summing up a tier for the operator, e.g. 满¥1000.00减¥50.00. */
export function describeTier(
  kind: RulePromotionKind,
  t: RuleTier,
  yuan: (fen: number) => string,
  giftName = '',
): string {
  if (kind === 'welfare') return `全部商品${(t.percent ?? 100) / 10}折`;
  const at = `满${yuan(t.amount)}`;
  if (kind === 'manjian') return `${at}减${yuan(t.reduce ?? 0)}`;
  if (kind === 'discount') return `${at}享${(t.percent ?? 100) / 10}折`;
  if (kind === 'cashback') return `${at}返${yuan(t.back ?? 0)}`;
  if (kind === 'gift') return `${at}赠${giftName || `#${t.goods_id}`}×${t.number ?? 1}`;
  return at;
}
