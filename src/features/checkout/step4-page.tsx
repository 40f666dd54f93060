// /cart/step4?id= 支付完成 (SPEC §2 cart step 4): paid, or submitted and waiting for our
// confirmation of a 对公转账, with the order number, the amount and where to go next.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { orderDetailQuery } from '../../api/orders-pay';
import { formatPrice } from '../../domain/money';
import type { OrderDetail } from '../../domain/orders';
import { orderInfoHref, step3Href, useSearchOrderId } from './checkout-urls';
import { TransferAccount } from './pay-panel';
import styles from './pay.module.css';
import { PageFrame } from '../../ui/page-frame';
import { buttonClass } from '../../ui/button';

interface Outcome {
  title: string;
  text: string;
  tone: 'done' | 'waiting' | 'todo';
}

export function outcomeOf(order: Pick<OrderDetail, 'status'>): Outcome {
  switch (order.status) {
    case 'awaiting_transfer':
      return { title: '订单已提交', text: '请尽快完成对公转账，财务确认收款后将为您安排发货。', tone: 'waiting' };
    case 'pending_payment':
      return { title: '订单已提交', text: '订单尚未支付，请在支付时限内完成支付。', tone: 'todo' };
    case 'cancelled':
      return { title: '订单已取消', text: '该订单已取消。', tone: 'todo' };
    default:
      return { title: '支付完成', text: '我们将尽快为您安排发货。', tone: 'done' };
  }
}

export default function PayDonePage() {
  const id = useSearchOrderId();
  const query = useQuery({ ...orderDetailQuery(id ?? 0), enabled: id !== null });
  const order = query.data;
  const outcome = order ? outcomeOf(order) : null;

  return (
    <PageFrame aria-labelledby="done-title">
      {id === null ? (
        <>
          <h1 id="done-title" className={styles.title}>
            订单不存在
          </h1>
          <div className={styles.links}>
            <Link to="/order" className={buttonClass('secondary')}>
              查看我的订单
            </Link>
          </div>
        </>
      ) : !order || !outcome ? (
        <>
          <h1 id="done-title" className={styles.title}>
            支付结果
          </h1>
          {query.isPending ? (
            <p className={styles.state} role="status">
              正在查询支付结果…
            </p>
          ) : (
            <div className={styles.state}>
              <p>支付结果查询失败</p>
              <button type="button" className={buttonClass('secondary')} onClick={() => void query.refetch()}>
                重新查询
              </button>
            </div>
          )}
        </>
      ) : (
        <div className={styles.result} data-tone={outcome.tone}>
          <h1 id="done-title" className={styles.resultTitle}>
            {outcome.title}
          </h1>
          <p className={styles.resultText}>{outcome.text}</p>
          <dl className={styles.facts}>
            <div>
              <dt>订单编号</dt>
              <dd>{order.order_no}</dd>
            </div>
            <div>
              <dt>{outcome.tone === 'done' ? '支付金额' : '应付金额'}</dt>
              <dd className={styles.due}>{formatPrice(order.pay_amount)}</dd>
            </div>
          </dl>
          {order.status === 'awaiting_transfer' && (
            <div className={styles.transfer}>
              <TransferAccount orderNo={order.order_no} />
            </div>
          )}
          <div className={styles.links}>
            {order.status === 'pending_payment' && order.can.pay && (
              <Link to={step3Href(order.id)} className={buttonClass('primary')}>
                去支付
              </Link>
            )}
            <Link to={orderInfoHref(order.id)} className={buttonClass('secondary')}>
              查看订单
            </Link>
            <Link to="/" className={buttonClass('secondary')}>
              继续购物
            </Link>
          </div>
        </div>
      )}
    </PageFrame>
  );
}
