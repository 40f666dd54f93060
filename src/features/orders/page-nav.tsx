// Page links for the order-centre lists: previous, a window around the current page with the
// first and last always reachable, next. The page lives in the URL.
import { SpaAnchor } from './spa-anchor';
import styles from './orders.module.css';

const WINDOW = 2;

/** Page numbers to show, null for a gap: [1, null, 4, 5, 6, null, 20]. */
export function pageWindow(current: number, pages: number): (number | null)[] {
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

export function pageCount(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
}

export function PageNav({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="分页">
      {page > 1 ? (
        <SpaAnchor href={hrefFor(page - 1)} rel="prev">
          上一页
        </SpaAnchor>
      ) : (
        <span aria-disabled="true">上一页</span>
      )}
      {pageWindow(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} aria-hidden="true">
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page" aria-label={`第${p}页`} className={styles.pagerCurrent}>
            {p}
          </span>
        ) : (
          <SpaAnchor key={p} href={hrefFor(p)} aria-label={`第${p}页`}>
            {p}
          </SpaAnchor>
        ),
      )}
      {page < pages ? (
        <SpaAnchor href={hrefFor(page + 1)} rel="next">
          下一页
        </SpaAnchor>
      ) : (
        <span aria-disabled="true">下一页</span>
      )}
    </nav>
  );
}
