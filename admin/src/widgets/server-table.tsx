// The console's table (every list copies it): @tanstack/react-table v9 renders the headers and
// cells, the server sorts, filters and pages (manualSorting: a header click only changes the
// URL's sort, the query refetches), and the operator picks the columns shown (kept per table in
// localStorage, so a chosen view survives a reload).
import { useState, type ReactNode } from 'react';
import {
  columnVisibilityFeature,
  FlexRender,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import tableFrame from '@ui/table-frame.module.css';
import styles from './server-table.module.css';

export const serverTableFeatures = tableFeatures({ rowSortingFeature, columnVisibilityFeature });
export type ServerColumn<Row extends RowData> = ColumnDef<typeof serverTableFeatures, Row>;

/** The row's buttons (操作): last, never sorted, never hidden by the column picker. Spread it
 * into a column and add the `cell`. */
export const ACTION_COLUMN = { id: 'action', header: '操作', enableSorting: false, enableHiding: false } as const;

export interface ServerSort {
  id: string;
  desc: boolean;
}

export interface ServerTableProps<Row extends RowData> {
  /** Names the table for screen readers and keys the stored column choice. */
  name: string;
  columns: ServerColumn<Row>[];
  rows: Row[];
  sort: ServerSort;
  onSortChange: (sort: ServerSort) => void;
  rowKey: (row: Row) => string;
  busy?: boolean;
  empty: ReactNode;
}

const apply = <T,>(updater: Updater<T>, old: T): T =>
  typeof updater === 'function' ? (updater as (o: T) => T)(old) : updater;

function storedVisibility(name: string): ColumnVisibilityState {
  try {
    const raw = localStorage.getItem(`console.columns.${name}`);
    return raw ? (JSON.parse(raw) as ColumnVisibilityState) : {};
  } catch {
    return {};
  }
}

export function ServerTable<Row extends RowData>({
  name,
  columns,
  rows,
  sort,
  onSortChange,
  rowKey,
  busy = false,
  empty,
}: ServerTableProps<Row>) {
  const [visibility, setVisibility] = useState<ColumnVisibilityState>(() => storedVisibility(name));
  const sorting: SortingState = [sort];
  const table = useTable({
    features: serverTableFeatures,
    columns,
    data: rows,
    getRowId: (row) => rowKey(row),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting, columnVisibility: visibility },
    onSortingChange: (updater) => {
      const next = apply(updater, sorting)[0];
      if (next) onSortChange({ id: next.id, desc: next.desc });
    },
    onColumnVisibilityChange: (updater) => {
      const next = apply(updater, visibility);
      setVisibility(next);
      try {
        localStorage.setItem(`console.columns.${name}`, JSON.stringify(next));
      } catch {
        // A private window may refuse storage; the choice then lasts for this page only.
      }
    },
  });

  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide());
  return (
    <div className={styles.frame}>
      <details className={styles.columns}>
        <summary>显示列</summary>
        <div className={styles.columnList}>
          {hideable.map((column) => (
            <label key={column.id}>
              <input type="checkbox" checked={column.getIsVisible()} onChange={column.getToggleVisibilityHandler()} />
              {typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id}
            </label>
          ))}
        </div>
      </details>
      <div className={tableFrame.wrap}>
        <table className={`${tableFrame.table} ${styles.table}`} aria-label={name} aria-busy={busy || undefined}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = <FlexRender header={header} />;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" className={styles.sort} onClick={header.column.getToggleSortingHandler()}>
                          {label}
                          <span aria-hidden="true" className={styles.arrow}>
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>
                    <FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && <div className={styles.empty}>{empty}</div>}
      </div>
    </div>
  );
}
