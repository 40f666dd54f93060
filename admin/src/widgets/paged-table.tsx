// The list under most console pages: the loading or failed state in its place (failed offers
// 重试), else the server table and its pager. Sorting is the page's: a list the server orders
// itself passes its fixed sort and no `onSortChange`.
import type { ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { ServerTable, type ServerColumn, type ServerSort } from './server-table.tsx';
import { SimplePager } from './simple-pager.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import type { Paged } from '@domain/admin.ts';

export interface PagedTableProps<Row extends RowData> {
  /** The list query's state; `refetch` makes the failed state offer 重试. */
  list: {
    data: Paged<Row> | undefined;
    isError: boolean;
    error: Error | null;
    isFetching: boolean;
    refetch?: () => unknown;
  };
  name: string;
  columns: ServerColumn<Row>[];
  rowKey: (row: Row) => string;
  sort: ServerSort;
  onSortChange?: (sort: ServerSort) => void;
  empty: ReactNode;
  page: number;
  onPage: (page: number) => void;
}

const keepOrder = (): void => undefined;

export function PagedTable<Row extends RowData>({
  list,
  name,
  columns,
  rowKey,
  sort,
  onSortChange = keepOrder,
  empty,
  page,
  onPage,
}: PagedTableProps<Row>) {
  if (list.isError) {
    const retry = list.refetch;
    return (
      <StateBlock
        kind="failed"
        text={list.error?.message ?? '加载失败'}
        action={
          retry ? (
            <button type="button" className={buttonClass('primary')} onClick={() => void retry()}>
              重试
            </button>
          ) : undefined
        }
      />
    );
  }
  if (list.data === undefined) return <StateBlock kind="loading" text="正在加载…" />;
  return (
    <>
      <ServerTable
        name={name}
        columns={columns}
        rows={list.data.list}
        rowKey={rowKey}
        sort={sort}
        onSortChange={onSortChange}
        busy={list.isFetching}
        empty={empty}
      />
      <SimplePager page={page} size={list.data.size} total={list.data.total} onPage={onPage} />
    </>
  );
}
