// The group-buy (拼团) decision at the deadline (docs/decisions/group-buy.md). A buyer joins by
// ordering a group line (cart type 2) at the member price; when the group's end time passes, the
// server decides each (group, goods) once:
// - formed (paid units ≥ the target, promotion_goods.quantity): every paid order of the group gets
//   (paid unit price − group price) × units back to its wallet, one ledger row per order;
// - failed: the order stands at the member price it was paid at; nothing moves.
// Either way each joining company gets one message. "Once" is a conditional UPDATE of the
// promotion_goods row (`… AND group_outcome IS NULL`) in the same transaction as the refunds: a
// second sweeper (another worker, the next tick) finds the row decided and does nothing.
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { goods, orderLines, orders, promotionGoods, promotions } from '../../db/schema.ts';
import { formatFen } from '@domain/money.ts';
import { PAID_STATUSES } from '../orders/status.ts';
import { creditWallet } from '../payments/wallet.ts';
import { notifyCompany } from '../messages/notify.ts';

export const GROUP_SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 100;

export interface GroupDecision {
  promotionId: number;
  goodsId: number;
  outcome: 'formed' | 'failed';
  /** Paid units at the deadline. */
  joined: number;
  /** Fen refunded in total (0 when failed). */
  refunded: number;
  /** Orders that got a refund. */
  refundedOrders: number;
}

interface Joined {
  orderId: number;
  companyId: number;
  units: number;
  /** Fen above the group price, summed over the order's group lines. */
  difference: number;
}

/** The paid orders of one (group, goods), one row per order. */
async function paidJoins(tx: Db, promotionId: number, goodsId: number, groupPrice: number): Promise<Joined[]> {
  return tx
    .select({
      orderId: orders.id,
      companyId: orders.companyId,
      units: sql<number>`SUM(${orderLines.number})::int`,
      difference: sql<number>`SUM(GREATEST(0, ${orderLines.price} - ${groupPrice}::int) * ${orderLines.number})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.type, 2),
        eq(orderLines.promotionId, promotionId),
        eq(orderLines.goodsId, goodsId),
        inArray(orders.status, [...PAID_STATUSES]),
      ),
    )
    .groupBy(orders.id, orders.companyId)
    .orderBy(asc(orders.id));
}

/** Decides one (group, goods) if nobody has; null when it was already decided. */
export async function decideGroup(
  tx: Db,
  promotionId: number,
  goodsId: number,
  now: Date,
): Promise<GroupDecision | null> {
  const [row] = await tx
    .select({
      price: promotionGoods.price,
      target: promotionGoods.quantity,
      name: goods.name,
      promotionName: promotions.name,
    })
    .from(promotionGoods)
    .innerJoin(goods, eq(goods.id, promotionGoods.goodsId))
    .innerJoin(promotions, eq(promotions.id, promotionGoods.promotionId))
    .where(and(eq(promotionGoods.promotionId, promotionId), eq(promotionGoods.goodsId, goodsId)))
    .limit(1);
  if (!row) return null;
  const groupPrice = row.price ?? 0;
  const joins = await paidJoins(tx, promotionId, goodsId, groupPrice);
  const joined = joins.reduce((s, j) => s + j.units, 0);
  const outcome = joined >= row.target ? 'formed' : 'failed';
  const claimed = await tx
    .update(promotionGoods)
    .set({ groupOutcome: outcome, decidedAt: now })
    .where(
      and(
        eq(promotionGoods.promotionId, promotionId),
        eq(promotionGoods.goodsId, goodsId),
        isNull(promotionGoods.groupOutcome),
      ),
    )
    .returning({ goodsId: promotionGoods.goodsId });
  if (claimed.length === 0) return null;

  let refunded = 0;
  let refundedOrders = 0;
  const perCompany = new Map<number, { units: number; refund: number }>();
  for (const j of joins) {
    const c = perCompany.get(j.companyId) ?? { units: 0, refund: 0 };
    c.units += j.units;
    if (outcome === 'formed' && j.difference > 0) {
      await creditWallet(tx, 'balance', {
        companyId: j.companyId,
        amount: j.difference,
        useType: 'refund',
        orderId: j.orderId,
        remark: `拼团成功退差价：${row.name}`,
        now,
      });
      refunded += j.difference;
      refundedOrders += 1;
      c.refund += j.difference;
    }
    perCompany.set(j.companyId, c);
  }
  for (const [companyId, c] of perCompany) {
    const draft =
      outcome === 'formed'
        ? {
            title: '拼团成功',
            body: `您参与的拼团“${row.promotionName}”的${row.name}已成团（累计${joined}件），${c.units}件按拼团价¥${formatFen(groupPrice)}结算，差价¥${formatFen(c.refund)}已退回钱包余额。`,
            link: '/wdqb_yegl',
          }
        : {
            title: '拼团未成团',
            body: `您参与的拼团“${row.promotionName}”的${row.name}到期未成团（累计${joined}件，需${row.target}件），订单按下单时的价格结算，无需补款。`,
            link: '/order',
          };
    await notifyCompany(
      tx,
      companyId,
      { kind: 'promotion', ...draft, dedupeKey: `group:${promotionId}:${goodsId}` },
      now,
    );
  }
  return { promotionId, goodsId, outcome, joined, refunded, refundedOrders };
}

/** Decides every group whose end time has passed and that nobody decided yet. */
export async function decideDueGroups(db: Db, now: Date, limit = SWEEP_BATCH): Promise<GroupDecision[]> {
  const due = await db
    .select({ promotionId: promotionGoods.promotionId, goodsId: promotionGoods.goodsId })
    .from(promotionGoods)
    .innerJoin(promotions, eq(promotions.id, promotionGoods.promotionId))
    .where(and(eq(promotions.kind, 'group'), lte(promotions.endsAt, now), isNull(promotionGoods.groupOutcome)))
    .orderBy(asc(promotions.endsAt), asc(promotionGoods.goodsId))
    .limit(limit);
  const out: GroupDecision[] = [];
  // One transaction per group: a refund failure rolls back that group's decision only.
  for (const d of due) {
    const decided = await withTx(db, (tx) => decideGroup(tx, d.promotionId, d.goodsId, now));
    if (decided) out.push(decided);
  }
  return out;
}

export interface GroupSweeper {
  stop: () => Promise<void>;
}

/** Runs decideDueGroups every `intervalMs` (never two runs at once in this process). */
export function startGroupDeadlineSweeper(db: Db, clock: () => Date, opts: { intervalMs?: number } = {}): GroupSweeper {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = decideDueGroups(db, clock())
      .then(() => undefined)
      .catch((err: unknown) => console.error('[group-deadline] sweep failed', err))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, opts.intervalMs ?? GROUP_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
