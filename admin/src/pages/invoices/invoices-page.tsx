// 发票处理: the buyers' invoice requests (待开具 first): 开具 gives the number and the PDF the buyer
// downloads; 驳回 asks for the reason the buyer reads. Issued ones link to their PDF.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import {
  afterInvoiceDecided,
  invoiceListQuery,
  issueInvoice,
  parseInvoiceSearch,
  rejectInvoice,
} from '../../api/invoices.ts';
import { meQuery } from '../../api/session.ts';
import { ACTION_COLUMN, type ServerColumn } from '../../widgets/server-table.tsx';
import { statusTabs, WorkQueue } from '../../widgets/work-queue.tsx';
import { ReasonDialog } from '../../widgets/reason-dialog.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import type { Invoice } from '@domain/orders.ts';
import type { AdminInvoiceRow } from '@domain/admin-orders.ts';
import styles from '../../widgets/work-queue-page.module.css';

const FIXED_SORT = { id: 'created_at', desc: true };
const STATUS_TEXT: Record<Invoice['status'], string> = { requested: '待开具', issued: '已开具', rejected: '已驳回' };
const KIND_TEXT: Record<Invoice['kind'], string> = { normal: '普通发票', special: '增值税专用发票' };
const TABS: (Invoice['status'] | undefined)[] = ['requested', 'issued', 'rejected', undefined];

export function InvoicesPage() {
  const search = parseInvoiceSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'invoices') : false;
  const list = useQuery({ ...invoiceListQuery(search), enabled: allowed });
  const [rejecting, setRejecting] = useState<AdminInvoiceRow | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="只有财务和管理员可以处理发票。" />;

  const issue = async (row: AdminInvoiceRow) => {
    setBusy(true);
    setError('');
    try {
      await issueInvoice(row.id);
    } catch (err) {
      setError(err instanceof Error ? `发票 ${row.id}：${err.message}` : '开具失败，请稍后重试');
    } finally {
      await afterInvoiceDecided(queryClient);
      setBusy(false);
    }
  };

  const columns: ServerColumn<AdminInvoiceRow>[] = [
    { id: 'order_no', accessorKey: 'order_no', header: '订单号', enableSorting: false, enableHiding: false },
    { id: 'company', accessorKey: 'company_name', header: '企业', enableSorting: false },
    {
      id: 'kind',
      accessorKey: 'kind',
      header: '类型',
      enableSorting: false,
      cell: (info) => KIND_TEXT[info.row.original.kind],
    },
    { id: 'title', accessorKey: 'title', header: '抬头', enableSorting: false },
    { id: 'tax_no', accessorKey: 'tax_no', header: '税号', enableSorting: false },
    {
      id: 'amount',
      accessorKey: 'amount',
      header: '金额',
      enableSorting: false,
      cell: (info) => formatPrice(info.row.original.amount),
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: '状态',
      enableSorting: false,
      cell: (info) => {
        const r = info.row.original;
        return r.status === 'rejected'
          ? `${STATUS_TEXT[r.status]}：${r.reject_reason}`
          : r.status === 'issued'
            ? `${STATUS_TEXT[r.status]} ${r.invoice_no ?? ''}`
            : STATUS_TEXT[r.status];
      },
    },
    {
      id: 'created_at',
      accessorKey: 'created_at',
      header: '申请时间',
      enableSorting: false,
      cell: (info) => formatDateTime(info.row.original.created_at),
    },
    {
      ...ACTION_COLUMN,
      cell: (info) =>
        info.row.original.status === 'requested' ? (
          <div className={styles.actions}>
            <button
              type="button"
              className={buttonClass('primary', { size: 'sm' })}
              onClick={() => void issue(info.row.original)}
              disabled={busy}
            >
              开具
            </button>
            <button
              type="button"
              className={buttonClass('outline', { size: 'sm' })}
              onClick={() => setRejecting(info.row.original)}
              disabled={busy}
            >
              驳回
            </button>
          </div>
        ) : null,
    },
  ];

  return (
    <WorkQueue
      title="发票处理"
      to="/invoices"
      tabsLabel="发票状态"
      tabs={statusTabs(TABS, STATUS_TEXT, search.status, (status) => ({ status, page: 1 }))}
      error={error}
      list={list}
      table={{
        name: '发票',
        columns,
        rowKey: (row) => String(row.id),
        sort: FIXED_SORT,
        empty: '没有符合条件的发票申请',
      }}
      search={search}
    >
      {rejecting && (
        <ReasonDialog
          title={`驳回发票申请（订单 ${rejecting.order_no}）`}
          onSubmit={(reason) => rejectInvoice(rejecting.id, reason)}
          after={() => afterInvoiceDecided(queryClient)}
          onClose={() => setRejecting(null)}
        />
      )}
    </WorkQueue>
  );
}
