// 我的订单 with no server: the recent orders this device kept (src/local), newest first, each with
// 再次购买 into the offline cart. Pay, cancel and the rest need the server and are not offered.
// Loaded lazily by the orders page: it brings Dexie's hooks.
import { useState } from 'react';
import type { OrderDetail, OrderSummary } from '../../domain/orders';
import { useLocalLive } from '../../local';
import { OrderCard } from './order-card';
import { Empty, Loading } from './states';
import styles from './orders.module.css';

export const OFFLINE_ORDERS_NOTE =
  '当前无法连接服务器，以下为本机保存的最近订单，可再次购买（加入离线购物车，联网后同步）';

/** A stored order as the list shows it offline: only 再次购买 is possible without the server. */
export function offlineOrderView(order: OrderSummary | OrderDetail): OrderSummary {
  return {
    ...order,
    expires_in: null,
    can: { pay: false, cancel: false, confirm: false, rebuy: order.can.rebuy, after_sale: false, invoice: false },
  };
}

export default function OfflineOrderList() {
  const orders = useLocalLive('recentOrders', null, []);
  const [now] = useState(() => Date.now());
  if (orders === null) return <Loading text="正在读取本机订单…" />;
  const normal = orders.filter((o) => o.kind === 'normal');
  return (
    <>
      <p className={styles.offlineNote} role="note">
        {OFFLINE_ORDERS_NOTE}
      </p>
      {normal.length === 0 ? (
        <Empty text="本机没有保存的订单" />
      ) : (
        <div className={styles.cards}>
          {normal.map((order) => (
            <OrderCard key={order.id} order={offlineOrderView(order)} answeredAt={now} />
          ))}
        </div>
      )}
    </>
  );
}
