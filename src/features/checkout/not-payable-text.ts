// What the pay pages say about an order that cannot be paid (any more), by status.
import type { OrderDetail } from '../../domain/orders';

export function notPayableText(order: Pick<OrderDetail, 'status'>): string {
  switch (order.status) {
    case 'awaiting_transfer':
      return '您已提交对公转账，请等待财务确认收款，确认后即安排发货。';
    case 'cancelled':
      return '该订单已取消，无法支付。';
    case 'pending_payment':
      return '该订单已超过支付时限，无法支付，请重新下单。';
    default:
      return '该订单已支付，无需重复支付。';
  }
}
