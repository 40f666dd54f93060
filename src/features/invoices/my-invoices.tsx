// 我的发票: every request with its status; an issued invoice can be downloaded as PDF.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { invoicePdfHref, invoicesQuery } from '../../api/invoices';
import { formatPrice } from '../../domain/money';
import type { Invoice } from '../../domain/orders';
import { dzfpHref } from './dzfp-search';
import { formatDateTime } from './format';
import { INVOICE_KIND_TEXT } from './invoice-rules';
import { SpaLink } from '../../ui/spa-link';
import styles from './invoices.module.css';
import { PagedTable } from '../../ui/paged-table';

export const INVOICE_STATUS_TEXT: Record<Invoice['status'], string> = {
  requested: '开票中',
  issued: '已开具',
  rejected: '已驳回',
};
export const MY_INVOICES_EMPTY_TEXT = '您还没有申请过发票';

const COLUMNS = ['订单编号', '发票类型', '发票抬头', '金额', '状态', '发票号码', '申请时间', '操作'] as const;

export function MyInvoices({ page }: { page: number }) {
  const query = useQuery({ ...invoicesQuery(page), placeholderData: keepPreviousData });
  return (
    <PagedTable
      rows={query}
      caption="我的发票"
      columns={COLUMNS}
      rowKey={(inv) => inv.id}
      texts={{ loading: '正在加载发票…', failed: '发票加载失败', empty: MY_INVOICES_EMPTY_TEXT }}
      page={page}
      hrefFor={(p) => dzfpHref({ tab: 'mine', page: p })}
      cells={(inv) => (
        <>
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
              <a className={styles.link} href={invoicePdfHref(inv.id)} download aria-label={`下载PDF 发票${inv.invoice_no ?? inv.id}`}>
                下载PDF
              </a>
            ) : (
              <span className={styles.muted}>—</span>
            )}
          </td>
        </>
      )}
    />
  );
}
