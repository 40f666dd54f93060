// Page numbers (SPEC: pagination lives in the URL) with 上一页/下一页 and "到第 N 页", for every
// paged list (goods, brands, favourites, orders, invoices, news). Each number is a link, so a page
// can be opened in a new tab; after an in-app page change `onPaged` may move the focus to the new
// rows, so keyboard and screen-reader users land on them.
import { useId, useState, type FormEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { pagerItems } from './pager-pages';
import { SpaLink } from '../spa-link';
import styles from './pager.module.css';

export interface PagerProps {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  /** Called after an in-app page change (the list moves focus to its results). */
  onPaged?: () => void;
}

export function Pager({ page, totalPages, hrefFor, onPaged }: PagerProps) {
  const router = useRouter();
  const id = useId();
  const [jump, setJump] = useState('');
  if (totalPages <= 1) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(jump.trim());
    if (!Number.isInteger(n) || jump.trim() === '') return;
    const target = Math.min(totalPages, Math.max(1, n));
    setJump('');
    void router.navigate({ href: hrefFor(target), resetScroll: false }).then(() => onPaged?.());
  };

  return (
    <nav className={styles.pager} aria-label="分页">
      <ul className={styles.pages}>
        <li>
          {page > 1 ? (
            <SpaLink href={hrefFor(page - 1)} keepScroll onNavigated={onPaged} className={styles.step} rel="prev">
              <span aria-hidden="true">‹ </span>上一页
            </SpaLink>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
              <span aria-hidden="true">‹ </span>上一页
            </span>
          )}
        </li>
        {pagerItems(page, totalPages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap${i}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              {item === page ? (
                <span
                  className={`${styles.num} ${styles.current}`}
                  aria-current="page"
                  aria-label={`第 ${item} 页，当前页`}
                >
                  {item}
                </span>
              ) : (
                <SpaLink
                  href={hrefFor(item)}
                  keepScroll
                  onNavigated={onPaged}
                  className={styles.num}
                  aria-label={`第 ${item} 页`}
                >
                  {item}
                </SpaLink>
              )}
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <SpaLink href={hrefFor(page + 1)} keepScroll onNavigated={onPaged} className={styles.step} rel="next">
              下一页<span aria-hidden="true"> ›</span>
            </SpaLink>
          ) : (
            <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
              下一页<span aria-hidden="true"> ›</span>
            </span>
          )}
        </li>
      </ul>
      <form className={styles.jump} onSubmit={submit}>
        <span>共 {totalPages} 页，</span>
        <label htmlFor={`${id}-jump`}>到第</label>
        <input
          id={`${id}-jump`}
          className={styles.jumpInput}
          inputMode="numeric"
          value={jump}
          onChange={(e) => setJump(e.target.value.replace(/\D/g, ''))}
          aria-describedby={`${id}-of`}
        />
        <span id={`${id}-of`}>页</span>
        <button type="submit" className={styles.go}>
          确定
        </button>
      </form>
    </nav>
  );
}
