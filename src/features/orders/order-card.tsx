// One order in a list: number, time, status, the first goods, amount, pay countdown and actions.
import { ORDER_STATUS_TEXT, type OrderSummary } from '../../domain/orders';
import { formatPrice } from '../../domain/money';
import { GoodsImage } from '../../ui/goods/goods-image';
import { formatDateTime } from '../../domain/time';
import { OrderActions } from './order-actions';
import { orderDetailHref } from './order-links';
import { PayCountdown, payDeadline } from './pay-countdown';
import { SpaLink } from '../../ui/spa-link';
import styles from './orders.module.css';
import { buttonClass } from '../../ui/button';

const THUMBS = 4;
const THUMB_PX = 56;

export interface OrderCardProps {
  order: OrderSummary;
  /** When the list was answered (ms): the countdown's origin. */
  answeredAt: number;
  onPayExpired?: () => void;
  /** Points orders are read-only. */
  readOnly?: boolean;
}

export function OrderCard({ order, answeredAt, onPayExpired, readOnly = false }: OrderCardProps) {
  const titleId = `order-${order.id}-title`;
  const deadline = order.can.pay ? payDeadline(order.expires_in, answeredAt) : null;
  const shown = order.lines.slice(0, THUMBS);
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHead}>
        <span className={styles.muted}>{formatDateTime(order.created_at, 'seconds')}</span>
        <h2 id={titleId} className={styles.cardTitle}>
          订单编号：
          <SpaLink href={orderDetailHref(order.id)}>{order.order_no}</SpaLink>
        </h2>
        <span className={styles.status} data-status={order.status}>
          {ORDER_STATUS_TEXT[order.status]}
        </span>
      </header>
      <div className={styles.cardBody}>
        <div className={styles.goods}>
          <ul className={styles.thumbs} aria-label="商品">
            {shown.map((line) => (
              <li key={line.goods_id} title={`${line.name} ×${line.number}`}>
                <GoodsImage src={line.goods_image} alt={line.name} size={THUMB_PX} />
              </li>
            ))}
          </ul>
          <p className={styles.goodsNote}>
            {order.line_count === 1 && shown[0]
              ? shown[0].name
              : `${shown[0]?.name ?? ''} 等 ${order.line_count} 种商品`}
          </p>
        </div>
        <div className={styles.amount}>
          <span className={styles.muted}>{order.kind === 'points' ? '使用积分' : '实付金额'}</span>
          <strong>
            {order.kind === 'points'
              ? `${order.points_used ?? 0} 积分${order.goods_amount > 0 ? ` + ${formatPrice(order.goods_amount)}` : ''}`
              : formatPrice(order.pay_amount)}
          </strong>
          {deadline !== null && <PayCountdown deadlineMs={deadline} onExpired={onPayExpired} />}
        </div>
        {readOnly ? (
          <div className={styles.actions}>
            <SpaLink href={orderDetailHref(order.id)} className={buttonClass('secondary', { size: 'sm' })}>
              查看详情
            </SpaLink>
          </div>
        ) : (
          <OrderActions order={order} showDetailLink />
        )}
      </div>
    </article>
  );
}
