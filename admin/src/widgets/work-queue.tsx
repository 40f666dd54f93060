// The body every console work queue shares (orders, after-sales, invoices): a title, status tabs
// that are links (the URL holds the view), an optional filter form, the last action's error line,
// then the server table with its pager — or the loading / failed state in its place. Pages keep
// their own columns, actions and dialogs (passed as children, shown below the table).
import type { ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import type { ServerColumn, ServerSort } from './server-table.tsx';
import { PagedTable } from './paged-table.tsx';
import type { Paged } from '@domain/admin.ts';
import styles from './work-queue-page.module.css';

export interface WorkQueueTab {
  key: string;
  label: string;
  /** The URL search this tab opens. */
  search: Record<string, unknown>;
  active: boolean;
}

export interface WorkQueueProps<Row extends RowData> {
  /** Heading text; `titleId` labels the section for screen readers. */
  title: string;
  titleId: string;
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
  table: { name: string; columns: ServerColumn<Row>[]; rowKey: (row: Row) => string; sort: ServerSort; empty: ReactNode };
  page: number;
  onPage: (page: number) => void;
  children?: ReactNode;
}

export function WorkQueue<Row extends RowData>({ title, titleId, to, tabsLabel, tabs, filters, error, list, onRetry, table, page, onPage, children }: WorkQueueProps<Row>) {
  return (
    <section aria-labelledby={titleId} className={styles.page}>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      <nav aria-label={tabsLabel} className={styles.tabs}>
        {tabs.map((t) => (
          <Link key={t.key} to={to} search={t.search} className={`${styles.tab} ${t.active ? styles.tabActive : ''}`}>
            {t.label}
          </Link>
        ))}
      </nav>
      {filters}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <PagedTable
        list={{ ...list, refetch: onRetry }}
        name={table.name}
        columns={table.columns}
        rowKey={table.rowKey}
        sort={table.sort}
        empty={table.empty}
        page={page}
        onPage={onPage}
      />
      {children}
    </section>
  );
}
