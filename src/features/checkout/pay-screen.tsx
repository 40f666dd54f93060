// The body of the pay pages (/cart/step3/:id and /cart/hm?id=): the order, its countdown, and
// either the payment methods or why it cannot be paid. An order holding 含麻黄碱 goods is paid on
// /cart/hm, after the buyer's registration.
import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { orderDetailQuery } from '../../api/orders-pay';
import { userBaseQuery } from '../../api/user';
import { maskIdCard } from '../../domain/id-card';
import type { OrderDetail } from '../../domain/orders';
import { ephedrineHref, orderInfoHref } from './checkout-urls';
import { EphedrineForm } from './ephedrine-form';
import { OrderPaySummary } from './order-pay-summary';
import { notPayableText } from './not-payable-text';
import { PayPanel } from './pay-panel';
import { usePayCountdown } from './use-pay-countdown';
import styles from './pay.module.css';
import { PageFrame } from '../../ui/page-frame';
import { buttonClass } from '../../ui/button';

export type PayScreenKind = 'normal' | 'ephedrine';

function OrderLink({ id, children = '查看订单' }: { id: number; children?: string }) {
  return (
    <Link to={orderInfoHref(id)} className={buttonClass('secondary')}>
      {children}
    </Link>
  );
}

function needsReceipt(order: OrderDetail): boolean {
  return order.has_ephedrine === 1 && order.ephedrine_receipt === null;
}

function Payable({
  order,
  kind,
  secondsLeft,
}: {
  order: OrderDetail;
  kind: PayScreenKind;
  secondsLeft: number | null;
}) {
  const userQuery = useQuery(userBaseQuery());
  const expired = secondsLeft === 0;
  if (kind === 'ephedrine' && needsReceipt(order)) {
    // The form starts from the member's name and mobile; wait for them rather than reset typing later.
    if (userQuery.isPending) {
      return (
        <p className={styles.state} role="status">
          正在加载…
        </p>
      );
    }
    const user = userQuery.data;
    return (
      <EphedrineForm
        orderId={order.id}
        initial={{ buyer_name: user?.name ?? '', id_card: '', phone: user?.phone ?? '' }}
      />
    );
  }
  return (
    <>
      {order.ephedrine_receipt && (
        <p className={styles.receipt}>
          已登记购药人：{order.ephedrine_receipt.buyer_name}，身份证 {maskIdCard(order.ephedrine_receipt.id_card)}，手机{' '}
          {order.ephedrine_receipt.phone}
        </p>
      )}
      {order.status === 'awaiting_transfer' && (
        <p className={styles.receipt} role="status">
          您已选择对公转账，财务确认收款后订单转为待发货；如尚未转账，也可以改用其他方式支付。
        </p>
      )}
      <PayPanel order={order} disabled={expired} />
    </>
  );
}

export function PayScreen({ orderId, kind }: { orderId: number | null; kind: PayScreenKind }) {
  const router = useRouter();
  const query = useQuery({ ...orderDetailQuery(orderId ?? 0), enabled: orderId !== null });
  const order = query.data;
  const secondsLeft = usePayCountdown(order?.can.pay ? order.expires_in : null, query.dataUpdatedAt, () => {
    void query.refetch();
  });

  // Step 3 cannot take an unregistered 含麻黄碱 order: the registration page pays it.
  const redirectToReceipt = kind === 'normal' && order !== undefined && order.can.pay && needsReceipt(order);
  useEffect(() => {
    if (redirectToReceipt && orderId !== null) void router.navigate({ href: ephedrineHref(orderId), replace: true });
  }, [redirectToReceipt, orderId, router]);

  let body: ReactNode;
  if (orderId === null) {
    body = (
      <div className={styles.state}>
        <p>订单不存在</p>
        <Link to="/order" className={buttonClass('secondary')}>
          查看我的订单
        </Link>
      </div>
    );
  } else if (query.isPending) {
    body = (
      <p className={styles.state} role="status">
        正在加载订单…
      </p>
    );
  } else if (!order) {
    body = (
      <div className={styles.state}>
        <p>订单加载失败</p>
        <button type="button" className={buttonClass('secondary')} onClick={() => void query.refetch()}>
          重新加载
        </button>
      </div>
    );
  } else if (!order.can.pay) {
    body = (
      <>
        <OrderPaySummary order={order} secondsLeft={null} />
        <div className={styles.notPayable} role="status">
          <p>{notPayableText(order)}</p>
          <OrderLink id={order.id} />
        </div>
      </>
    );
  } else if (redirectToReceipt) {
    body = null;
  } else {
    body = (
      <>
        <OrderPaySummary order={order} secondsLeft={secondsLeft} />
        <Payable order={order} kind={kind} secondsLeft={secondsLeft} />
      </>
    );
  }

  return (
    <PageFrame aria-labelledby="pay-title">
      <h1 id="pay-title" className={styles.title}>
        支付订单
      </h1>
      {body}
    </PageFrame>
  );
}
