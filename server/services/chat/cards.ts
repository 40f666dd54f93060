// Goods and order cards (sent from the goods detail and an order): a snapshot of what the buyer
// saw, read from the database here, never taken from the request. An order must be the member's
// company's; another company's order id is "not found", as everywhere else.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goods, orders } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';
import { formatPrice } from '@domain/money.ts';
import { ORDER_STATUS_TEXT, type OrderStatus } from '@domain/orders.ts';
import type { ChatCard } from '@domain/chat.ts';

export const GOODS_NOT_FOUND = '商品不存在';
export const ORDER_NOT_FOUND = '订单不存在';

export async function goodsCard(db: Db, goodsId: number, pricesVisible: boolean): Promise<ChatCard> {
  const [g] = await db
    .select({ id: goods.id, name: goods.name, spec: goods.ypgg, price: goods.basePrice, image: goods.image })
    .from(goods)
    .where(eq(goods.id, goodsId))
    .limit(1);
  if (!g) throw notFound(GOODS_NOT_FOUND);
  return {
    type: 'goods',
    id: g.id,
    name: g.name,
    spec: g.spec,
    price_text: pricesVisible ? formatPrice(g.price) : '资质审核后可见',
    image: g.image,
  };
}

export async function orderCard(db: Db, orderId: number, companyId: number): Promise<ChatCard> {
  const [o] = await db
    .select({
      id: orders.id,
      sn: orders.orderNo,
      amount: orders.payAmount,
      status: orders.status,
      companyId: orders.companyId,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!o || o.companyId !== companyId) throw notFound(ORDER_NOT_FOUND);
  return {
    type: 'order',
    id: o.id,
    sn: o.sn,
    amount_text: formatPrice(o.amount),
    status_text: ORDER_STATUS_TEXT[o.status as OrderStatus] ?? o.status,
    created_at: Math.floor(o.createdAt.getTime() / 1000),
  };
}
