// Orders on this device (src/local recentOrders): every order list or detail read online is kept,
// so the buyer can look at recent orders and "buy again" with no connection — the lines go into
// the offline cart draft and sync later. Dexie arrives by dynamic import, never with the page.
import { useEffect } from 'react';
import { onlineManager } from '@tanstack/react-query';
import type { OrderDetail, OrderSummary } from '../../domain/orders';
import { alert } from '../../ui/alert-dialog';
import { toast } from '../../ui/toast';

export const OFFLINE_REBUY_TEXT = '已加入离线购物车，联网后同步';
export const OFFLINE_REBUY_MISSING = '本机没有保存该订单的商品，请联网后再试';

/** Keeps the orders a page read from the server (fire and forget, after paint). */
export function useRememberOrders(orders: readonly (OrderSummary | OrderDetail)[] | undefined): void {
  useEffect(() => {
    if (!orders || orders.length === 0 || !onlineManager.isOnline()) return;
    void import('../../local').then((m) => m.rememberRecentOrders(orders)).catch(() => undefined);
  }, [orders]);
}

/**
 * "再次购买" without the server: the stored order's lines go into the cart through the local
 * store (offline: the draft and the outbox). Resolves once the buyer has been told.
 */
export async function buyAgainOffline(orderId: number): Promise<void> {
  let outcome: Awaited<ReturnType<typeof import('../../local').buyAgain>>;
  try {
    outcome = await (await import('../../local')).buyAgain(orderId);
  } catch (err) {
    // A refusal from a server that came back, or a full disk: say it in words.
    const msg = typeof err === 'object' && err !== null && 'message' in err ? String(err.message) : '';
    void alert.open({ message: msg || '再次购买未成功，请联网后再试' });
    return;
  }
  if (outcome === null) {
    void alert.open({ message: OFFLINE_REBUY_MISSING });
    return;
  }
  const { result, info } = outcome;
  if (!result.provisional) {
    toast.show({ message: result.envelope?.msg || '已加入购物车', tone: 'success' });
    return;
  }
  toast.show({
    message: info.partial ? `${OFFLINE_REBUY_TEXT}（本机只保存了该订单的部分商品）` : OFFLINE_REBUY_TEXT,
    tone: 'info',
  });
}
