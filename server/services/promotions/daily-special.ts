// 每日特价 (GET /api/activity/everyday_price): today's `everyday` promotion with its goods at the
// special price, and tomorrow's once its preview hour (rules.preview_hour, Shanghai) has come.
// A day is one promotion row (starts at that day's midnight, ends at the next), so an operator
// plans days ahead and "today" is simply the row running now. The cart prices these goods on a
// type-1 line (src/domain/daily-special.ts), so the price shown here is the price charged.
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { goods, promotionGoods, promotions } from '../../db/schema.ts';
import { controlledVisibleTo, visiblePrice, type Viewer } from '../price-visibility.ts';
import { loadGoodsItems } from '../goods/item.ts';
import { visibleGoods } from '../goods/search.ts';
import { seconds } from '../orders/status.ts';
import { shanghaiDayEnd } from '../activities.ts';
import {
  DAILY_SPECIAL_LINE_TYPE,
  DEFAULT_PREVIEW_HOUR,
  type DailySpecialDay,
  type DailySpecialState,
} from '@domain/daily-special.ts';

const HOUR_MS = 3_600_000;
const rulesSchema = z
  .object({ preview_hour: z.number().int().min(0).max(23).catch(DEFAULT_PREVIEW_HOUR) })
  .catch({ preview_hour: DEFAULT_PREVIEW_HOUR });

type PromotionRow = typeof promotions.$inferSelect;

/** The active `everyday` promotion covering `at`, earliest start first. */
async function dayPromotion(db: Db, at: Date): Promise<PromotionRow | null> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.kind, 'everyday'),
        eq(promotions.isActive, true),
        lte(promotions.startsAt, at),
        gt(promotions.endsAt, at),
      ),
    )
    .orderBy(asc(promotions.startsAt), asc(promotions.id))
    .limit(1);
  return row ?? null;
}

async function dayView(db: Db, viewer: Viewer, p: PromotionRow): Promise<DailySpecialDay> {
  const rows = await db
    .select({
      goodsId: promotionGoods.goodsId,
      price: promotionGoods.price,
      stockLimit: promotionGoods.stockLimit,
      sold: promotionGoods.sold,
      perCompanyLimit: promotionGoods.perCompanyLimit,
    })
    .from(promotionGoods)
    .innerJoin(goods, eq(goods.id, promotionGoods.goodsId))
    .where(
      and(
        eq(promotionGoods.promotionId, p.id),
        sql`${promotionGoods.price} IS NOT NULL`,
        visibleGoods({ controlled: controlledVisibleTo(viewer) }),
      ),
    )
    .orderBy(desc(goods.salesCount), asc(goods.id));
  const items = await loadGoodsItems(
    db,
    viewer,
    rows.map((r) => r.goodsId),
  );
  const terms = new Map(rows.map((r) => [r.goodsId, r]));
  return {
    promotion_id: p.id,
    name: p.name,
    description: p.description,
    starts_at: seconds(p.startsAt),
    ends_at: seconds(p.endsAt),
    goods: items.map((item) => {
      const t = terms.get(item.id)!;
      const remaining = t.stockLimit > 0 ? Math.max(0, t.stockLimit - t.sold) : null;
      return {
        ...item,
        normal_price: item.price,
        price: visiblePrice(viewer, t.price!),
        // The special price is the price: no ladder undercuts it, and the cart line is the promotion line.
        ladder_price: [],
        type: DAILY_SPECIAL_LINE_TYPE,
        number: remaining === null ? item.number : Math.min(item.number, remaining),
        purchase_limit:
          t.perCompanyLimit > 0 && (item.purchase_limit === 0 || t.perCompanyLimit < item.purchase_limit)
            ? t.perCompanyLimit
            : item.purchase_limit,
        remaining,
      };
    }),
  };
}

export async function dailySpecials(db: Db, viewer: Viewer, now: Date): Promise<DailySpecialState> {
  const today = await dayPromotion(db, now);
  const tomorrowStart = shanghaiDayEnd(now);
  const next = await dayPromotion(db, tomorrowStart);
  let tomorrow: DailySpecialDay | null = null;
  let previewAt: number | null = null;
  if (next && next.id !== today?.id) {
    const opens = new Date(
      tomorrowStart.getTime() - 24 * HOUR_MS + rulesSchema.parse(next.rules).preview_hour * HOUR_MS,
    );
    if (now.getTime() >= opens.getTime()) tomorrow = await dayView(db, viewer, next);
    else previewAt = seconds(opens);
  }
  return { today: today ? await dayView(db, viewer, today) : null, tomorrow, preview_at: previewAt };
}
