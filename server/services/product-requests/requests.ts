// 品种求购 (/pzqg): a buyer asks us to stock goods we do not sell; an operator replies and, when
// we list it, links the goods. The buyer reads their own company's requests (a head office also
// its stores', as everywhere: companyScope). Operator steps go through replyProductRequest.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productRequests } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';
import { assertOwns } from '../../auth/session.ts';
import { withTx } from '../../db/tx.ts';
import { notifyCompany } from '../messages/notify.ts';
import type { Page } from '@domain/envelope.ts';
import {
  PRODUCT_REQUEST_STATUS_TEXT,
  type ProductRequest,
  type ProductRequestInput,
  type ProductRequestStatus,
} from '@domain/product-requests.ts';

export const PRODUCT_REQUEST_NOT_FOUND = '求购信息不存在';

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

type Row = typeof productRequests.$inferSelect;

/** The wire shape of a row (the console adds the company to it). */
export function toView(r: Row): ProductRequest {
  const status = r.status as ProductRequestStatus;
  return {
    id: r.id,
    name: r.name,
    sccj: r.sccj,
    ypgg: r.ypgg,
    approval_no: r.approvalNo,
    quantity: r.quantity,
    expected_price: r.expectedPrice,
    remark: r.remark,
    status,
    status_text: PRODUCT_REQUEST_STATUS_TEXT[status] ?? r.status,
    reply: r.reply,
    replied_at: r.repliedAt ? seconds(r.repliedAt) : null,
    goods_id: r.goodsId,
    created_at: seconds(r.createdAt),
  };
}

export async function createProductRequest(
  db: Db,
  companyId: number,
  input: ProductRequestInput,
  now: Date,
): Promise<ProductRequest> {
  const [row] = await db
    .insert(productRequests)
    .values({
      companyId,
      name: input.name,
      sccj: input.sccj,
      ypgg: input.ypgg,
      approvalNo: input.approval_no,
      quantity: input.quantity,
      expectedPrice: input.expected_price,
      remark: input.remark,
      status: 'pending',
      createdAt: now,
    })
    .returning();
  return toView(row);
}

export async function listProductRequests(
  db: Db,
  companyIds: readonly number[],
  status: ProductRequestStatus | undefined,
  page: number,
  pageSize: number,
): Promise<Page<ProductRequest>> {
  const where = and(
    inArray(productRequests.companyId, [...companyIds]),
    status ? eq(productRequests.status, status) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(productRequests)
      .where(where)
      .orderBy(desc(productRequests.createdAt), desc(productRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(productRequests).where(where),
  ]);
  return { list: rows.map(toView), total: n, page, page_size: pageSize };
}

/** One request; with companyIds, someone else's answers 404 like a missing one. */
export async function getProductRequest(
  db: Db,
  companyIds: readonly number[] | null,
  id: number,
): Promise<ProductRequest> {
  const [row] = await db.select().from(productRequests).where(eq(productRequests.id, id)).limit(1);
  if (companyIds !== null) assertOwns(companyIds, row?.companyId, PRODUCT_REQUEST_NOT_FOUND);
  else if (!row) throw notFound(PRODUCT_REQUEST_NOT_FOUND);
  return toView(row);
}

export interface ProductRequestReply {
  reply: string;
  /** The goods we listed for it: the request becomes 已上架; without it, 已回复. */
  goodsId: number | null;
}

/**
 * The operator's answer (the console's POST /api/admin/product_requests/{id}/reply, which checks
 * the goods and writes the audit row). The buyer gets a message with it (the form promises one
 * when the goods is listed).
 */
export async function replyProductRequest(
  db: Db,
  id: number,
  answer: ProductRequestReply,
  now: Date,
): Promise<ProductRequest> {
  return withTx(db, async (tx) => {
    const [row] = await tx
      .update(productRequests)
      .set({
        reply: answer.reply,
        goodsId: answer.goodsId,
        status: answer.goodsId === null ? 'replied' : 'listed',
        repliedAt: now,
      })
      .where(eq(productRequests.id, id))
      .returning();
    if (!row) throw notFound(PRODUCT_REQUEST_NOT_FOUND);
    const listed = answer.goodsId !== null;
    await notifyCompany(
      tx,
      row.companyId,
      {
        kind: 'system',
        title: listed ? '求购品种已上架' : '求购已回复',
        body: `您求购的「${row.name}」${listed ? '已上架' : '有新回复'}：${answer.reply}`,
        link: `/pzqg/info?id=${row.id}`,
      },
      now,
    );
    return toView(row);
  });
}
