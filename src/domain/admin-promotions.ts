// Operator console: flash sales (秒杀) and group buys (拼团) as the console lists and creates them
// (GET/POST /api/admin/promotions). Money in fen, times in seconds.

export const CONSOLE_PROMOTION_KINDS = ['flash', 'group'] as const;
export type ConsolePromotionKind = (typeof CONSOLE_PROMOTION_KINDS)[number];

export const CONSOLE_PROMOTION_LABELS: Record<ConsolePromotionKind, string> = { flash: '秒杀', group: '拼团' };

export interface ConsolePromotionGoods {
  goods_id: number;
  name: string;
  /** Flash or group price. */
  price: number;
  /** Group buy: target units; flash sale: 1. */
  quantity: number;
  /** Flash sale stock (0 = only the goods' stock). */
  stock_limit: number;
  /** Flash: units sold; group: units joined. */
  sold: number;
  per_company_limit: number;
  /** Group buy only, after its deadline. */
  group_outcome: 'formed' | 'failed' | null;
}

export interface ConsolePromotion {
  id: number;
  kind: ConsolePromotionKind;
  name: string;
  description: string;
  starts_at: number;
  ends_at: number;
  is_active: boolean;
  goods: ConsolePromotionGoods[];
}

/** Where a promotion stands for the operator. */
export function consolePromotionState(
  p: Pick<ConsolePromotion, 'starts_at' | 'ends_at' | 'is_active'>,
  nowSec: number,
): string {
  if (!p.is_active) return '已停止';
  if (nowSec < p.starts_at) return '未开始';
  if (nowSec >= p.ends_at) return '已结束';
  return '进行中';
}
