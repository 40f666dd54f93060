// The balance and points ledgers (GET /api/user/user_money_log, GET /api/user/points_log): the
// company's wallet_ledger rows of one account, newest first, filtered by use_type, a Shanghai
// day range and keywords (remark or order number), with the filtered income and expense. The
// ledger is append-only: nothing here or anywhere else updates or deletes its rows.
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders, walletLedger } from '../../db/schema.ts';
import { numberParam } from '../../http/params.ts';
import { seconds } from '../orders/status.ts';
import {
  DATE_ORDER_INVALID,
  END_DATE_INVALID,
  isLedgerDate,
  isUseType,
  LEDGER_KEYWORDS_MAX,
  START_DATE_INVALID,
  USE_TYPE_INVALID,
  ledgerTypeText,
  type LedgerAccount,
  type LedgerPage,
} from '@domain/wallet.ts';
import { escapeLike } from '../../db/like.ts';

export const LEDGER_PAGE_SIZE_DEFAULT = 10;
export const LEDGER_PAGE_SIZE_MAX = 50;
const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** A YYYY-MM-DD day (or nothing) as the instant it starts in Shanghai. */
const dayParam = (msg: string) =>
  z
    .string({ error: msg })
    .optional()
    .transform((v, ctx) => {
      const s = v?.trim() ?? '';
      if (s === '') return undefined;
      if (!isLedgerDate(s)) {
        ctx.addIssue({ code: 'custom', message: msg });
        return z.NEVER;
      }
      const [y, m, d] = s.split('-').map(Number);
      return new Date(Date.UTC(y, m - 1, d) - SHANGHAI_OFFSET_MS);
    });

/** The query of a ledger of `account`: SPEC §3 money log filters and paging. */
export function ledgerQuery(account: LedgerAccount) {
  return z
    .object({
      use_type: z
        .string({ error: USE_TYPE_INVALID })
        .trim()
        .optional()
        .refine((v) => v === undefined || v === '' || isUseType(account, v), { error: USE_TYPE_INVALID })
        .transform((v) => (v === '' ? undefined : v)),
      start_time: dayParam(START_DATE_INVALID),
      end_time: dayParam(END_DATE_INVALID),
      keywords: z
        .string({ error: '关键词无效' })
        .trim()
        .max(LEDGER_KEYWORDS_MAX, { error: `关键词最多${LEDGER_KEYWORDS_MAX}个字符` })
        .optional(),
      page: numberParam('页码无效', 1, 10_000),
      page_size: numberParam(`每页数量须在1-${LEDGER_PAGE_SIZE_MAX}之间`, 1, LEDGER_PAGE_SIZE_MAX),
    })
    .superRefine((q, ctx) => {
      if (q.start_time && q.end_time && q.end_time.getTime() < q.start_time.getTime()) {
        ctx.addIssue({ code: 'custom', path: ['end_time'], message: DATE_ORDER_INVALID });
      }
    });
}

export type LedgerQuery = z.output<ReturnType<typeof ledgerQuery>>;

export async function listLedger(
  db: Db,
  companyId: number,
  account: LedgerAccount,
  q: LedgerQuery,
): Promise<LedgerPage> {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? LEDGER_PAGE_SIZE_DEFAULT;
  const filters: (SQL | undefined)[] = [eq(walletLedger.companyId, companyId), eq(walletLedger.account, account)];
  if (q.use_type) filters.push(eq(walletLedger.useType, q.use_type));
  if (q.start_time) filters.push(gte(walletLedger.createdAt, q.start_time));
  if (q.end_time) filters.push(lt(walletLedger.createdAt, new Date(q.end_time.getTime() + DAY_MS)));
  if (q.keywords) {
    const like = `%${escapeLike(q.keywords)}%`;
    filters.push(or(sql`${walletLedger.remark} ILIKE ${like}`, sql`${orders.orderNo} ILIKE ${like}`));
  }
  const where = and(...filters);

  const [sums, rows] = await Promise.all([
    db
      .select({
        n: sql<number>`count(*)::int`,
        income: sql<number>`coalesce(sum(${walletLedger.amount}) filter (where ${walletLedger.amount} > 0), 0)::float8`,
        expense: sql<number>`coalesce(-sum(${walletLedger.amount}) filter (where ${walletLedger.amount} < 0), 0)::float8`,
      })
      .from(walletLedger)
      .leftJoin(orders, eq(orders.id, walletLedger.orderId))
      .where(where),
    db
      .select({ entry: walletLedger, orderNo: orders.orderNo })
      .from(walletLedger)
      .leftJoin(orders, eq(orders.id, walletLedger.orderId))
      .where(where)
      .orderBy(desc(walletLedger.createdAt), desc(walletLedger.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const [sum] = sums;
  return {
    list: rows.map(({ entry: e, orderNo }) => ({
      id: e.id,
      use_type: e.useType,
      use_type_text: ledgerTypeText(account, e.useType),
      amount: e.amount,
      balance_after: e.balanceAfter,
      order_id: e.orderId,
      order_no: orderNo ?? null,
      remark: e.remark,
      created_at: seconds(e.createdAt),
    })),
    total: sum.n,
    page,
    page_size: pageSize,
    income: sum.income,
    expense: sum.expense,
  };
}
