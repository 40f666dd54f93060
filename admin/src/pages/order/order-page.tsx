// One order in the console: what was bought, where it goes, how it was paid, its history and
// logistics; and what this operator's role may do next — print the picking list and ship (仓库,
// a paid order), print the 随货同行单 and complete (a shipped order), cancel with refund (财务,
// before it ships). The server decides every move; the page only offers the ones that fit.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import {
  afterOrderMoved,
  cancelOrder,
  completeOrder,
  deliveryNoteHref,
  orderQuery,
  pickingListHref,
} from '../../api/orders.ts';
import { meQuery } from '../../api/session.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { ReasonDialog } from '../../widgets/reason-dialog.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import { ORDER_STATUS_TEXT } from '@domain/orders.ts';
import { ShipForm } from './ship-form.tsx';
import { AlertLine } from '../../widgets/alert-line.tsx';
import styles from './order-page.module.css';

export function OrderPage() {
  const { orderId } = useParams({ strict: false }) as { orderId?: number };
  const id = typeof orderId === 'number' ? orderId : 0;
  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'ordersRead') : false;
  const q = useQuery({ ...orderQuery(id), enabled: allowed && id > 0 });
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="当前角色不能查看订单。" />;
  if (id <= 0 || (q.isError && q.error instanceof ConsoleApiError && q.error.status === 404))
    return <StateBlock kind="empty" title="订单不存在" text="请从订单列表重新打开。" />;
  if (q.isError)
    return (
      <StateBlock
        kind="failed"
        text={q.error.message}
        action={
          <button type="button" className={buttonClass('primary')} onClick={() => void q.refetch()}>
            重试
          </button>
        }
      />
    );
  if (!q.data || !me) return <StateBlock kind="loading" text="正在加载…" />;

  const { order, company } = q.data;
  const ships = mayOpen(me.role, 'ordersShip');
  const refunds = mayOpen(me.role, 'ordersRefund');
  const addr = order.address;
  const hasShipment = order.logistics.length > 0;

  const complete = async () => {
    setBusy(true);
    setError('');
    try {
      await completeOrder(order.id);
    } catch (err) {
      setError(err instanceof Error ? err.message : '操作失败，请稍后重试');
    } finally {
      await afterOrderMoved(queryClient);
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="order-title" className={styles.page}>
      <p>
        <Link to="/orders" search={{ page: 1 }}>
          ← 订单列表
        </Link>
      </p>
      <h1 id="order-title" className={styles.title}>
        订单 {order.order_no}（{ORDER_STATUS_TEXT[order.status]}）
      </h1>

      <section className={styles.panel} aria-label="订单信息">
        <dl className={styles.facts}>
          <div>
            <dt>企业</dt>
            <dd>{company.name}</dd>
          </div>
          <div>
            <dt>下单时间</dt>
            <dd>{formatDateTime(order.created_at)}</dd>
          </div>
          <div>
            <dt>应付</dt>
            <dd>{formatPrice(order.amounts.pay_amount + order.amounts.balance_amount)}</dd>
          </div>
          <div>
            <dt>已付</dt>
            <dd>{formatPrice(order.amounts.paid_amount + order.amounts.balance_amount)}</dd>
          </div>
          <div>
            <dt>收货人</dt>
            <dd>
              {addr.consignee} {addr.phone}
            </dd>
          </div>
          <div>
            <dt>地址</dt>
            <dd>
              {addr.province}
              {addr.city}
              {addr.district}
              {addr.detail}
            </dd>
          </div>
        </dl>
        <AlertLine message={error} />
        <div className={styles.actions}>
          {ships && order.status === 'paid' && (
            <a className={buttonClass('outline')} href={pickingListHref(order.id)} target="_blank" rel="noreferrer">
              打印拣货单
            </a>
          )}
          {ships && hasShipment && (
            <a className={buttonClass('outline')} href={deliveryNoteHref(order.id)} target="_blank" rel="noreferrer">
              打印随货同行单
            </a>
          )}
          {ships && order.status === 'shipped' && (
            <button type="button" className={buttonClass('primary')} onClick={() => void complete()} disabled={busy}>
              确认签收完成
            </button>
          )}
          {refunds && ['pending_payment', 'awaiting_transfer', 'paid'].includes(order.status) && (
            <button type="button" className={buttonClass('danger')} onClick={() => setCancelling(true)}>
              取消订单并退款
            </button>
          )}
        </div>
      </section>

      <section className={styles.panel} aria-labelledby="lines-title">
        <h2 id="lines-title">商品</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">商品</th>
              <th scope="col">规格</th>
              <th scope="col">生产企业</th>
              <th scope="col">批号</th>
              <th scope="col">效期</th>
              <th scope="col">数量</th>
              <th scope="col">金额</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.id}>
                <td>{l.name}</td>
                <td>{l.ypgg}</td>
                <td>{l.sccj}</td>
                <td>{l.batch_no || '—'}</td>
                <td>{l.expires_on || '—'}</td>
                <td>
                  {l.number}
                  {l.bzdw}
                </td>
                <td>{formatPrice(l.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {ships && order.status === 'paid' && (
        <section className={styles.panel} aria-labelledby="ship-title">
          <h2 id="ship-title">发货</h2>
          <ShipForm detail={q.data} />
        </section>
      )}

      {hasShipment && (
        <section className={styles.panel} aria-labelledby="logistics-title">
          <h2 id="logistics-title">物流</h2>
          {order.logistics.map((s) => (
            <div key={s.tracking_no}>
              <p>
                {s.carrier} 运单号 <strong>{s.tracking_no}</strong>
              </p>
              <ul className={styles.history}>
                {s.events.map((e) => (
                  <li key={`${e.time}${e.text}`}>
                    {formatDateTime(e.time)} {e.text}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}

      <section className={styles.panel} aria-labelledby="history-title">
        <h2 id="history-title">订单记录</h2>
        <ul className={styles.history}>
          {order.history.map((h) => (
            <li key={`${h.time}${h.status}${h.text}`}>
              {formatDateTime(h.time)} {ORDER_STATUS_TEXT[h.status]} · {h.text}
            </li>
          ))}
        </ul>
      </section>

      {cancelling && (
        <ReasonDialog
          title={`取消订单 ${order.order_no}`}
          label="取消原因（买家可见）"
          submitText="取消订单并退款"
          onSubmit={async (reason) => {
            try {
              await cancelOrder(order.id, reason);
            } finally {
              await afterOrderMoved(queryClient);
            }
          }}
          onClose={() => setCancelling(false)}
        />
      )}
    </section>
  );
}
