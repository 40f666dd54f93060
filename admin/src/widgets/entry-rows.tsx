// A framed set of entry rows in a console form (goods lines, tiers): the legend, optional column
// titles, each row's inputs with 删除 (while more than `keep` rows remain) and the row's error,
// the set's own error, then the 添加… button. The caller lays a row out (`rowClassName`) and
// renders its inputs.
import type { ReactNode } from 'react';
import { buttonClass } from '@ui/button.ts';
import { AlertLine } from './alert-line.tsx';
import grid from './form-grid.module.css';
import styles from './entry-rows.module.css';

export interface EntryRowsProps<T> {
  legend: ReactNode;
  items: readonly T[];
  /** Titles over the rows (the inputs' placeholders vanish once typed in). */
  columns?: readonly string[];
  rowClassName: string;
  /** 删除 shows while there are more rows than this. */
  keep?: number;
  rowError: (index: number) => string | undefined;
  error?: string;
  /** Below the rows, above the 添加… button (e.g. a computed total). */
  footer?: ReactNode;
  addText: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  children: (item: T, index: number) => ReactNode;
}

export function EntryRows<T>({
  legend,
  items,
  columns,
  rowClassName,
  keep = 1,
  rowError,
  error,
  footer,
  addText,
  onAdd,
  onRemove,
  children,
}: EntryRowsProps<T>) {
  return (
    <fieldset className={grid.rows}>
      <legend>{legend}</legend>
      {columns && (
        <div className={rowClassName} aria-hidden="true">
          {columns.map((c) => (
            <span key={c} className={styles.columnHead}>
              {c}
            </span>
          ))}
        </div>
      )}
      {items.map((item, i) => (
        <div key={i} className={rowClassName}>
          {children(item, i)}
          {items.length > keep && (
            <button type="button" className={buttonClass('link')} onClick={() => onRemove(i)}>
              删除
            </button>
          )}
          <AlertLine message={rowError(i)} />
        </div>
      ))}
      <AlertLine message={error} />
      {footer}
      <button type="button" className={buttonClass('outline', { size: 'sm' })} onClick={onAdd}>
        {addText}
      </button>
    </fieldset>
  );
}
