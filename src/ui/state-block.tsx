// What a page shows in place of its content while it loads, when there is nothing, when loading
// failed (with a retry) or when it is offline with nothing cached. The role follows the kind:
// loading is a polite status, a failure an alert, offline a note.
import type { AriaRole, ReactNode } from 'react';
import { buttonClass } from './button';
import styles from './state-block.module.css';

export type StateKind = 'loading' | 'empty' | 'failed' | 'offline';

const ROLE: Record<StateKind, AriaRole | undefined> = {
  loading: 'status',
  empty: undefined,
  failed: 'alert',
  offline: 'note',
};

export interface StateBlockProps {
  kind: StateKind;
  text: ReactNode;
  /** A bold line above the text (e.g. 文章不存在). */
  title?: ReactNode;
  /** Above everything, e.g. a skeleton while loading. */
  visual?: ReactNode;
  /** A retry button or a way on, below the text. */
  action?: ReactNode;
  /** Sits right under a title bar (help, news, favourites). */
  attached?: boolean;
  className?: string;
}

export function StateBlock({ kind, text, title, visual, action, attached = false, className }: StateBlockProps) {
  const classes = [styles.block, attached ? styles.attached : undefined, className].filter(Boolean).join(' ');
  return (
    <div className={classes} role={ROLE[kind]} aria-live={kind === 'loading' ? 'polite' : undefined} data-state={kind}>
      {visual}
      {title !== undefined && <p className={styles.title}>{title}</p>}
      <p>{text}</p>
      {action}
    </div>
  );
}

/** A query's states in place of its content: loading, then (if it failed) the failure with 重新加载. Nothing once it has data. */
export interface QueryStatesProps {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  loading: ReactNode;
  failed: ReactNode;
  /** The 重新加载 button's look. */
  retry?: 'secondary' | 'outline';
  /** The retry button's text (a few lists say 重试). */
  retryText?: string;
}

export function QueryStates({ query, loading, failed, retry = 'secondary', retryText = '重新加载' }: QueryStatesProps) {
  if (query.isPending) return <StateBlock kind="loading" text={loading} />;
  if (!query.isError) return null;
  return (
    <StateBlock
      kind="failed"
      text={failed}
      action={
        <button type="button" className={buttonClass(retry, { size: 'sm' })} onClick={() => void query.refetch()}>
          {retryText}
        </button>
      }
    />
  );
}
