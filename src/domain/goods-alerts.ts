// 到货通知 and 降价提醒 (beyond SPEC; docs/decisions/goods-alerts.md): what a buyer may ask for
// and the wire shape of GET /api/user/alerts.
import { z } from 'zod';
import { yuanTextToFen } from './yuan-text';

export type GoodsAlertKind = 'restock' | 'price_drop';
export const GOODS_ALERT_KINDS: readonly GoodsAlertKind[] = ['restock', 'price_drop'];
export const GOODS_ALERT_KIND_TEXT: Record<GoodsAlertKind, string> = { restock: '到货通知', price_drop: '降价提醒' };

/** Alerts a company may hold at once (armed or already notified, until it deletes them). */
export const GOODS_ALERTS_MAX = 50;

export const GOODS_ALERT_MESSAGES = {
  goods: '请选择商品',
  kind: '提醒类型无效',
  price: '请输入大于0的提醒价格，如 12.50',
  priceNotBelow: '提醒价格须低于当前价格',
  inStock: '该商品有货，可直接购买',
  notVisible: '商品不存在或已下架',
  pricesHidden: '资质审核通过后才能设置降价提醒',
  tooMany: `最多设置${GOODS_ALERTS_MAX}个提醒，请先删除不需要的提醒`,
  notFound: '提醒不存在',
} as const;

export const goodsAlertInput = z
  .object({
    goods_id: z.union([z.string(), z.number()], { error: GOODS_ALERT_MESSAGES.goods }).transform((v, ctx) => {
      const n = typeof v === 'number' ? v : /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message: GOODS_ALERT_MESSAGES.goods });
        return z.NEVER;
      }
      return n;
    }),
    kind: z.enum(GOODS_ALERT_KINDS as [GoodsAlertKind, ...GoodsAlertKind[]], { error: GOODS_ALERT_MESSAGES.kind }),
    target_price: z.union([z.string(), z.number()]).optional(),
  })
  .transform((v, ctx) => {
    if (v.kind === 'restock') return { goods_id: v.goods_id, kind: v.kind, target_price: null };
    const fen = v.target_price === undefined ? null : yuanTextToFen(String(v.target_price));
    if (fen === null || fen < 1) {
      ctx.addIssue({ code: 'custom', path: ['target_price'], message: GOODS_ALERT_MESSAGES.price });
      return z.NEVER;
    }
    return { goods_id: v.goods_id, kind: v.kind, target_price: fen };
  });
export type GoodsAlertInput = z.output<typeof goodsAlertInput>;

export interface GoodsAlert {
  id: number;
  kind: GoodsAlertKind;
  kind_text: string;
  /** Fen; null for 到货通知. */
  target_price: number | null;
  /** Seconds; null while it waits. */
  notified_at: number | null;
  created_at: number;
  goods: {
    id: number;
    name: string;
    sccj: string;
    ypgg: string;
    goods_image: string;
    /** The buyer's current price (fen), null when hidden. */
    price: number | null;
    number: number;
  };
}
