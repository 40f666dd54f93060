// The help centre's left menu: the category tree under id 3 (SPEC §9), a heading per group and a
// link per leaf; help leaves go to /help/<group>/<leaf>, the news leaves to /news/<leaf>. The leaf
// on screen is marked (aria-current); /help marks the first leaf, a news article its list.
import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { articleCategoriesQuery } from '../../api/articles';
import { categoryCodeForPath, firstLeaf, leafHref } from '../../domain/articles';
import styles from './help-layout.module.css';

export function HelpMenu() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const tree = useQuery(articleCategoriesQuery());
  const groups = tree.data ?? [];
  const current = categoryCodeForPath(pathname) ?? firstLeaf(groups)?.leaf.code ?? null;

  return (
    <nav className={styles.menu} aria-label="帮助中心">
      <h2 className={styles.menuTitle}>
        <Link to="/help">帮助中心</Link>
      </h2>
      {tree.isPending ? (
        <div className={styles.menuSkeleton} role="status" aria-label="菜单加载中">
          <span />
          <span />
          <span />
          <span />
        </div>
      ) : (
        groups.map((group) => (
          <section key={group.id} className={styles.group} aria-labelledby={`help-group-${group.id}`}>
            <h3 id={`help-group-${group.id}`} className={styles.groupTitle}>
              {group.name}
            </h3>
            <ul className={styles.leaves}>
              {group.children.map((leaf) => {
                const active = leaf.code === current;
                return (
                  <li key={leaf.id}>
                    <Link
                      to={leafHref(group.code, leaf.code)}
                      className={active ? `${styles.leaf} ${styles.active}` : styles.leaf}
                      aria-current={active ? 'page' : undefined}
                      activeOptions={{ exact: true, includeSearch: false }}
                    >
                      {leaf.name}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
    </nav>
  );
}
