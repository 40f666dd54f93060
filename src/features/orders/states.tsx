// Loading, failure, empty and "not found" states shared by the order-centre pages.
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import styles from './orders.module.css';
import { buttonClass } from '../../ui/button';
import { StateBlock } from '../../ui/state-block';

const NOT_FOUND_STATUS = 404;

/** The server answers an unknown (or another company's) order with a 404 envelope. */
export function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { status?: unknown; code?: unknown };
  return e.status === NOT_FOUND_STATUS || e.code === NOT_FOUND_STATUS;
}

export function Loading({ text }: { text: string }) {
  return <StateBlock kind="loading" text={text} className={styles.stateGap} />;
}

export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <StateBlock
      kind="failed"
      text={text}
      className={styles.stateGap}
      action={
        <button type="button" className={buttonClass('outline', { size: 'sm' })} onClick={onRetry}>
          重新加载
        </button>
      }
    />
  );
}

export function Missing({
  title,
  text,
  back = { to: '/order', text: '返回我的订单' },
}: {
  title: string;
  text: string;
  back?: { to: string; text: string };
}) {
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
  return <StateBlock kind="empty" text={text} className={styles.stateGap} action={children} />;
}
