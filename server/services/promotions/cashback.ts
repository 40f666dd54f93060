// 满额返现: the running cashback promotion (GET /api/activity/cashback) and what an order earns.
// settleOrderCashback is the one writer: it computes what a completed order earns now (its
// normal-priced lines of the promotion that ran when it was placed, less refunded units) and moves
// the wallet by the difference to what the ledger already credited for the order. Completion
// calls it (credit), a refund calls it again (reversal), and calling it twice changes nothing,
// so the cashback is credited exactly once and the balance stays the sum of the ledger.
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { goods, orderLines, orders, promotionGoods, promotions, walletLedger, wallets } from '../../db/schema.ts';
import { creditWallet, debitBalance } from '../payments/wallet.ts';
import { loadGoodsItems } from '../goods/item.ts';
import { visibleGoods } from '../goods/search.ts';
import { controlledVisibleTo, type Viewer } from '../price-visibility.ts';
import { seconds } from '../orders/status.ts';
import { cashbackFor, eligibleAmount, type CashbackOffer } from '@domain/cashback.ts';
import type { GoodsListItem } from '@domain/catalog.ts';

export const CASHBACK_USE_TYPE = 'cashback';
const tiersSchema = z
  .object({
    tiers: z.array(z.object({ amount: z.number().int().positive(), back: z.number().int().positive() })).min(1),
  })
  .transform((r) => [...r.tiers].sort((a, b) => a.amount - b.amount));

/** The cashback promotion running at `at` (the latest started), with its goods. */
export async function cashbackAt(db: Db, at: Date): Promise<CashbackOffer | null> {
  const rows = await db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.kind, 'cashback'),
        eq(promotions.isActive, true),
        lte(promotions.startsAt, at),
        gt(promotions.endsAt, at),
      ),
    )
    .orderBy(desc(promotions.startsAt), asc(promotions.id));
  for (const p of rows) {
    const tiers = tiersSchema.safeParse(p.rules);
    if (!tiers.success) continue;
    const members = p.allGoods
      ? []
      : (
          await db
            .select({ id: promotionGoods.goodsId })
            .from(promotionGoods)
            .where(eq(promotionGoods.promotionId, p.id))
            .orderBy(asc(promotionGoods.goodsId))
        ).map((r) => r.id);
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      starts_at: seconds(p.startsAt),
      ends_at: seconds(p.endsAt),
      tiers: tiers.data,
      all_goods: p.allGoods,
      goods_ids: members,
    };
  }
  return null;
}

/** The /hb page: the offer and its goods the viewer may see, best sellers first. */
export async function cashbackPage(
  db: Db,
  viewer: Viewer,
  now: Date,
): Promise<{ offer: CashbackOffer | null; goods: GoodsListItem[] }> {
  const offer = await cashbackAt(db, now);
  if (!offer || offer.goods_ids.length === 0) return { offer, goods: [] };
  const rows = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(inArray(goods.id, offer.goods_ids), visibleGoods({ controlled: controlledVisibleTo(viewer) })))
    .orderBy(desc(goods.salesCount), asc(goods.id));
  return {
    offer,
    goods: await loadGoodsItems(
      db,
      viewer,
      rows.map((r) => r.id),
    ),
  };
}

/** Fen the order earns now: 0 unless completed; refunded units no longer count. */
async function earned(tx: Db, order: typeof orders.$inferSelect): Promise<number> {
  if (order.kind !== 'normal' || order.completedAt === null) return 0;
  const offer = await cashbackAt(tx, order.createdAt);
  if (!offer) return 0;
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  // The same eligibility the cart's and checkout's preview use (src/domain/cashback.ts).
  const amount = eligibleAmount(
    offer,
    lines.map((l) => ({
      goods_id: l.goodsId,
      type: l.type,
      is_selected: true,
      amount: l.price * Math.max(0, l.number - l.returnedNumber),
    })),
  );
  return cashbackFor(offer.tiers, amount);
}

/**
 * Brings the order's cashback in the wallet to what it earns now. Call inside the transaction that
 * completes the order or refunds part of it (the order row is locked there). Returns the change.
 */
export async function settleOrderCashback(tx: Db, orderId: number, now: Date): Promise<number> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return 0;
  const target = await earned(tx, order);
  const [{ credited }] = await tx
    .select({ credited: sql<number>`coalesce(sum(${walletLedger.amount}), 0)::float8` })
    .from(walletLedger)
    .where(
      and(
        eq(walletLedger.orderId, order.id),
        eq(walletLedger.account, 'balance'),
        eq(walletLedger.useType, CASHBACK_USE_TYPE),
      ),
    );
  const diff = target - credited;
  const entry = { companyId: order.companyId, orderId: order.id, useType: CASHBACK_USE_TYPE, now };
  if (diff > 0) {
    await creditWallet(tx, 'balance', { ...entry, amount: diff, remark: `满额返现：订单${order.orderNo}` });
    return diff;
  }
  if (diff < 0) {
    // The balance never goes below zero: what was already spent is not taken back (decision record).
    const [w] = await tx
      .select({ balance: wallets.balance })
      .from(wallets)
      .where(eq(wallets.companyId, order.companyId))
      .for('update');
    const amount = Math.min(-diff, Math.max(0, w?.balance ?? 0));
    if (amount === 0) return 0;
    await debitBalance(tx, { ...entry, amount, remark: `满额返现冲回：订单${order.orderNo}退款` });
    return -amount;
  }
  return 0;
}
