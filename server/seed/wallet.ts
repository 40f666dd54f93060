// Wallet demo data beyond what accounts.ts and orders.ts write: every demo company gets coupons and
// cash vouchers in each state (可使用, one expiring within days, 已使用, 已过期 — one of those only
// by its date, status still 0) and a later balance entry (满额返现), so /yegl, /jfgl, /yhq, /xjq
// and the member centre show real rows for each account. Every wallet change here is a ledger row
// written with the wallet row's new value, so the ledger still adds up to the wallet.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companyCoupons, walletLedger, wallets } from '../db/schema.ts';
import type { SeededAccounts } from './accounts.ts';
import type { CouponTemplateIds } from './promotions.ts';
import { addDays } from './dates.ts';

type Username = keyof SeededAccounts['companyIds'];
type Held = typeof companyCoupons.$inferInsert;

const HOUR_MS = 3_600_000;
/** demo's 满额返现 after its orders: its balance is orders.ts's DEMO_BALANCE_FEN plus this. */
export const DEMO_CASHBACK_FEN = 8_800;

function heldCoupons(companyId: number, now: Date, c: CouponTemplateIds, demo: boolean): Held[] {
  const base = { companyId, receivedAt: addDays(now, -10) };
  const rows: Held[] = [
    // 可使用, one of each about to expire (the member centre's 即将过期)
    { ...base, templateId: c.noThreshold10, expiresAt: addDays(now, 3) },
    { ...base, templateId: c.voucher50, expiresAt: addDays(now, 5) },
    // 已使用
    {
      ...base,
      templateId: c.voucher100,
      status: 1,
      receivedAt: addDays(now, -30),
      usedAt: addDays(now, -12),
      expiresAt: addDays(now, 60),
    },
    // 已过期: one by its status, one only by its date
    { ...base, templateId: c.voucher50, status: 2, receivedAt: addDays(now, -100), expiresAt: addDays(now, -10) },
    { ...base, templateId: c.qx600, receivedAt: addDays(now, -40), expiresAt: addDays(now, -2) },
  ];
  if (demo) {
    // demo already holds 满1000减50, 满3000减200 (usable), 9.5折 (expired), 满500减20 (used) and two vouchers.
    rows.push({ ...base, templateId: c.zy800, expiresAt: addDays(now, 20) });
  } else {
    rows.push(
      { ...base, templateId: c.manjian1000, expiresAt: addDays(now, 25) },
      { ...base, templateId: c.zy800, expiresAt: addDays(now, 20) },
      {
        ...base,
        templateId: c.manjian500,
        status: 1,
        receivedAt: addDays(now, -45),
        usedAt: addDays(now, -20),
        expiresAt: addDays(now, -15),
      },
      { ...base, templateId: c.discount95, status: 2, receivedAt: addDays(now, -60), expiresAt: addDays(now, -30) },
    );
  }
  return rows;
}

/** Appends one ledger entry after the account's latest and moves the wallet row with it. */
async function append(
  db: Db,
  companyId: number,
  account: 'balance' | 'points',
  amount: number,
  useType: string,
  remark: string,
  now: Date,
): Promise<void> {
  const [last] = await db
    .select({ at: walletLedger.createdAt })
    .from(walletLedger)
    .where(and(eq(walletLedger.companyId, companyId), eq(walletLedger.account, account)))
    .orderBy(desc(walletLedger.createdAt))
    .limit(1);
  const wanted = addDays(now, -2).getTime();
  const at = new Date(Math.min(now.getTime(), Math.max(wanted, (last?.at.getTime() ?? 0) + HOUR_MS)));
  const column = account === 'balance' ? wallets.balance : wallets.points;
  const [w] = await db
    .update(wallets)
    .set({ [account]: sql`${column} + ${amount}` })
    .where(eq(wallets.companyId, companyId))
    .returning({ balance: wallets.balance, points: wallets.points });
  await db
    .insert(walletLedger)
    .values({ companyId, account, amount, balanceAfter: w[account], useType, remark, createdAt: at });
}

/**
 * Older balance history of demo, before every other ledger row and adding up to zero: the rows
 * after it (orders.ts starts from an empty wallet at -90 days) stay right, and the ledger has
 * enough rows to page through.
 */
const DEMO_HISTORY: [days: number, fen: number, useType: string, remark: string][] = [
  [-180, 1_000_000, 'recharge', '对公转账充值'],
  [-172, -356_780, 'pay', '订单余额支付（历史订单）'],
  [-160, 23_400, 'refund', '售后退款：破损退货'],
  [-141, -412_000, 'pay', '订单余额支付（历史订单）'],
  [-128, 8_800, 'cashback', '满额返现：季度采购满额返现'],
  [-112, -263_420, 'pay', '订单余额支付（历史订单）'],
];

async function seedDemoHistory(db: Db, companyId: number, now: Date): Promise<void> {
  let running = 0;
  const rows = DEMO_HISTORY.map(([days, amount, useType, remark]) => {
    running += amount;
    return {
      companyId,
      account: 'balance' as const,
      amount,
      balanceAfter: running,
      useType,
      remark,
      createdAt: addDays(now, days),
    };
  });
  if (running !== 0) throw new Error('seed: demo balance history must add up to zero');
  await db.insert(walletLedger).values(rows);
}

export async function seedWalletExtras(
  db: Db,
  now: Date,
  accounts: SeededAccounts,
  coupons: CouponTemplateIds,
): Promise<void> {
  const holders: Username[] = ['demo', 'chain', 'chain-a', 'chain-b', 'nocontract'];
  await db.insert(companyCoupons).values([
    ...holders.flatMap((u) => heldCoupons(accounts.companyIds[u], now, coupons, u === 'demo')),
    // pending, still under review, holds only a newcomer coupon (issued by the operator).
    {
      companyId: accounts.companyIds.pending,
      templateId: coupons.noThreshold10,
      receivedAt: addDays(now, -2),
      expiresAt: addDays(now, 13),
    },
  ]);

  await seedDemoHistory(db, accounts.companyIds.demo, now);
  const cashback: [Username, number][] = [
    ['demo', DEMO_CASHBACK_FEN],
    ['chain', 12_000],
    ['chain-a', 1_500],
    ['chain-b', 800],
  ];
  for (const [u, fen] of cashback)
    await append(db, accounts.companyIds[u], 'balance', fen, 'cashback', '满额返现：上月采购满额返现', now);
  await append(db, accounts.companyIds.chain, 'points', -200, 'exchange', '积分商城兑换：药品分装袋 1000个', now);
  await append(db, accounts.companyIds.nocontract, 'balance', 50_000, 'recharge', '对公转账充值', now);
}
