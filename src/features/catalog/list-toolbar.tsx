// The bar above the results: sort (综合/销量/价格/最新), price range in yuan, 仅看有货, result
// count, page size, the view tabs (大图/列表/无图) and a mini pager for flicking through pages
// without scrolling down. Sorts and views are links; the inputs navigate on submit or change.
import { useId, useState, type FormEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import { listTotalText, type GoodsSort } from '../../domain/catalog';
import {
  MAX_PRICE_YUAN,
  PAGE_SIZE_OPTIONS,
  withFilter,
  type ListSearch,
  type ListView,
} from '../../domain/list-search';
import { SpaLink } from '../../ui/spa-link';
import styles from './list-screen.module.css';

export const VIEW_LABELS: Record<ListView, string> = { grid: '大图', table: '列表', no_image: '无图' };

const SORT_LINKS: readonly { sort: GoodsSort; label: string }[] = [
  { sort: 'default', label: '综合' },
  { sort: 'sales', label: '销量' },
];

export interface ListToolbarProps {
  search: ListSearch;
  view: ListView;
  views: readonly ListView[];
  hrefFor: (next: ListSearch, view: ListView) => string;
  /** Undefined while the first answer is on its way. */
  total: number | undefined;
  totalPages: number;
}

function useGo() {
  const router = useRouter();
  return (href: string) => void router.navigate({ href, resetScroll: false });
}

/** Typed yuan → a number the URL accepts, or undefined for empty/invalid input. */
function yuanInput(text: string): number | undefined {
  const t = text.trim();
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return undefined;
  const n = Number(t);
  return n <= MAX_PRICE_YUAN ? n : undefined;
}

function PriceRange({ search, onApply }: { search: ListSearch; onApply: (min?: number, max?: number) => void }) {
  const id = useId();
  const [min, setMin] = useState(search.price_min?.toString() ?? '');
  const [max, setMax] = useState(search.price_max?.toString() ?? '');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lo = yuanInput(min);
    const hi = yuanInput(max);
    if ((min.trim() !== '' && lo === undefined) || (max.trim() !== '' && hi === undefined)) {
      setError('请输入有效金额，最多两位小数');
      return;
    }
    setError('');
    onApply(lo, hi);
  };
  return (
    <form className={styles.price} onSubmit={submit} aria-label="价格区间" noValidate>
      <label className={styles.visuallyHidden} htmlFor={`${id}-min`}>
        最低价（元）
      </label>
      <input
        id={`${id}-min`}
        className={styles.priceInput}
        inputMode="decimal"
        placeholder="¥最低"
        value={min}
        onChange={(e) => setMin(e.target.value)}
      />
      <span aria-hidden="true">-</span>
      <label className={styles.visuallyHidden} htmlFor={`${id}-max`}>
        最高价（元）
      </label>
      <input
        id={`${id}-max`}
        className={styles.priceInput}
        inputMode="decimal"
        placeholder="¥最高"
        value={max}
        onChange={(e) => setMax(e.target.value)}
      />
      <button type="submit" className={styles.smallButton}>
        确定
      </button>
      {error && (
        <span className={styles.inlineError} role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

export function ListToolbar({ search, view, views, hrefFor, total, totalPages }: ListToolbarProps) {
  const go = useGo();
  const id = useId();
  const to = (patch: Partial<ListSearch>) => hrefFor(withFilter(search, patch), view);
  const priceSort = search.sort === 'price_asc' ? 'price_desc' : 'price_asc';
  const priceActive = search.sort === 'price_asc' || search.sort === 'price_desc';
  const pageHref = (page: number) => hrefFor({ ...search, page }, view);
  return (
    <div className={styles.toolbar}>
      <nav className={styles.sorts} aria-label="排序">
        {SORT_LINKS.map((s) => (
          <SpaLink
            key={s.sort}
            href={to({ sort: s.sort })}
            keepScroll
            className={styles.sort}
            aria-current={search.sort === s.sort ? 'true' : undefined}
          >
            {s.label}
          </SpaLink>
        ))}
        <SpaLink
          href={to({ sort: priceSort })}
          keepScroll
          className={styles.sort}
          aria-current={priceActive ? 'true' : undefined}
          aria-label={search.sort === 'price_asc' ? '价格从低到高，点击改为从高到低' : '价格排序，点击从低到高'}
        >
          价格
          <span aria-hidden="true" className={styles.arrow}>
            {search.sort === 'price_desc' ? '↓' : '↑'}
          </span>
        </SpaLink>
        <SpaLink
          href={to({ sort: 'newest' })}
          keepScroll
          className={styles.sort}
          aria-current={search.sort === 'newest' ? 'true' : undefined}
        >
          最新
        </SpaLink>
      </nav>

      <PriceRange
        key={`${search.price_min ?? ''}-${search.price_max ?? ''}`}
        search={search}
        onApply={(price_min, price_max) => go(to({ price_min, price_max }))}
      />

      <label className={styles.check}>
        <input type="checkbox" checked={search.in_stock} onChange={(e) => go(to({ in_stock: e.target.checked }))} />
        仅看有货
      </label>

      <div className={styles.toolbarEnd}>
        <span className={styles.total} aria-live="polite">
          {total === undefined ? (
            <span className={styles.totalPlaceholder}>正在查询…</span>
          ) : (
            <>
              共 <b>{listTotalText(total)}</b> 件商品
            </>
          )}
        </span>
        <label className={styles.pageSize} htmlFor={`${id}-size`}>
          每页
          <select
            id={`${id}-size`}
            value={search.page_size}
            onChange={(e) => go(to({ page_size: Number(e.target.value) }))}
          >
            {[...new Set([...PAGE_SIZE_OPTIONS, search.page_size])]
              .sort((a, b) => a - b)
              .map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
          </select>
          条
        </label>
        {views.length > 1 && (
          <nav className={styles.views} aria-label="显示方式">
            {views.map((v) => (
              <SpaLink
                key={v}
                href={hrefFor(search, v)}
                keepScroll
                className={styles.view}
                aria-current={v === view ? 'page' : undefined}
              >
                {VIEW_LABELS[v]}
              </SpaLink>
            ))}
          </nav>
        )}
        {totalPages > 1 && (
          <nav className={styles.mini} aria-label="快速翻页">
            {search.page > 1 ? (
              <SpaLink href={pageHref(search.page - 1)} className={styles.miniStep} aria-label="上一页">
                ‹
              </SpaLink>
            ) : (
              <span className={styles.miniStep} aria-hidden="true">
                ‹
              </span>
            )}
            <span>
              <b>{search.page}</b>/{totalPages}
            </span>
            {search.page < totalPages ? (
              <SpaLink href={pageHref(search.page + 1)} className={styles.miniStep} aria-label="下一页">
                ›
              </SpaLink>
            ) : (
              <span className={styles.miniStep} aria-hidden="true">
                ›
              </span>
            )}
          </nav>
        )}
      </div>
    </div>
  );
}
