// The company wallet (balance in fen, points): every change is one statement that moves the
// wallet row and writes the wallet_ledger row that explains it, so the ledger always adds up to
// the wallet. A debit is conditional (`balance >= amount`): the balance never goes below zero,
// whatever runs concurrently.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { wallets } from '../../db/schema.ts';
import { rowsOf } from '../goods/search.ts';

/** Timestamps go to raw SQL as ISO text cast to timestamptz: the same on PGlite and node-postgres. */
const iso = (d: Date): string => d.toISOString();

export interface LedgerEntry {
  companyId: number;
  /** Fen (balance) or points, > 0. */
  amount: number;
  /** use_type of the money log: pay, refund, cashback… */
  useType: string;
  orderId: number | null;
  remark: string;
  now: Date;
}

/** Takes `amount` fen from the balance; null when the balance is short (nothing changes). */
export async function debitBalance(tx: Db, e: LedgerEntry): Promise<number | null> {
  const res = await tx.execute(sql`
    WITH w AS (
      UPDATE wallets SET balance = balance - ${e.amount}::bigint, updated_at = ${iso(e.now)}::timestamptz
      WHERE company_id = ${e.companyId}::int AND balance >= ${e.amount}::bigint
      RETURNING balance
    )
    INSERT INTO wallet_ledger (company_id, account, amount, balance_after, use_type, order_id, remark, created_at)
    SELECT ${e.companyId}::int, 'balance', ${-e.amount}::bigint, w.balance, ${e.useType}::text, ${e.orderId}::int, ${e.remark}::text, ${iso(e.now)}::timestamptz FROM w
    RETURNING balance_after::float8 AS "balanceAfter"`);
  const [row] = rowsOf<{ balanceAfter: number }>(res);
  return row ? row.balanceAfter : null;
}

/** Adds `amount` to the balance or the points (a refund, a reward); creates the wallet if missing. */
export async function creditWallet(tx: Db, account: 'balance' | 'points', e: LedgerEntry): Promise<number> {
  const res =
    account === 'balance'
      ? await tx.execute(sql`
          WITH w AS (
            INSERT INTO wallets (company_id, balance, points, updated_at) VALUES (${e.companyId}::int, ${e.amount}::bigint, 0, ${iso(e.now)}::timestamptz)
            ON CONFLICT (company_id) DO UPDATE SET balance = wallets.balance + EXCLUDED.balance, updated_at = EXCLUDED.updated_at
            RETURNING balance AS after
          )
          INSERT INTO wallet_ledger (company_id, account, amount, balance_after, use_type, order_id, remark, created_at)
          SELECT ${e.companyId}::int, 'balance', ${e.amount}::bigint, w.after, ${e.useType}::text, ${e.orderId}::int, ${e.remark}::text, ${iso(e.now)}::timestamptz FROM w
          RETURNING balance_after::float8 AS "balanceAfter"`)
      : await tx.execute(sql`
          WITH w AS (
            INSERT INTO wallets (company_id, balance, points, updated_at) VALUES (${e.companyId}::int, 0, ${e.amount}::int, ${iso(e.now)}::timestamptz)
            ON CONFLICT (company_id) DO UPDATE SET points = wallets.points + EXCLUDED.points, updated_at = EXCLUDED.updated_at
            RETURNING points AS after
          )
          INSERT INTO wallet_ledger (company_id, account, amount, balance_after, use_type, order_id, remark, created_at)
          SELECT ${e.companyId}::int, 'points', ${e.amount}::bigint, w.after, ${e.useType}::text, ${e.orderId}::int, ${e.remark}::text, ${iso(e.now)}::timestamptz FROM w
          RETURNING balance_after::float8 AS "balanceAfter"`);
  return rowsOf<{ balanceAfter: number }>(res)[0].balanceAfter;
}

export interface WalletView {
  balance: number;
  points: number;
}

export async function loadWallet(db: Db, companyId: number): Promise<WalletView> {
  const [row] = await db
    .select({ balance: wallets.balance, points: wallets.points })
    .from(wallets)
    .where(eq(wallets.companyId, companyId))
    .limit(1);
  return row ?? { balance: 0, points: 0 };
}
