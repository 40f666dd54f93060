// The title bar of the member pages (orders, invoices, favourites, addresses, help and news): the
// page's h1 (its id labels the page's section), an optional note such as a count, and actions on
// the right.
import type { ReactNode } from 'react';
import styles from './page-header.module.css';

export interface PageHeaderProps {
  titleId: string;
  title: ReactNode;
  /** A count or a hint beside the title; nothing when null, undefined or false. */
  note?: ReactNode;
  /** Announce changes of the note (a count that follows filters). */
  liveNote?: boolean;
  /** Buttons or links on the right. */
  actions?: ReactNode;
  className?: string;
}

export function PageHeader({ titleId, title, note, liveNote = false, actions, className }: PageHeaderProps) {
  return (
    <header className={className ? `${styles.header} ${className}` : styles.header}>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      {note !== undefined && note !== null && note !== false && (
        <span className={styles.note} aria-live={liveNote ? 'polite' : undefined}>
          {note}
        </span>
      )}
      {actions !== undefined && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
