// The order being paid: number, amount due and how long is left to pay.
import { formatPrice } from '../../domain/money';
import type { OrderDetail } from '../../domain/orders';
import { countdownText } from './use-pay-countdown';
import styles from './pay.module.css';

export function OrderPaySummary({ order, secondsLeft }: { order: OrderDetail; secondsLeft: number | null }) {
  return (
    <section className={styles.summary} aria-label="订单信息">
      <dl className={styles.facts}>
        <div>
          <dt>订单编号</dt>
          <dd>{order.order_no}</dd>
        </div>
        <div>
          <dt>应付金额</dt>
          <dd className={styles.due}>{formatPrice(order.pay_amount)}</dd>
        </div>
      </dl>
      {secondsLeft !== null && order.can.pay && (
        <p className={styles.countdown} role="timer" aria-live="off">
          {secondsLeft > 0 ? (
            <>
              请在 <strong>{countdownText(secondsLeft)}</strong> 内完成支付，超时订单将自动取消
            </>
          ) : (
            '支付时间已到，订单即将自动取消'
          )}
        </p>
      )}
    </section>
  );
}
