// shipping_data of the cart (SPEC §3, §9): the free-shipping threshold and fee from site_config
// 'shipping', and no_trans_order_amount = the goods amount of the company's orders paid today
// (Asia/Shanghai calendar day), which count towards today's threshold.
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders, siteConfig } from '../../db/schema.ts';
import type { CartShippingData } from '@domain/cart-types.ts';

const DAY_MS = 86_400_000;
/** China has no daylight saving: Shanghai is always UTC+8. */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
/** Orders that were paid (and not undone by a cancellation). */
const PAID_STATUSES = ['paid', 'shipped', 'completed', 'after_sale'];
/** An unpaid order expires after a day (orders.expires_at), so one paid today was created at most this long before today. */
const MAX_PAY_DELAY_MS = 2 * DAY_MS;

/** 00:00 in Shanghai of the day `d` falls on there. */
export function shanghaiDayStart(d: Date): Date {
  const local = d.getTime() + SHANGHAI_OFFSET_MS;
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - SHANGHAI_OFFSET_MS);
}

const shippingConfig = z.object({
  shipping_amount: z.number().int().nonnegative().catch(0),
  fee: z.number().int().nonnegative().catch(0),
});

export async function loadShippingData(db: Db, companyId: number, now: Date): Promise<CartShippingData> {
  const dayStart = shanghaiDayStart(now);
  const [configRows, paidRows] = await Promise.all([
    db.select({ value: siteConfig.value }).from(siteConfig).where(eq(siteConfig.key, 'shipping')).limit(1),
    db
      .select({ total: sql<string | number | null>`COALESCE(SUM(${orders.goodsAmount}), 0)` })
      .from(orders)
      .where(
        and(
          eq(orders.companyId, companyId),
          inArray(orders.status, PAID_STATUSES),
          eq(orders.kind, 'normal'),
          // The created_at bound lets orders_company_idx (company, status, created_at) do the work.
          gte(orders.createdAt, new Date(dayStart.getTime() - MAX_PAY_DELAY_MS)),
          isNotNull(orders.paidAt),
          gte(orders.paidAt, dayStart),
        ),
      ),
  ]);
  const parsed = shippingConfig.safeParse(configRows[0]?.value ?? {});
  const cfg = parsed.success ? parsed.data : { shipping_amount: 0, fee: 0 };
  return {
    shipping_amount: cfg.shipping_amount,
    no_trans_order_amount: Number(paidRows[0]?.total ?? 0),
    fee: cfg.fee,
  };
}
