// Page links of a news list: real links (?page=n) so reload, back and shared links keep the page.
import { Link } from '@tanstack/react-router';
import styles from './news-list-page.module.css';

const WINDOW = 2;

/** Page numbers to show, null for a gap: [1, null, 4, 5, 6, null, 20]. */
export function pagerItems(current: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  const from = Math.max(1, current - WINDOW);
  const to = Math.min(pages, current + WINDOW);
  if (from > 1) out.push(1);
  if (from > 2) out.push(null);
  for (let p = from; p <= to; p++) out.push(p);
  if (to < pages - 1) out.push(null);
  if (to < pages) out.push(pages);
  return out;
}

const searchFor = (page: number) => (page > 1 ? { page } : {});

export function NewsPager({ pathname, page, pages }: { pathname: string; page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="分页">
      {page > 1 ? (
        <Link to={pathname} search={searchFor(page - 1)}>
          上一页
        </Link>
      ) : (
        <span className={styles.disabled}>上一页</span>
      )}
      {pagerItems(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className={styles.gap} aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={pathname}
            search={searchFor(p)}
            aria-label={`第${p}页`}
            aria-current={p === page ? 'page' : undefined}
            className={p === page ? styles.current : undefined}
            activeOptions={{ includeSearch: true, exact: true }}
          >
            {p}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link to={pathname} search={searchFor(page + 1)}>
          下一页
        </Link>
      ) : (
        <span className={styles.disabled}>下一页</span>
      )}
    </nav>
  );
}
