// GET /api/order: the company's orders by tab (ORDER_TABS), keywords (order number or goods
// name), creation date range (Asia/Shanghai days) and kind, newest first, with the count of every
// tab under the same filters (so a tab's badge is what that tab lists). Statements: counts per
// status, the page, its first lines, its invoices, the company's after-sale flag.
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { numberParam } from '../../http/params.ts';
import { orders } from '../../db/schema.ts';
import { ORDER_TABS, type OrderSummary, type OrderTabKey } from '@domain/orders.ts';
import type { Page } from '@domain/envelope.ts';
import { afterSaleAllowed, invoicedOrders, orderSummary, summaryLines } from './view.ts';
import { escapeLike } from '../../db/like.ts';

export const ORDER_PAGE_SIZE_DEFAULT = 10;
export const ORDER_PAGE_SIZE_MAX = 50;
const KEYWORDS_MAX = 50;
const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const TAB_KEYS = ORDER_TABS.map((t) => t.key) as [OrderTabKey, ...OrderTabKey[]];

/** A Shanghai calendar day, YYYY-MM-DD, as the instant it starts. */
export const dayParam = (msg: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.trim());
      const t = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
      if (!m || Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== v.trim()) {
        ctx.addIssue({ code: 'custom', message: msg });
        return z.NEVER;
      }
      return new Date(t - SHANGHAI_OFFSET_MS);
    });

export const orderListQuery = z
  .object({
    tab: z.enum(TAB_KEYS, { error: '订单状态无效' }).optional(),
    keywords: z
      .string()
      .trim()
      .max(KEYWORDS_MAX, { error: `关键词最多${KEYWORDS_MAX}个字符` })
      .optional(),
    start: dayParam('开始日期格式应为YYYY-MM-DD'),
    end: dayParam('结束日期格式应为YYYY-MM-DD'),
    kind: z.enum(['normal', 'points'], { error: '订单类型无效' }).optional(),
    page: numberParam('页码无效', 1, 10_000),
    page_size: numberParam(`每页数量须在1-${ORDER_PAGE_SIZE_MAX}之间`, 1, ORDER_PAGE_SIZE_MAX),
  })
  .superRefine((q, ctx) => {
    if (q.start && q.end && q.start.getTime() > q.end.getTime())
      ctx.addIssue({ code: 'custom', path: ['end'], message: '结束日期不能早于开始日期' });
  });

export type OrderListQuery = z.output<typeof orderListQuery>;

export type OrderListResult = Page<OrderSummary> & { counts: Record<OrderTabKey, number> };

export async function listOrders(db: Db, companyId: number, q: OrderListQuery, now: Date): Promise<OrderListResult> {
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? ORDER_PAGE_SIZE_DEFAULT;
  const tab = ORDER_TABS.find((t) => t.key === (q.tab ?? 'all'))!;
  const filters: (SQL | undefined)[] = [eq(orders.companyId, companyId), eq(orders.kind, q.kind ?? 'normal')];
  if (q.start) filters.push(gte(orders.createdAt, q.start));
  if (q.end) filters.push(lt(orders.createdAt, new Date(q.end.getTime() + DAY_MS)));
  if (q.keywords) {
    const like = `%${escapeLike(q.keywords)}%`;
    filters.push(
      or(
        sql`${orders.orderNo} ILIKE ${like}`,
        sql`EXISTS (SELECT 1 FROM order_lines ol WHERE ol.order_id = ${orders.id} AND ol.name ILIKE ${like})`,
      ),
    );
  }
  const where = and(...filters);
  const statuses = tab.statuses as readonly string[];
  const pageWhere = statuses.length > 0 ? and(where, inArray(orders.status, [...statuses])) : where;

  const [perStatus, rows, allowed] = await Promise.all([
    db
      .select({ status: orders.status, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where)
      .groupBy(orders.status),
    db
      .select()
      .from(orders)
      .where(pageWhere)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    afterSaleAllowed(db, companyId),
  ]);
  const byStatus = new Map(perStatus.map((r) => [r.status, r.n]));
  const counts = {} as Record<OrderTabKey, number>;
  for (const t of ORDER_TABS) {
    const list = t.statuses as readonly string[];
    counts[t.key] =
      list.length === 0
        ? [...byStatus.values()].reduce((a, b) => a + b, 0)
        : list.reduce((s, st) => s + (byStatus.get(st) ?? 0), 0);
  }

  const ids = rows.map((r) => r.id);
  const [lines, invoiced] = await Promise.all([summaryLines(db, ids), invoicedOrders(db, ids)]);
  const list = rows.map((o) =>
    orderSummary(
      o,
      {
        lines: lines.get(o.id)?.lines ?? [],
        lineCount: lines.get(o.id)?.count ?? 0,
        invoiced: invoiced.has(o.id),
        afterSaleAllowed: allowed,
      },
      now,
    ),
  );
  return { list, total: counts[tab.key], page, page_size: pageSize, counts };
}
