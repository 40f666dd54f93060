// One store's orders, for its head office (GET /api/user/stores/{id}/orders). A row opens the
// order's detail, which the head office may read for its stores.
import { useQuery } from '@tanstack/react-query';
import { storeOrdersQuery } from '../../api/stores';
import { formatFen } from '../../domain/money';
import { ORDER_STATUS_TEXT, type OrderSummary } from '../../domain/orders';
import type { StoreSummary } from '../../domain/stores';
import { formatDateTime } from '../../domain/time';
import { PagedTable, type Column } from '../../ui/paged-table';
import { SpaLink } from '../../ui/spa-link';
import { storesHref } from './stores-search';
import styles from './stores.module.css';

const COLUMNS: Column<OrderSummary>[] = [
  {
    header: '订单编号',
    cell: (o) => (
      <SpaLink className={styles.link} href={`/order/info/${o.id}`}>
        {o.order_no}
      </SpaLink>
    ),
  },
  { header: '下单时间', cell: (o) => formatDateTime(o.created_at) },
  { header: '商品', cell: (o) => `${o.lines[0]?.name ?? ''}${o.line_count > 1 ? ` 等${o.line_count}种` : ''}` },
  { header: '实付金额', cell: (o) => `¥${formatFen(o.pay_amount)}`, className: styles.mono },
  { header: '状态', cell: (o) => ORDER_STATUS_TEXT[o.status] },
];

export function StoreOrders({ store, page }: { store: StoreSummary; page: number }) {
  const rows = useQuery(storeOrdersQuery(store.company_id, page));
  return (
    <section className={styles.orders} aria-labelledby="store-orders-title">
      <h2 id="store-orders-title" className={styles.subTitle}>
        {store.company} 的订单
      </h2>
      <PagedTable
        rows={rows}
        caption={`${store.company}的订单`}
        columns={COLUMNS}
        rowKey={(o) => o.id}
        texts={{ loading: '正在加载订单…', failed: '订单加载失败', empty: '该门店暂无订单' }}
        page={page}
        hrefFor={(p) => storesHref({ store: store.company_id, page: p })}
      />
    </section>
  );
}
