// 全场94折 (/welfare): the welfare zone is a 满折 promotion whose tier starts at one fen, so its
// goods are paid at `percent` in the cart (the 满折 share of each line), shown here as a price.
import type { GoodsListItem } from './catalog';

export interface WelfarePromotion {
  id: number;
  name: string;
  description: string;
  /** Percent paid: 94 = 9.4折. */
  percent: number;
  /** Fen of the promotion's goods from which it applies (1 = any amount). */
  from_amount: number;
  starts_at: number;
  ends_at: number;
}

/** GET /api/activity/welfare. */
export interface WelfarePage {
  promotion: WelfarePromotion | null;
  goods: GoodsListItem[];
}

/** The unit price after the welfare percent, rounded down to the fen (the buyer's favour). */
export const welfarePrice = (price: number, percent: number): number => Math.floor((price * percent) / 100);

/** 94 → "9.4折", 90 → "9折". */
export const discountLabel = (percent: number): string => `${percent / 10}折`;
