// The buttons an order offers, exactly as the server's `can` flags allow (the server decides
// what is possible for a status; the page never re-derives it). Shared by the list card and the
// detail header. Cancel and confirm ask first; buy again reports what it could not add. Offline,
// buy again puts the stored order's lines into the offline cart (offline-orders.ts).
import { useState } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { useCancelOrder, useConfirmOrder, useRebuyOrder } from '../../api/orders';
import { isServerUnreachable } from '../../api/reachability';
import type { OrderSummary, RebuyResult } from '../../domain/orders';
import { alert } from '../../ui/alert-dialog';
import { toast } from '../../ui/toast';
import { buyAgainOffline } from './offline-orders';
import { applyAfterSaleHref, applyInvoiceHref, orderDetailHref, payHref } from './order-links';
import { RebuyDialog } from './rebuy-dialog';
import { SpaLink } from '../../ui/spa-link';
import styles from './orders.module.css';
import { buttonClass } from '../../ui/button';

export const ORDER_ACTION_TEXT = {
  pay: '去支付',
  cancel: '取消订单',
  confirm: '确认收货',
  rebuy: '再次购买',
  afterSale: '申请售后',
  invoice: '申请发票',
  detail: '查看详情',
} as const;

export const CANCEL_CONFIRM_TEXT = '确定要取消该订单吗？取消后不可恢复，已使用的优惠券和余额将退回账户。';
export const RECEIVE_CONFIRM_TEXT = '请确认已收到全部货品且验收无误，确认收货后订单将完成。';
export const CANCELLED_TOAST = '订单已取消';
export const RECEIVED_TOAST = '已确认收货';

export interface OrderActionsProps {
  order: Pick<OrderSummary, 'id' | 'order_no' | 'has_ephedrine' | 'can'>;
  /** Detail page: a 含麻黄碱 receipt is on file, so pay goes straight to step 3. */
  hasReceipt?: boolean;
  /** Detail page opens the form in place; the list links to the detail with the form open. */
  onAfterSale?: () => void;
  showDetailLink?: boolean;
}

export function OrderActions({ order, hasReceipt = false, onAfterSale, showDetailLink = false }: OrderActionsProps) {
  const cancel = useCancelOrder();
  const confirm = useConfirmOrder();
  const rebuy = useRebuyOrder();
  const [rebuyResult, setRebuyResult] = useState<RebuyResult | null>(null);
  const { can } = order;

  const askCancel = () =>
    void alert.open({
      title: '取消订单',
      message: CANCEL_CONFIRM_TEXT,
      actions: [
        { label: '再想想' },
        {
          label: '确定取消',
          onClick: () =>
            cancel.mutate(order.id, {
              onSuccess: () => void toast.show({ message: CANCELLED_TOAST, tone: 'success' }),
            }),
        },
      ],
    });
  const askConfirm = () =>
    void alert.open({
      title: '确认收货',
      message: RECEIVE_CONFIRM_TEXT,
      actions: [
        { label: '取消' },
        {
          label: '确认收货',
          onClick: () =>
            confirm.mutate(order.id, {
              onSuccess: () => void toast.show({ message: RECEIVED_TOAST, tone: 'success' }),
            }),
        },
      ],
    });
  const [rebuyingOffline, setRebuyingOffline] = useState(false);
  const rebuyOffline = () => {
    setRebuyingOffline(true);
    void buyAgainOffline(order.id).finally(() => setRebuyingOffline(false));
  };
  const buyAgain = () => {
    // The server's 再次购买 needs the server; offline the stored order goes into the cart draft.
    if (!onlineManager.isOnline()) return rebuyOffline();
    rebuy.mutate(order.id, {
      onSuccess: (result) => setRebuyResult(result),
      onError: (error) => {
        if (isServerUnreachable(error)) rebuyOffline();
      },
    });
  };
  const rebuyBusy = rebuy.isPending || rebuyingOffline;

  return (
    <div className={styles.actions}>
      {can.pay && (
        <SpaLink href={payHref(order, hasReceipt)} className={buttonClass('primary', { size: 'sm' })}>
          {ORDER_ACTION_TEXT.pay}
        </SpaLink>
      )}
      {can.confirm && (
        <button
          type="button"
          className={buttonClass('primary', { size: 'sm' })}
          onClick={askConfirm}
          disabled={confirm.isPending}
        >
          {ORDER_ACTION_TEXT.confirm}
        </button>
      )}
      {can.rebuy && (
        <button
          type="button"
          className={buttonClass('outline', { size: 'sm' })}
          onClick={buyAgain}
          disabled={rebuyBusy}
          aria-busy={rebuyBusy || undefined}
        >
          {ORDER_ACTION_TEXT.rebuy}
        </button>
      )}
      {can.after_sale &&
        (onAfterSale ? (
          <button type="button" className={buttonClass('outline', { size: 'sm' })} onClick={onAfterSale}>
            {ORDER_ACTION_TEXT.afterSale}
          </button>
        ) : (
          <SpaLink href={applyAfterSaleHref(order.id)} className={buttonClass('outline', { size: 'sm' })}>
            {ORDER_ACTION_TEXT.afterSale}
          </SpaLink>
        ))}
      {can.invoice && (
        <SpaLink href={applyInvoiceHref(order.id)} className={buttonClass('outline', { size: 'sm' })}>
          {ORDER_ACTION_TEXT.invoice}
        </SpaLink>
      )}
      {can.cancel && (
        <button
          type="button"
          className={buttonClass('secondary', { size: 'sm' })}
          onClick={askCancel}
          disabled={cancel.isPending}
        >
          {ORDER_ACTION_TEXT.cancel}
        </button>
      )}
      {showDetailLink && (
        <SpaLink href={orderDetailHref(order.id)} className={buttonClass('secondary', { size: 'sm' })}>
          {ORDER_ACTION_TEXT.detail}
        </SpaLink>
      )}
      <RebuyDialog result={rebuyResult} onClose={() => setRebuyResult(null)} />
    </div>
  );
}
