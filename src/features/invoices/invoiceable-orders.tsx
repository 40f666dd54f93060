// 可开票订单: completed orders; those the server still allows (`can.invoice`) get 申请开票, the
// rest say an invoice was already requested.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ordersQuery } from '../../api/orders';
import type { OrderSummary } from '../../domain/orders';
import { formatPrice } from '../../domain/money';
import { dzfpHref } from './dzfp-search';
import { formatDateTime } from '../../domain/time';
import { Pager } from '../../ui/pager/pager';
import { pageCountOf } from '../../ui/pager/pager-pages';
import { SpaLink } from '../../ui/spa-link';
import styles from './invoices.module.css';

export const INVOICEABLE_EMPTY_TEXT = '暂无可开票的订单（订单完成后可申请开票）';

export function invoiceableQuery(page: number) {
  return ordersQuery({ tab: 'completed', keywords: '', start: '', end: '', kind: 'normal', page });
}

export function InvoiceableOrders({ page, onApply }: { page: number; onApply: (order: OrderSummary) => void }) {
  const query = useQuery({ ...invoiceableQuery(page), placeholderData: keepPreviousData });
  if (query.isPending) {
    return (
      <p className={styles.state} role="status">
        正在加载订单…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.state} role="alert">
        <p>订单加载失败</p>
        <button type="button" className={styles.secondary} onClick={() => void query.refetch()}>
          重新加载
        </button>
      </div>
    );
  }
  const { list, total, page_size } = query.data;
  if (list.length === 0) return <p className={styles.state}>{INVOICEABLE_EMPTY_TEXT}</p>;
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-busy={query.isFetching || undefined}>
          <caption className={styles.srOnly}>可开票订单</caption>
          <thead>
            <tr>
              <th scope="col">订单编号</th>
              <th scope="col">下单时间</th>
              <th scope="col">订单金额</th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {list.map((o) => (
              <tr key={o.id}>
                <td>
                  <SpaLink href={`/order/info/${o.id}`}>{o.order_no}</SpaLink>
                </td>
                <td>{formatDateTime(o.created_at)}</td>
                <td>{formatPrice(o.pay_amount)}</td>
                <td>
                  {o.can.invoice ? (
                    <button type="button" className={styles.primary} onClick={() => onApply(o)} aria-label={`申请开票 ${o.order_no}`}>
                      申请开票
                    </button>
                  ) : (
                    <span className={styles.muted}>已申请</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} totalPages={pageCountOf(total, page_size)} hrefFor={(p) => dzfpHref({ tab: 'orders', page: p })} />
    </>
  );
}
