// 售后处理: the buyers' requests by status (待受理 first), each row with the steps its status,
// kind and this operator's role allow: 客服 accepts, confirms returned goods, closes an exchange or
// rejects with a reason; 财务 refunds to the balance or the original way.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { afterAfterSaleStep, afterSaleListQuery, parseAfterSaleSearch, stepAfterSale } from '../../api/after-sales.ts';
import { meQuery } from '../../api/session.ts';
import { ACTION_COLUMN, type ServerColumn } from '../../widgets/server-table.tsx';
import { statusTabs, WorkQueue } from '../../widgets/work-queue.tsx';
import { ReasonDialog } from '../../widgets/reason-dialog.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen, type OperatorRole } from '@domain/operator-roles.ts';
import { AFTER_SALE_STATUS_TEXT, type AfterSaleStatus } from '@domain/orders.ts';
import { AFTER_SALE_KIND_TEXT } from '@domain/orders-after-sale.ts';
import {
  afterSaleStepFrom,
  AFTER_SALE_STEP_TEXT,
  type AdminAfterSaleRow,
  type AfterSaleStep,
  type RefundRoute,
} from '@domain/admin-orders.ts';
import styles from '../../widgets/work-queue-page.module.css';

const FIXED_SORT = { id: 'created_at', desc: false };
const TABS: (AfterSaleStatus | undefined)[] = [
  'submitted',
  'approved',
  'returning',
  undefined,
  'refunded',
  'rejected',
  'closed',
];

/** The steps a role may take on a row now (the server checks again). */
export function stepsFor(role: OperatorRole, row: Pick<AdminAfterSaleRow, 'kind' | 'status'>): AfterSaleStep[] {
  const intake = mayOpen(role, 'afterSalesIntake');
  const refund = mayOpen(role, 'afterSalesRefund');
  return (['accept', 'receive', 'close', 'refund', 'reject'] as const).filter(
    (s) => afterSaleStepFrom(s, row.kind).includes(row.status) && (s === 'refund' ? refund : intake),
  );
}

export function AfterSalesPage() {
  const search = parseAfterSaleSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'afterSalesRead') : false;
  const list = useQuery({ ...afterSaleListQuery(search), enabled: allowed });
  const [rejecting, setRejecting] = useState<AdminAfterSaleRow | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  if (!allowed || !me) return <StateBlock kind="empty" title="无权访问" text="当前角色不能查看售后。" />;

  const run = async (row: AdminAfterSaleRow, step: AfterSaleStep, route?: RefundRoute) => {
    setBusy(true);
    setError('');
    try {
      await stepAfterSale(row.id, step, route ? { route } : {});
    } catch (err) {
      setError(err instanceof Error ? `售后单 ${row.id}：${err.message}` : '操作失败，请稍后重试');
    } finally {
      await afterAfterSaleStep(queryClient);
      setBusy(false);
    }
  };

  const columns: ServerColumn<AdminAfterSaleRow>[] = [
    { id: 'id', accessorKey: 'id', header: '售后单号', enableSorting: false, enableHiding: false },
    {
      id: 'order_no',
      accessorKey: 'order_no',
      header: '订单号',
      enableSorting: false,
      cell: (info) =>
        mayOpen(me.role, 'ordersRead') ? (
          <Link to="/orders/$orderId" params={{ orderId: String(info.row.original.order_id) }}>
            {info.row.original.order_no}
          </Link>
        ) : (
          info.row.original.order_no
        ),
    },
    { id: 'company', accessorKey: 'company_name', header: '企业', enableSorting: false },
    {
      id: 'kind',
      accessorKey: 'kind',
      header: '类型',
      enableSorting: false,
      cell: (info) => AFTER_SALE_KIND_TEXT[info.row.original.kind],
    },
    { id: 'reason', accessorKey: 'reason', header: '原因', enableSorting: false },
    {
      id: 'amount',
      accessorKey: 'amount',
      header: '退款金额',
      enableSorting: false,
      cell: (info) => formatPrice(info.row.original.amount),
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: '状态',
      enableSorting: false,
      cell: (info) => AFTER_SALE_STATUS_TEXT[info.row.original.status],
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
      cell: (info) => {
        const row = info.row.original;
        return (
          <div className={styles.actions}>
            {stepsFor(me.role, row).map((step) =>
              step === 'reject' ? (
                <button
                  key={step}
                  type="button"
                  className={buttonClass('outline', { size: 'sm' })}
                  onClick={() => setRejecting(row)}
                  disabled={busy}
                >
                  驳回
                </button>
              ) : step === 'refund' ? (
                <span key={step} className={styles.actions}>
                  <button
                    type="button"
                    className={buttonClass('primary', { size: 'sm' })}
                    onClick={() => void run(row, 'refund', 'balance')}
                    disabled={busy}
                  >
                    退回余额
                  </button>
                  <button
                    type="button"
                    className={buttonClass('outline', { size: 'sm' })}
                    onClick={() => void run(row, 'refund', 'original')}
                    disabled={busy}
                  >
                    原路退回
                  </button>
                </span>
              ) : (
                <button
                  key={step}
                  type="button"
                  className={buttonClass('primary', { size: 'sm' })}
                  onClick={() => void run(row, step)}
                  disabled={busy}
                >
                  {AFTER_SALE_STEP_TEXT[step]}
                </button>
              ),
            )}
          </div>
        );
      },
    },
  ];

  return (
    <WorkQueue
      title="售后处理"
      to="/after-sales"
      tabsLabel="售后状态"
      tabs={statusTabs(TABS, AFTER_SALE_STATUS_TEXT, search.status, (status) => ({ status, page: 1 }))}
      error={error}
      list={list}
      table={{
        name: '售后',
        columns,
        rowKey: (row) => String(row.id),
        sort: FIXED_SORT,
        empty: '没有符合条件的售后单',
      }}
      search={search}
    >
      {rejecting && (
        <ReasonDialog
          title={`驳回售后单 ${rejecting.id}`}
          onSubmit={(reason) => stepAfterSale(rejecting.id, 'reject', { reason })}
          after={() => afterAfterSaleStep(queryClient)}
          onClose={() => setRejecting(null)}
        />
      )}
    </WorkQueue>
  );
}
