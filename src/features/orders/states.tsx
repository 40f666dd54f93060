// Loading, failure and "not found" states shared by the order-centre pages.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import styles from './orders.module.css';
import { buttonClass } from '../../ui/button';

const NOT_FOUND_STATUS = 404;

/** The server answers an unknown (or another company's) order with a 404 envelope. */
export function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { status?: unknown; code?: unknown };
  return e.status === NOT_FOUND_STATUS || e.code === NOT_FOUND_STATUS;
}

export function Loading({ text }: { text: string }) {
  return (
    <p className={styles.state} role="status" aria-live="polite">
      {text}
    </p>
  );
}

export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className={styles.state} role="alert">
      <p>{text}</p>
      <button type="button" className={buttonClass('outline', { size: 'sm' })} onClick={onRetry}>
        重新加载
      </button>
    </div>
  );
}

export function Missing({ title, text, back = { to: '/order', text: '返回我的订单' } }: { title: string; text: string; back?: { to: string; text: string } }) {
  return (
    <section className={styles.missing} aria-labelledby="missing-title">
      <h1 id="missing-title" className={styles.missingTitle}>
        {title}
      </h1>
      <p className={styles.missingText}>{text}</p>
      <Link to={back.to} className={buttonClass('primary', { size: 'sm' })}>
        {back.text}
      </Link>
    </section>
  );
}

export function Empty({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p>{text}</p>
      {children}
    </div>
  );
}
