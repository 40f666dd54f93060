// The points mall (/jfsc, docs/api.md "Points mall"): wire types and the exchange rule the page
// and the server share — how many units one exchange may take, and what it costs.

/** Units one exchange may take: a points goods is a gift for the shop, not stock to resell. */
export const POINTS_EXCHANGE_MAX = 99;

export interface PointsGoodsView {
  id: number;
  name: string;
  image: string;
  description: string;
  /** Points per unit. */
  points: number;
  /** Cash per unit (fen), taken from the wallet balance; 0 = points only. */
  cash_price: number;
  /** Units left. */
  stock: number;
  /** Units this company may still exchange (null = no cap). */
  remaining_for_me: number | null;
}

export interface PointsMallView {
  list: PointsGoodsView[];
  /** The company's points (0 for a visitor). */
  points: number;
  /** The company's wallet balance (fen; 0 for a visitor). */
  balance: number;
}

export interface PointsExchangeResult {
  order_id: number;
  order_no: string;
  points_used: number;
  cash_amount: number;
  /** Points left after the exchange. */
  points: number;
}

/** What `number` units cost; the server charges exactly this. */
export function exchangeCost(
  g: Pick<PointsGoodsView, 'points' | 'cash_price'>,
  number: number,
): { points: number; cash: number } {
  return { points: g.points * number, cash: g.cash_price * number };
}

/** Why the buyer cannot exchange `number` units now, or null when they can (the page's hint). */
export function exchangeProblem(g: PointsGoodsView, number: number, points: number, balance: number): string | null {
  if (!Number.isInteger(number) || number < 1 || number > POINTS_EXCHANGE_MAX)
    return `兑换数量须在1-${POINTS_EXCHANGE_MAX}之间`;
  if (g.stock < number) return g.stock === 0 ? '已兑完' : '库存不足';
  if (g.remaining_for_me !== null && g.remaining_for_me < number)
    return g.remaining_for_me === 0 ? '已达兑换上限' : `最多还可兑换${g.remaining_for_me}件`;
  const cost = exchangeCost(g, number);
  if (points < cost.points) return '积分不足';
  if (balance < cost.cash) return '余额不足';
  return null;
}
