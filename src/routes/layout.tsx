// The root layout: the shell (provided by the app, shell-slot.tsx) around the page (kept alive
// where the manifest says, kept-alive-outlet.tsx), plus the cart step banner on the cart steps.
// Also the router-wide pending and error views.
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useContext } from 'react';
import { StepBanner } from '../ui/step-banner';
import { useCurrentRouteDef } from './current-route';
import { KeptAliveOutlet } from './kept-alive-outlet';
import { ShellSlot } from './shell-slot';
import styles from './system-page.module.css';

export function RootLayout() {
  const def = useCurrentRouteDef();
  const Shell = useContext(ShellSlot);
  return (
    <Shell def={def}>
      {def.step ? <StepBanner current={def.step} /> : null}
      <KeptAliveOutlet />
    </Shell>
  );
}

/** Shown while a page chunk or its data takes longer than the router's pending delay. */
export function RoutePending() {
  return (
    <div className={styles.pending} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>正在加载…</span>
    </div>
  );
}

/** A page that threw while loading or rendering: say so in Chinese and offer a retry. */
export function RouteError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <section className={styles.page} role="alert">
      <h1 className={styles.title}>页面加载失败</h1>
      <p className={styles.text}>网络不稳定或页面已更新，请重试。</p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={retry}>
          重新加载
        </button>
        <Link to="/" className={styles.secondary}>
          返回首页
        </Link>
      </div>
    </section>
  );
}
