// How a held coupon or voucher reads on its card: its value, its threshold and its dates.
import { formatFen } from '../../domain/money';
import { formatDate } from '../../domain/time';
import type { HeldCouponView } from '../../domain/wallet';

/** ¥50 off, or 9.5折 for a percentage coupon. */
export function couponValue(c: Pick<HeldCouponView, 'amount' | 'discount_percent'>): { figure: string; unit: string } {
  if (c.discount_percent !== null) return { figure: String(c.discount_percent / 10), unit: '折' };
  return { figure: formatFen(c.amount).replace(/\.00$/, ''), unit: '元' };
}

/** 满1000元可用 / 无门槛; a percentage coupon also names its cap. */
export function couponThreshold(c: Pick<HeldCouponView, 'threshold' | 'amount' | 'discount_percent'>): string {
  const base = c.threshold > 0 ? `满${formatFen(c.threshold).replace(/\.00$/, '')}元可用` : '无门槛';
  return c.discount_percent !== null && c.amount > 0
    ? `${base}，最高抵${formatFen(c.amount).replace(/\.00$/, '')}元`
    : base;
}

export function couponDates(c: Pick<HeldCouponView, 'status' | 'expires_at' | 'used_at'>): string {
  if (c.status === 1 && c.used_at !== null) return `使用于 ${formatDate(c.used_at)}`;
  return c.status === 2 ? `已于 ${formatDate(c.expires_at)} 过期` : `有效期至 ${formatDate(c.expires_at)}`;
}
