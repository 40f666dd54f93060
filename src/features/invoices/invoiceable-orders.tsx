// 可开票订单: completed orders; those the server still allows (`can.invoice`) get 申请开票, the
// rest say an invoice was already requested.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ordersQuery } from '../../api/orders';
import type { OrderSummary } from '../../domain/orders';
import { formatPrice } from '../../domain/money';
import { dzfpHref } from './dzfp-search';
import { formatDateTime } from '../../domain/time';
import { SpaLink } from '../../ui/spa-link';
import styles from './invoices.module.css';
import { buttonClass } from '../../ui/button';
import { PagedTable, type Column } from '../../ui/paged-table';

export const INVOICEABLE_EMPTY_TEXT = '暂无可开票的订单（订单完成后可申请开票）';

export function invoiceableQuery(page: number) {
  return ordersQuery({ tab: 'completed', keywords: '', start: '', end: '', kind: 'normal', page });
}

export function InvoiceableOrders({ page, onApply }: { page: number; onApply: (order: OrderSummary) => void }) {
  const query = useQuery({ ...invoiceableQuery(page), placeholderData: keepPreviousData });
  const columns: Column<OrderSummary>[] = [
    { header: '订单编号', cell: (o) => <SpaLink href={`/order/info/${o.id}`}>{o.order_no}</SpaLink> },
    { header: '下单时间', cell: (o) => formatDateTime(o.created_at) },
    { header: '订单金额', cell: (o) => formatPrice(o.pay_amount) },
    {
      header: '操作',
      cell: (o) =>
        o.can.invoice ? (
          <button
            type="button"
            className={buttonClass('primary', { size: 'sm' })}
            onClick={() => onApply(o)}
            aria-label={`申请开票 ${o.order_no}`}
          >
            申请开票
          </button>
        ) : (
          <span className={styles.muted}>已申请</span>
        ),
    },
  ];
  return (
    <PagedTable
      rows={query}
      caption="可开票订单"
      columns={columns}
      rowKey={(o) => o.id}
      texts={{ loading: '正在加载订单…', failed: '订单加载失败', empty: INVOICEABLE_EMPTY_TEXT }}
      page={page}
      hrefFor={(p) => dzfpHref({ tab: 'orders', page: p })}
    />
  );
}
