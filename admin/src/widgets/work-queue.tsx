// The body every console work queue shares (orders, after-sales, invoices): a title, status tabs
// that are links (the URL holds the view), an optional filter form, the last action's error line,
// then the server table with its pager — or the loading / failed state in its place. Pages keep
// their own columns, actions and dialogs (passed as children, shown below the table).
import type { ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ServerColumn, ServerSort } from './server-table.tsx';
import { PagedTable } from './paged-table.tsx';
import { ConsolePage } from './console-page.tsx';
import type { Paged } from '@domain/admin.ts';
import { AlertLine } from './alert-line.tsx';
import styles from './work-queue-page.module.css';

export interface WorkQueueTab {
  key: string;
  label: string;
  /** The URL search this tab opens. */
  search: Record<string, unknown>;
  active: boolean;
}

/** One tab a status, `undefined` being 全部; each opens `searchOf(status)`. */
export function statusTabs<S extends string>(
  statuses: readonly (S | undefined)[],
  text: Record<S, string>,
  current: S | undefined,
  searchOf: (status: S | undefined) => Record<string, unknown>,
): WorkQueueTab[] {
  return statuses.map((s) => ({
    key: s ?? 'all',
    label: s ? text[s] : '全部',
    search: searchOf(s),
    active: current === s,
  }));
}

export interface WorkQueueProps<Row extends RowData> {
  /** Heading text; it labels the section for screen readers (its id is the path's name + `-title`). */
  title: string;
  /** The page's path, which the tabs link to. */
  to: string;
  tabsLabel: string;
  tabs: WorkQueueTab[];
  filters?: ReactNode;
  error?: string;
  /** The list query's state. */
  list: { data: Paged<Row> | undefined; isError: boolean; error: Error | null; isFetching: boolean };
  /** When given, the failed state offers 重试. */
  onRetry?: () => void;
  table: {
    name: string;
    columns: ServerColumn<Row>[];
    rowKey: (row: Row) => string;
    sort: ServerSort;
    empty: ReactNode;
  };
  /** The page's URL search; the pager opens it at another page. */
  search: { page: number };
  children?: ReactNode;
}

export function WorkQueue<Row extends RowData>({
  title,
  to,
  tabsLabel,
  tabs,
  filters,
  error,
  list,
  onRetry,
  table,
  search,
  children,
}: WorkQueueProps<Row>) {
  const navigate = useNavigate();
  return (
    <ConsolePage title={title} titleId={`${to.replace(/^\//, '')}-title`}>
      <nav aria-label={tabsLabel} className={styles.tabs}>
        {tabs.map((t) => (
          <Link key={t.key} to={to} search={t.search} className={`${styles.tab} ${t.active ? styles.tabActive : ''}`}>
            {t.label}
          </Link>
        ))}
      </nav>
      {filters}
      <AlertLine message={error} />
      <PagedTable
        list={{ ...list, refetch: onRetry }}
        name={table.name}
        columns={table.columns}
        rowKey={table.rowKey}
        sort={table.sort}
        empty={table.empty}
        page={search.page}
        onPage={(page) => void navigate({ to, search: { ...search, page } })}
      />
      {children}
    </ConsolePage>
  );
}
