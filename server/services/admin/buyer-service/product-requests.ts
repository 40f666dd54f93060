// The console's 品种求购: every company's requests by status and text (name, maker, company), one
// request with its company, and the operator's answer — a reply, or 已上架 with goods that exists
// and is on sale — written with its audit row in one transaction.
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { companies, goods, productRequests } from '../../../db/schema.ts';
import { notFound, validationError } from '../../../http/envelope.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { PRODUCT_REQUEST_NOT_FOUND, replyProductRequest, toView } from '../../product-requests/requests.ts';
import type { Paged } from '@domain/admin.ts';
import type { AdminProductRequest } from '@domain/buyer-service.ts';
import type { ProductRequestStatus } from '@domain/product-requests.ts';
import { pageOf, rowsBefore } from '../../../db/paging.ts';
import { escapeLike } from '../../../db/like.ts';

export interface ProductRequestQuery {
  status?: ProductRequestStatus;
  q?: string;
  page: number;
  size: number;
}

const selectRows = (db: Db) =>
  db
    .select({ row: productRequests, companyName: companies.name, goodsName: goods.name })
    .from(productRequests)
    .innerJoin(companies, eq(companies.id, productRequests.companyId))
    .leftJoin(goods, eq(goods.id, productRequests.goodsId));

type Joined = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

const toAdmin = (r: Joined): AdminProductRequest => ({
  ...toView(r.row),
  company_id: r.row.companyId,
  company_name: r.companyName,
  goods_name: r.goodsName,
});

export async function searchProductRequests(db: Db, query: ProductRequestQuery): Promise<Paged<AdminProductRequest>> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(productRequests.status, query.status));
  if (query.q) {
    const p = `%${escapeLike(query.q)}%`;
    const text = or(ilike(productRequests.name, p), ilike(productRequests.sccj, p), ilike(companies.name, p));
    if (text) where.push(text);
  }
  const cond = where.length > 0 ? and(...where) : undefined;
  const [{ total }] = await db
    .select({ total: count() })
    .from(productRequests)
    .innerJoin(companies, eq(companies.id, productRequests.companyId))
    .where(cond);
  // One status is a queue (oldest waiting first); 全部 shows the newest first.
  const order = query.status
    ? [asc(productRequests.createdAt), asc(productRequests.id)]
    : [desc(productRequests.createdAt), desc(productRequests.id)];
  const rows = await selectRows(db)
    .where(cond)
    .orderBy(...order)
    .limit(query.size)
    .offset(rowsBefore(query));
  return pageOf(query, total, rows.map(toAdmin));
}

export async function getAdminProductRequest(db: Db, id: number): Promise<AdminProductRequest> {
  const [row] = await selectRows(db).where(eq(productRequests.id, id)).limit(1);
  if (!row) throw notFound(PRODUCT_REQUEST_NOT_FOUND);
  return toAdmin(row);
}

export interface ProductRequestAnswer {
  reply: string;
  goodsId: number | null;
}

export async function answerProductRequest(
  db: Db,
  actor: Actor,
  id: number,
  answer: ProductRequestAnswer,
  now: Date,
): Promise<AdminProductRequest> {
  return withTx(db, async (tx) => {
    const [before] = await tx.select().from(productRequests).where(eq(productRequests.id, id)).for('update').limit(1);
    if (!before) throw notFound(PRODUCT_REQUEST_NOT_FOUND);
    if (answer.goodsId !== null) {
      // 已上架 promises the buyer something to buy: the goods must exist and be on sale now.
      const [g] = await tx.select({ onSale: goods.isOnSale }).from(goods).where(eq(goods.id, answer.goodsId)).limit(1);
      if (!g) throw validationError({ goods_id: ['商品不存在'] });
      if (!g.onSale) throw validationError({ goods_id: ['该商品未上架，不能标记为已上架'] });
    }
    const after = await replyProductRequest(tx, id, answer, now);
    await writeAudit(
      tx,
      actor,
      {
        action: answer.goodsId === null ? 'product_request.reply' : 'product_request.list',
        targetType: 'product_request',
        targetId: id,
        before: { status: before.status, reply: before.reply, goods_id: before.goodsId },
        after: { status: after.status, reply: after.reply, goods_id: after.goods_id },
      },
      now,
    );
    return getAdminProductRequest(tx, id);
  });
}
