// A company's wallet in the console (财务): what the company page shows (balance, points, the last
// balance ledger rows, coupons and vouchers held) and the balance adjustment — a credit or debit
// with the reason the buyer reads in /yegl, its own ledger type ('adjust'), never below zero, once
// per console request id, with the buyer's message and the audit row in the same transaction.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { companies, companyCoupons, couponTemplates, walletLedger, wallets } from '../../db/schema.ts';
import { notFound, validationError } from '../../http/envelope.ts';
import { notifyCompany } from '../messages/notify.ts';
import { COMPANY_NOT_FOUND } from './companies.ts';
import type { Actor } from './audit.ts';
import { claimRequest, finishAudit } from './request-once.ts';
import { formatPrice } from '@domain/money.ts';
import {
  balanceAfterAdjust,
  DEBIT_BEYOND_BALANCE,
  type AdjustDirection,
  type AdjustResult,
  type AdminHeldCoupon,
  type AdminWalletView,
} from '@domain/admin-wallet.ts';

const LEDGER_ROWS = 20;
const COUPON_ROWS = 50;

export async function assertCompany(db: Db, id: number): Promise<{ id: number; name: string }> {
  const [row] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  if (!row) throw notFound(COMPANY_NOT_FOUND);
  return row;
}

export async function companyWallet(db: Db, companyId: number, now: Date): Promise<AdminWalletView> {
  await assertCompany(db, companyId);
  const [[wallet], ledger, held] = await Promise.all([
    db.select().from(wallets).where(eq(wallets.companyId, companyId)).limit(1),
    db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.companyId, companyId), eq(walletLedger.account, 'balance')))
      .orderBy(desc(walletLedger.createdAt), desc(walletLedger.id))
      .limit(LEDGER_ROWS),
    db
      .select({ held: companyCoupons, t: couponTemplates })
      .from(companyCoupons)
      .innerJoin(couponTemplates, eq(couponTemplates.id, companyCoupons.templateId))
      .where(eq(companyCoupons.companyId, companyId))
      .orderBy(desc(companyCoupons.receivedAt), desc(companyCoupons.id))
      .limit(COUPON_ROWS),
  ]);
  return {
    company_id: companyId,
    balance: wallet?.balance ?? 0,
    points: wallet?.points ?? 0,
    ledger: ledger.map((r) => ({
      id: r.id,
      amount: r.amount,
      balance_after: r.balanceAfter,
      use_type: r.useType,
      remark: r.remark,
      order_id: r.orderId,
      created_at: r.createdAt.getTime(),
    })),
    coupons: held.map(({ held: h, t }): AdminHeldCoupon => ({
      id: h.id,
      kind: t.kind,
      name: t.name,
      amount: t.amount,
      threshold: t.threshold,
      // As /yhq reads it: an unused one past its end is expired without any sweep.
      state: h.status === 1 ? 'used' : h.status === 2 || h.expiresAt.getTime() <= now.getTime() ? 'expired' : 'unused',
      received_at: h.receivedAt.getTime(),
      expires_at: h.expiresAt.getTime(),
    })),
  };
}

export interface AdjustInput {
  direction: AdjustDirection;
  /** Fen, > 0. */
  amount: number;
  reason: string;
  requestId: string;
}

export async function adjustBalance(
  db: Db,
  actor: Actor,
  companyId: number,
  input: AdjustInput,
  now: Date,
): Promise<AdjustResult> {
  return withTx(db, async (tx) => {
    await assertCompany(tx, companyId);
    const claim = await claimRequest(
      tx,
      actor,
      `wallet.adjust:${input.requestId}`,
      { action: 'wallet.adjust', targetType: 'company', targetId: companyId },
      now,
    );
    if (!claim.claimed) {
      const first = claim.after as { ledger_id: number; balance: number };
      return { ledger_id: first.ledger_id, balance: first.balance, replayed: true };
    }
    // The wallet row is locked, so two adjustments of one company apply one after the other and
    // the zero floor holds against a checkout paying from the balance at the same moment.
    await tx.insert(wallets).values({ companyId, updatedAt: now }).onConflictDoNothing();
    const [wallet] = await tx.select().from(wallets).where(eq(wallets.companyId, companyId)).for('update');
    const after = balanceAfterAdjust(wallet.balance, input.direction, input.amount);
    if (after === null)
      throw validationError({ amount: [`${DEBIT_BEYOND_BALANCE}（当前余额${formatPrice(wallet.balance)}）`] });
    const signed = input.direction === 'credit' ? input.amount : -input.amount;
    await tx
      .update(wallets)
      .set({ balance: sql`${wallets.balance} + ${signed}`, updatedAt: now })
      .where(eq(wallets.companyId, companyId));
    const [row] = await tx
      .insert(walletLedger)
      .values({
        companyId,
        account: 'balance',
        amount: signed,
        balanceAfter: after,
        useType: 'adjust',
        remark: input.reason,
        createdAt: now,
      })
      .returning({ id: walletLedger.id });
    await notifyCompany(
      tx,
      companyId,
      {
        kind: 'system',
        title: '账户余额调整',
        body: `您的账户余额${input.direction === 'credit' ? '增加' : '扣减'}${formatPrice(input.amount)}，原因：${input.reason}。当前余额${formatPrice(after)}。`,
        link: '/yegl',
      },
      now,
    );
    const result = { ledger_id: row.id, balance: after };
    await finishAudit(
      tx,
      claim.auditId,
      { balance: wallet.balance },
      { ...result, direction: input.direction, amount: input.amount, reason: input.reason },
    );
    return { ...result, replayed: false };
  });
}
