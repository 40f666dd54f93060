// The columns every buyer-service queue shares (品种求购, 意见反馈): 编号 and 企业 first, the
// page's own columns, then 状态, 提交时间 and the row's button — 回复 while the buyer waits, 查看
// once answered — which opens the reply dialog.
import type { RowData } from '@tanstack/react-table';
import { ACTION_COLUMN, type ServerColumn } from './server-table.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatDateTime } from '@domain/time.ts';

interface ServiceRow {
  id: number;
  company_name: string;
  status: string;
  /** Seconds since the epoch. */
  created_at: number;
}

export interface ServiceColumnsOptions<Row extends RowData> {
  /** Between 企业 and 状态. */
  own: ServerColumn<Row>[];
  statusText: (row: Row) => string;
  waiting: (row: Row) => boolean;
  onOpen: (row: Row) => void;
}

export function serviceColumns<Row extends ServiceRow & RowData>({
  own,
  statusText,
  waiting,
  onOpen,
}: ServiceColumnsOptions<Row>): ServerColumn<Row>[] {
  return [
    { id: 'id', accessorKey: 'id', header: '编号', enableSorting: false, enableHiding: false },
    { id: 'company', accessorKey: 'company_name', header: '企业', enableSorting: false },
    ...own,
    {
      id: 'status',
      accessorKey: 'status',
      header: '状态',
      enableSorting: false,
      cell: (info) => statusText(info.row.original),
    },
    {
      id: 'created_at',
      accessorKey: 'created_at',
      header: '提交时间',
      enableSorting: false,
      cell: (info) => formatDateTime(info.row.original.created_at * 1000),
    },
    {
      ...ACTION_COLUMN,
      cell: (info) => (
        <button
          type="button"
          className={buttonClass(waiting(info.row.original) ? 'primary' : 'outline', { size: 'sm' })}
          onClick={() => onOpen(info.row.original)}
        >
          {waiting(info.row.original) ? '回复' : '查看'}
        </button>
      ),
    },
  ];
}
