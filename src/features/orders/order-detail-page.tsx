// /order/info/:id 订单详情 (and /order/wl/:id, which redirects here): status and actions, the
// progress timeline, delivery, invoice and payment, lines with batch/expiry, amounts, logistics,
// after-sales. An unknown order (404 envelope) is a calm "订单不存在" page, not an alert.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useRouter } from '@tanstack/react-router';
import { orderDetailQuery, orderKeys } from '../../api/orders';
import { ORDER_STATUS_TEXT, type AfterSale, type OrderDetail } from '../../domain/orders';
import { formatPrice } from '../../domain/money';
import { AfterSaleDialog } from './after-sale-dialog';
import { formatDateTime } from '../../domain/time';
import { useRememberOrders } from './offline-orders';
import { OrderActions } from './order-actions';
import {
  AmountBreakdown,
  Logistics,
  OrderFacts,
  OrderLinesTable,
  RelatedAfterSales,
  Timeline,
} from './order-detail-sections';
import { afterSaleHref, applyAfterSaleHref, orderDetailHref } from './order-links';
import { orderDetailSearch } from './order-search-schema';
import { PayCountdown, payDeadline } from './pay-countdown';
import { parseId } from './route-id';
import { isNotFound, LoadFailed, Loading, Missing } from './states';
import { TraceCodes } from './trace-codes-section';
import { isServerUnreachable } from '../../api/reachability';
import { useLocalRuntime } from '../../local';
import { SpaLink } from '../../ui/spa-link';
import { useRouteSearch } from '../../widgets/route-search';
import styles from './orders.module.css';
import { PageFrame } from '../../ui/page-frame';
import { AskServiceButton } from '../../widgets/chat/ask-service-button';

export const ORDER_MISSING_TEXT = '订单不存在';

function OrderMissing() {
  return <Missing title={ORDER_MISSING_TEXT} text="该订单可能已被删除，或不属于当前账号。" />;
}

function StatusHeader({
  order,
  answeredAt,
  onAfterSale,
}: {
  order: OrderDetail;
  answeredAt: number;
  onAfterSale: () => void;
}) {
  const queryClient = useQueryClient();
  const deadline = order.can.pay ? payDeadline(order.expires_in, answeredAt) : null;
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) }),
    [queryClient, order.id],
  );
  return (
    <header className={styles.detailHead}>
      <div>
        <p className={styles.muted}>
          订单编号 <span className={styles.mono}>{order.order_no}</span> · 下单时间{' '}
          {formatDateTime(order.created_at, 'seconds')}
        </p>
        <h1 className={styles.detailStatus} data-status={order.status}>
          {ORDER_STATUS_TEXT[order.status]}
        </h1>
        <p>
          应付金额 <strong className={styles.price}>{formatPrice(order.amounts.pay_amount)}</strong>
          {deadline !== null && (
            <>
              {' '}
              <PayCountdown deadlineMs={deadline} onExpired={refresh} />
            </>
          )}
        </p>
      </div>
      <div>
        <OrderActions order={order} hasReceipt={order.ephedrine_receipt !== null} onAfterSale={onAfterSale} />
        <AskServiceButton about={{ order_id: order.id }} />
      </div>
    </header>
  );
}

function Detail({ order, answeredAt, offline = false }: { order: OrderDetail; answeredAt: number; offline?: boolean }) {
  const router = useRouter();
  const wantsAfterSale = useRouteSearch(orderDetailSearch).afterSale;
  const afterSaleOpen = wantsAfterSale && order.can.after_sale;

  const openAfterSale = () => void router.navigate({ href: applyAfterSaleHref(order.id) });
  const closeAfterSale = () => void router.navigate({ href: orderDetailHref(order.id), replace: true });
  const submitted = (a: AfterSale) => void router.navigate({ href: afterSaleHref(a), replace: true });

  return (
    <div className={styles.detail}>
      <nav className={styles.crumbs} aria-label="当前位置">
        <SpaLink href="/order">我的订单</SpaLink> <span aria-hidden="true">›</span>{' '}
        <span aria-current="page">订单详情</span>
      </nav>
      {offline && (
        <p className={styles.offlineNote} role="note">
          {OFFLINE_DETAIL_NOTE}
        </p>
      )}
      <StatusHeader order={order} answeredAt={answeredAt} onAfterSale={openAfterSale} />
      <Timeline order={order} />
      <OrderFacts order={order} />
      <OrderLinesTable order={order} />
      <TraceCodes order={order} offline={offline} />
      <AmountBreakdown order={order} />
      <Logistics order={order} />
      <RelatedAfterSales order={order} />
      <AfterSaleDialog order={order} open={afterSaleOpen} onClose={closeAfterSale} onSubmitted={submitted} />
    </div>
  );
}

export const OFFLINE_DETAIL_NOTE = '当前无法连接服务器，以下为本机保存的订单信息，可离线扫码验货';

/**
 * The copy of the order this device kept when it was last opened online (src/local): read when the
 * server cannot be reached, so 扫码验货 works at the receiving door without a connection. Only
 * 再次购买 stays offered; the rest needs the server.
 */
function useStoredOrder(id: number, wanted: boolean): OrderDetail | null | undefined {
  const [stored, setStored] = useState<OrderDetail | null | undefined>(undefined);
  // The account's store opens after the page does (a cold start offline): read once it runs.
  const runtime = useLocalRuntime();
  useEffect(() => {
    if (!wanted || !runtime) return;
    let live = true;
    void import('../../local')
      .then((m) => m.readStoredOrder(id))
      .catch(() => null)
      .then(
        (o) =>
          live &&
          setStored(
            o
              ? {
                  ...o,
                  expires_in: null,
                  can: {
                    pay: false,
                    cancel: false,
                    confirm: false,
                    rebuy: o.can.rebuy,
                    after_sale: false,
                    invoice: false,
                  },
                }
              : null,
          ),
      );
    return () => {
      live = false;
    };
  }, [id, wanted, runtime]);
  return stored;
}

function DetailScreen({ id }: { id: number }) {
  const query = useQuery(orderDetailQuery(id));
  // A failed attempt counts at once (failureReason): offline the retries would wait for the network.
  const unreachable = query.data === undefined && isServerUnreachable(query.error ?? query.failureReason);
  const stored = useStoredOrder(id, unreachable);
  // The full detail is kept for "buy again" offline (every line, not just the list's first few).
  const kept = useMemo(() => (query.data ? [query.data] : undefined), [query.data]);
  useRememberOrders(kept);
  if (unreachable && stored) return <Detail order={stored} answeredAt={Date.now()} offline />;
  if (query.isPending)
    return <Loading text={unreachable && stored === undefined ? '正在读取本机保存的订单…' : '正在加载订单…'} />;
  if (query.isError) {
    if (isNotFound(query.error)) return <OrderMissing />;
    return <LoadFailed text="订单加载失败" onRetry={() => void query.refetch()} />;
  }
  return <Detail order={query.data} answeredAt={query.dataUpdatedAt} />;
}

export default function OrderDetailPage() {
  const params: Readonly<Record<string, string | undefined>> = useParams({ strict: false });
  const id = parseId(params.id);
  return <PageFrame>{id === undefined ? <OrderMissing /> : <DetailScreen key={id} id={id} />}</PageFrame>;
}
