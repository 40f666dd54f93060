// One page of a server-paged list as a DataTable with the Pager below, and the states around it:
// loading, failed with a retry, empty. The /dzfp tabs (可开票订单, 我的发票) are built on it.
import type { Key, ReactNode } from 'react';
import type { Page } from '../domain/envelope';
import { buttonClass } from './button';
import { DataTable } from './data-table';
import { Pager } from './pager/pager';
import { pageCountOf } from './pager/pager-pages';
import { StateBlock } from './state-block';

/** What PagedTable needs of a list query (a TanStack Query result has all of it). */
export interface PagedRows<Row> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data: Page<Row> | undefined;
  refetch: () => unknown;
}

/** A column: its header and what its cell shows for a row. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** On the <td> (e.g. tabular figures). */
  className?: string;
}

export interface PagedTableProps<Row> {
  rows: PagedRows<Row>;
  caption: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => Key;
  texts: { loading: string; failed: string; empty: string };
  page: number;
  hrefFor: (page: number) => string;
}

export function PagedTable<Row>({ rows, caption, columns, rowKey, texts, page, hrefFor }: PagedTableProps<Row>) {
  if (rows.isPending) return <StateBlock kind="loading" text={texts.loading} />;
  if (rows.isError || !rows.data) {
    const retry = (
      <button type="button" className={buttonClass('secondary', { size: 'sm' })} onClick={() => void rows.refetch()}>
        重新加载
      </button>
    );
    return <StateBlock kind="failed" text={texts.failed} action={retry} />;
  }
  const { list, total, page_size } = rows.data;
  if (list.length === 0) return <StateBlock kind="empty" text={texts.empty} />;
  return (
    <>
      <DataTable caption={caption} columns={columns.map((c) => c.header)} busy={rows.isFetching}>
        {list.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.header} className={c.className}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
      <Pager page={page} totalPages={pageCountOf(total, page_size)} hrefFor={hrefFor} />
    </>
  );
}
