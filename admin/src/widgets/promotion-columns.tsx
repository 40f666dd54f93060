// The first columns of every promotion list in the console (flash/group, rule promotions, 换购):
// 编号, 活动名称, 状态 (where it stands now) and 活动时间. Lists add their own columns after them.
import type { RowData } from '@tanstack/react-table';
import { formatDateTime } from '@domain/time.ts';
import { consolePromotionState } from '@domain/admin-promotions.ts';
import type { ServerColumn } from './server-table.tsx';

interface PromotionHead {
  id: number;
  name: string;
  starts_at: number;
  ends_at: number;
  is_active: boolean;
}

/** `time` replaces the 活动时间 column (每日特价 shows its one day instead). */
export function promotionHeadColumns<Row extends PromotionHead & RowData>(
  nowSec: number,
  time: ServerColumn<Row> = {
    id: 'time',
    header: '活动时间',
    enableSorting: false,
    cell: (info) => `${formatDateTime(info.row.original.starts_at)} 至 ${formatDateTime(info.row.original.ends_at)}`,
  },
): ServerColumn<Row>[] {
  return [
    { id: 'id', accessorKey: 'id', header: '编号', enableSorting: false },
    { id: 'name', accessorKey: 'name', header: '活动名称', enableSorting: false, enableHiding: false },
    {
      id: 'state',
      header: '状态',
      enableSorting: false,
      cell: (info) => consolePromotionState(info.row.original, nowSec),
    },
    time,
  ];
}
