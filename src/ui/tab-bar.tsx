// A bar of tab links under a page's title bar: each tab is a link, so the tab lives in the URL;
// the current one carries aria-current="page".
import type { ReactNode } from 'react';
import { SpaLink } from './spa-link';
import styles from './tab-bar.module.css';

export interface TabLink {
  key: string;
  href: string;
  content: ReactNode;
  current: boolean;
}

export function TabBar({ label, tabs, className }: { label: string; tabs: readonly TabLink[]; className?: string }) {
  return (
    <nav className={className ? `${styles.bar} ${className}` : styles.bar} aria-label={label}>
      {tabs.map((t) => (
        <SpaLink key={t.key} href={t.href} className={styles.tab} aria-current={t.current ? 'page' : undefined}>
          {t.content}
        </SpaLink>
      ))}
    </nav>
  );
}
