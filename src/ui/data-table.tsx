// A data table in the shop's frame: column headers, the caller's rows, and a caption for screen
// readers only (the page's title already says what the table is).
import type { ReactNode } from 'react';
import frame from './table-frame.module.css';
import styles from './data-table.module.css';

export interface DataTableProps {
  /** Read out as the table's name, not shown; leave out when a heading labels the table. */
  caption?: string;
  columns: readonly string[];
  /** The <tr>s of the body. */
  children: ReactNode;
  /** A refetch is under way (the rows may change). */
  busy?: boolean;
}

export function DataTable({ caption, columns, children, busy = false }: DataTableProps) {
  return (
    <div className={frame.wrap}>
      <table className={`${frame.table} ${styles.table}`} aria-busy={busy || undefined}>
        {caption !== undefined && <caption className={styles.caption}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
