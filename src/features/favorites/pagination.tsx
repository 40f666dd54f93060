// Page links for a paginated list: previous, a window of page numbers around the current one with
// the first and last always reachable, next.
import styles from './favorites.module.css';

const WINDOW = 2;

/** Page numbers to show, with null for a gap: [1, null, 4, 5, 6, null, 20]. */
export function pageItems(current: number, pages: number): (number | null)[] {
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

export function Pagination({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label="分页">
      <button type="button" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        上一页
      </button>
      {pageItems(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className={styles.gap} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            aria-current={p === page ? 'page' : undefined}
            aria-label={`第${p}页`}
            onClick={() => p !== page && onChange(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        下一页
      </button>
    </nav>
  );
}
