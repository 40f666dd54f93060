// What the results area shows when it has no rows to show: a skeleton shaped like the view (so the
// rows replace it without moving the page), the empty state, the error state with a retry.
import type { ReactNode } from 'react';
import { isApiError } from '../../http/client';
import { GoodsTableSkeleton } from './goods-table';
import type { ListView } from '../../domain/list-search';
import { SpaLink } from '../../ui/spa-link';
import skeleton from '../../ui/skeleton.module.css';
import styles from './list-screen.module.css';

export function ListSkeleton({ view, rows }: { view: ListView; rows: number }) {
  if (view !== 'grid') return <GoodsTableSkeleton variant={view === 'table' ? 'table' : 'compact'} rows={rows} />;
  return (
    <ul className={`${styles.grid} ${skeleton.pulse}`} aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className={styles.tileBone}>
          <span className={styles.tileImage} />
          <span className={styles.line} />
          <span className={styles.lineShort} />
          <span className={styles.lineShort} />
          <span className={styles.line} />
          <span className={styles.lineButton} />
        </li>
      ))}
    </ul>
  );
}

export function StatePanel({
  title,
  children,
  tone = 'info',
}: {
  title: string;
  children?: ReactNode;
  tone?: 'info' | 'error';
}) {
  return (
    <div className={styles.state} role={tone === 'error' ? 'alert' : 'status'}>
      <p className={styles.stateTitle}>{title}</p>
      {children}
    </div>
  );
}

export function EmptyState({ clearHref, children }: { clearHref?: string; children?: ReactNode }) {
  return (
    <StatePanel title="没有找到符合条件的商品">
      {children ?? (
        <p className={styles.stateText}>换个分类看看，或在顶部搜索框按药品名称、拼音首字母、生产厂家查找。</p>
      )}
      {clearHref && (
        <p className={styles.stateActions}>
          <SpaLink href={clearHref} keepScroll className={styles.primaryLink}>
            清除筛选条件
          </SpaLink>
        </p>
      )}
    </StatePanel>
  );
}

export function PageOutOfRange({ firstHref, lastHref }: { firstHref: string; lastHref: string }) {
  return (
    <StatePanel title="该页没有商品">
      <p className={styles.stateText}>商品数量已变化，这一页已经没有商品了。</p>
      <p className={styles.stateActions}>
        <SpaLink href={lastHref} className={styles.primaryLink}>
          前往最后一页
        </SpaLink>
        <SpaLink href={firstHref} className={styles.secondaryLink}>
          回到第一页
        </SpaLink>
      </p>
    </StatePanel>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const detail = isApiError(error) && error.kind !== 'server' ? error.msg : '网络不稳定或服务繁忙，请稍后重试。';
  return (
    <StatePanel title="商品列表加载失败" tone="error">
      <p className={styles.stateText}>{detail}</p>
      <p className={styles.stateActions}>
        <button type="button" className={styles.primaryButton} onClick={onRetry}>
          重新加载
        </button>
      </p>
    </StatePanel>
  );
}
