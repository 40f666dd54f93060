// 待确认转账: orders paid by 对公转账 whose money finance has not confirmed yet, oldest first
// (they expire first). 确认收款 asks for the amount on the statement and its reference.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { parseTransferSearch, transferListQuery } from '../../api/transfers.ts';
import { meQuery } from '../../api/session.ts';
import { PagedTable } from '../../widgets/paged-table.tsx';
import { ACTION_COLUMN, type ServerColumn } from '../../widgets/server-table.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import type { TransferRow } from '@domain/admin.ts';
import { ConfirmTransferDialog } from './confirm-transfer-dialog.tsx';
import { ConsolePage } from '../../widgets/console-page.tsx';

const FIXED_SORT = { id: 'created_at', desc: false };

export function TransfersPage() {
  const { page } = parseTransferSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'transfers') : false;
  const list = useQuery({ ...transferListQuery(page), enabled: allowed });
  const [confirming, setConfirming] = useState<TransferRow | null>(null);

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="只有财务和管理员可以确认转账。" />;

  const columns: ServerColumn<TransferRow>[] = [
    { id: 'order_no', accessorKey: 'order_no', header: '订单号', enableSorting: false, enableHiding: false },
    { id: 'company', accessorKey: 'company_name', header: '企业', enableSorting: false },
    {
      id: 'amount',
      accessorKey: 'amount',
      header: '应收金额',
      enableSorting: false,
      cell: (info) => formatPrice(info.row.original.amount),
    },
    {
      id: 'created_at',
      accessorKey: 'created_at',
      header: '下单时间',
      enableSorting: false,
      cell: (info) => formatDateTime(info.row.original.created_at),
    },
    {
      id: 'expires_at',
      accessorKey: 'expires_at',
      header: '到期时间',
      enableSorting: false,
      cell: (info) => formatDateTime(info.row.original.expires_at),
    },
    {
      ...ACTION_COLUMN,
      cell: (info) => (
        <button
          type="button"
          className={buttonClass('primary', { size: 'sm' })}
          onClick={() => setConfirming(info.row.original)}
        >
          确认收款
        </button>
      ),
    },
  ];

  return (
    <ConsolePage
      title="待确认转账"
      titleId="transfers-title"
      hint="核对银行流水后确认：金额须与应收金额一致，同一笔流水只能确认一个订单。"
    >
      <PagedTable
        list={list}
        name="待确认转账"
        columns={columns}
        rowKey={(row) => String(row.order_id)}
        sort={FIXED_SORT}
        empty="没有待确认的转账"
        page={page}
        onPage={(next) => void navigate({ to: '/transfers', search: { page: next } })}
      />
      {confirming && <ConfirmTransferDialog transfer={confirming} onClose={() => setConfirming(null)} />}
    </ConsolePage>
  );
}
