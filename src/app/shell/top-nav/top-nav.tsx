// The top navigation row (SPEC §2 `nav` flag): the first TOP_NAV_MAX_ENTRIES items of
// CommonData.nav; `is_open` items open in a new tab; an item without a url is an activity that
// has not started (SPEC §8 "link with no target").
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { commonDataQuery } from '../../../api/common';
import { TOP_NAV_MAX_ENTRIES } from '../../../domain/constants';
import { toast } from '../../../ui/toast';
import { ShellLink } from '../shell-link';
import styles from './top-nav.module.css';

export const NOT_STARTED_MESSAGE = '活动尚未开始，敬请期待';

export function TopNav() {
  const common = useQuery(commonDataQuery());
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const items = (common.data?.nav ?? []).slice(0, TOP_NAV_MAX_ENTRIES);
  return (
    <nav className={styles.nav} aria-label="主导航">
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id}>
            {item.url ? (
              <ShellLink
                href={item.url}
                className={styles.link}
                target={item.is_open === 1 ? '_blank' : undefined}
                rel={item.is_open === 1 ? 'noopener noreferrer' : undefined}
                aria-current={item.url === pathname ? 'page' : undefined}
              >
                {item.name}
              </ShellLink>
            ) : (
              <button
                type="button"
                className={styles.link}
                onClick={() => toast.show({ message: NOT_STARTED_MESSAGE, tone: 'info' })}
              >
                {item.name}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
