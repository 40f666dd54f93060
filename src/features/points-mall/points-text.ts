// How a points price reads: "300 积分" or "2500 积分 + ¥19.90".
import { formatPrice } from '../../domain/money';

export function pointsPriceText(points: number, cash: number): string {
  return cash > 0 ? `${points} 积分 + ${formatPrice(cash)}` : `${points} 积分`;
}
