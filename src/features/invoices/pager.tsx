// 上一页 / 第 N 页 / 下一页 for the /dzfp tables; the page lives in the URL.
import { SpaAnchor } from './spa-anchor';
import styles from './invoices.module.css';

export function Pager({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
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
      <span aria-current="page">
        第 {page} / {pages} 页
      </span>
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

export const pageCount = (total: number, pageSize: number): number => (pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1);
