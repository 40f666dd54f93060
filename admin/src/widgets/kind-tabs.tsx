// Tabs that switch what one page shows (活动类型 on 促销活动, 内容类型 on 站点内容). Each tab is a link,
// so the kind lives in the URL; the current one carries aria-current="page".
import { Link } from '@tanstack/react-router';
import styles from './kind-tabs.module.css';

export interface KindTabsProps<K extends string> {
  /** Accessible name of the tab bar. */
  label: string;
  /** The page's path. */
  to: string;
  kinds: readonly K[];
  current: K;
  labelOf: (kind: K) => string;
  /** The URL search a tab opens. */
  searchOf: (kind: K) => Record<string, unknown>;
}

export function KindTabs<K extends string>({ label, to, kinds, current, labelOf, searchOf }: KindTabsProps<K>) {
  return (
    <nav aria-label={label} className={styles.tabs}>
      {kinds.map((k) => (
        <Link
          key={k}
          to={to}
          search={searchOf(k)}
          className={k === current ? styles.activeTab : styles.tab}
          aria-current={k === current ? 'page' : undefined}
        >
          {labelOf(k)}
        </Link>
      ))}
    </nav>
  );
}
