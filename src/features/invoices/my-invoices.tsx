// 我的发票: every request with its status; an issued invoice can be downloaded as PDF.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { invoicePdfHref, invoicesQuery } from '../../api/invoices';
import { formatPrice } from '../../domain/money';
import type { Invoice } from '../../domain/orders';
import { dzfpHref } from './dzfp-search';
import { formatDateTime } from '../../domain/time';
import { INVOICE_KIND_TEXT } from './invoice-rules';
import { SpaLink } from '../../ui/spa-link';
import styles from './invoices.module.css';
import { PagedTable, type Column } from '../../ui/paged-table';

export const INVOICE_STATUS_TEXT: Record<Invoice['status'], string> = {
  requested: '开票中',
  issued: '已开具',
  rejected: '已驳回',
};
export const MY_INVOICES_EMPTY_TEXT = '您还没有申请过发票';

const COLUMNS: readonly Column<Invoice>[] = [
  { header: '订单编号', cell: (inv) => <SpaLink href={`/order/info/${inv.order_id}`}>{inv.order_no}</SpaLink> },
  { header: '发票类型', cell: (inv) => INVOICE_KIND_TEXT[inv.kind] },
  { header: '发票抬头', cell: (inv) => inv.title },
  { header: '金额', cell: (inv) => formatPrice(inv.amount) },
  {
    header: '状态',
    cell: (inv) => (
      <span className={styles.status} data-status={inv.status}>
        {INVOICE_STATUS_TEXT[inv.status]}
      </span>
    ),
  },
  { header: '发票号码', cell: (inv) => inv.invoice_no ?? '—', className: styles.mono },
  { header: '申请时间', cell: (inv) => formatDateTime(inv.created_at) },
  { header: '操作', cell: downloadCell },
];

function downloadCell(inv: Invoice) {
  if (inv.status !== 'issued') return <span className={styles.muted}>—</span>;
  return (
    <a
      className={styles.link}
      href={invoicePdfHref(inv.id)}
      download
      aria-label={`下载PDF 发票${inv.invoice_no ?? inv.id}`}
    >
      下载PDF
    </a>
  );
}

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
    />
  );
}
