// 我的发票: every request with its status; an issued invoice can be downloaded as PDF.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { invoicePdfHref, invoicesQuery } from '../../api/invoices';
import { formatPrice } from '../../domain/money';
import type { Invoice } from '../../domain/orders';
import { dzfpHref } from './dzfp-search';
import { formatDateTime } from '../../domain/time';
import { INVOICE_KIND_TEXT } from './invoice-rules';
import { Pager } from '../../ui/pager/pager';
import { pageCountOf } from '../../ui/pager/pager-pages';
import { SpaLink } from '../../ui/spa-link';
import styles from './invoices.module.css';

export const INVOICE_STATUS_TEXT: Record<Invoice['status'], string> = {
  requested: '开票中',
  issued: '已开具',
  rejected: '已驳回',
};
export const MY_INVOICES_EMPTY_TEXT = '您还没有申请过发票';

export function MyInvoices({ page }: { page: number }) {
  const query = useQuery({ ...invoicesQuery(page), placeholderData: keepPreviousData });
  if (query.isPending) {
    return (
      <p className={styles.state} role="status">
        正在加载发票…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.state} role="alert">
        <p>发票加载失败</p>
        <button type="button" className={styles.secondary} onClick={() => void query.refetch()}>
          重新加载
        </button>
      </div>
    );
  }
  const { list, total, page_size } = query.data;
  if (list.length === 0) return <p className={styles.state}>{MY_INVOICES_EMPTY_TEXT}</p>;
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-busy={query.isFetching || undefined}>
          <caption className={styles.srOnly}>我的发票</caption>
          <thead>
            <tr>
              <th scope="col">订单编号</th>
              <th scope="col">发票类型</th>
              <th scope="col">发票抬头</th>
              <th scope="col">金额</th>
              <th scope="col">状态</th>
              <th scope="col">发票号码</th>
              <th scope="col">申请时间</th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {list.map((inv) => (
              <tr key={inv.id}>
                <td>
                  <SpaLink href={`/order/info/${inv.order_id}`}>{inv.order_no}</SpaLink>
                </td>
                <td>{INVOICE_KIND_TEXT[inv.kind]}</td>
                <td>{inv.title}</td>
                <td>{formatPrice(inv.amount)}</td>
                <td>
                  <span className={styles.status} data-status={inv.status}>
                    {INVOICE_STATUS_TEXT[inv.status]}
                  </span>
                </td>
                <td className={styles.mono}>{inv.invoice_no ?? '—'}</td>
                <td>{formatDateTime(inv.created_at)}</td>
                <td>
                  {inv.status === 'issued' ? (
                    <a
                      className={styles.link}
                      href={invoicePdfHref(inv.id)}
                      download
                      aria-label={`下载PDF 发票${inv.invoice_no ?? inv.id}`}
                    >
                      下载PDF
                    </a>
                  ) : (
                    <span className={styles.muted}>—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} totalPages={pageCountOf(total, page_size)} hrefFor={(p) => dzfpHref({ tab: 'mine', page: p })} />
    </>
  );
}
