// Previous / next paging for the console's server-paged lists: the page lives in the URL, so the
// caller passes what changing it means.
import { buttonClass } from '@ui/button.ts';
import styles from './simple-pager.module.css';

export interface SimplePagerProps {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}

export function SimplePager({ page, size, total, onPage }: SimplePagerProps) {
  const pages = Math.max(1, Math.ceil(total / size));
  return (
    <nav className={styles.pager} aria-label="分页">
      <span>
        共 {total} 条，第 {Math.min(page, pages)} / {pages} 页
      </span>
      <button
        type="button"
        className={buttonClass('outline', { size: 'sm' })}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        上一页
      </button>
      <button
        type="button"
        className={buttonClass('outline', { size: 'sm' })}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        下一页
      </button>
    </nav>
  );
}
