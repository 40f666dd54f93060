// /star 我的收藏 (SPEC §2 self-service, §7 favourite calls, §8 "favourite cancel: toast 已取消"):
// a paginated list (page in the URL) to buy from again, with single and batch removal.
// Offline (issue 5): each page read online is merged into the device's favourites set and
// catalogue snapshot; when the server cannot be reached the device's favourites are shown
// (offline-favorites.tsx, loaded lazily). The 离线商品目录 panel downloads the catalogue.
import { lazy, Suspense, useEffect, useState } from 'react';
import { keepPreviousData, onlineManager, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FAVORITE_CANCELLED_MESSAGE, favoritesQuery, useFavoriteCancel } from '../../api/favorites';
import { isServerUnreachable } from '../../api/reachability';
import type { GoodsListItem } from '../../domain/catalog';
import { rememberSeenGoods } from '../../local';
import { alert } from '../../ui/alert-dialog';
import { toast } from '../../ui/toast';
import { CatalogueDownload } from './catalogue-download';
import { FavoriteRow } from './favorite-row';
import { usePageHref, usePageParam } from './page-param';
import { Pager } from '../../ui/pager/pager';
import { pageCountOf } from '../../ui/pager/pager-pages';
import styles from './favorites.module.css';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { buttonClass } from '../../ui/button';

export const FAVORITES_EMPTY_TEXT = '您还没有收藏任何商品';

const OfflineFavorites = lazy(() => import('./offline-favorites'));

/** A page read online: its goods for offline search, and the server's set for the device's (complete when it is every favourite). */
function rememberFavoritesPage(list: readonly GoodsListItem[], complete: boolean): void {
  rememberSeenGoods(list);
  void import('../../local').then((m) => m.rememberFavoriteList(list, complete)).catch(() => undefined);
}

export function batchCancelConfirm(count: number): string {
  return `确定取消收藏选中的${count}件商品吗？`;
}

function Empty() {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyText}>{FAVORITES_EMPTY_TEXT}</p>
      <p className={styles.emptyHint}>浏览商品时点击“收藏”，常购品种可在这里一键加购。</p>
      <Link to="/list" className={buttonClass('primary', { size: 'row' })}>
        去逛逛
      </Link>
    </div>
  );
}

export default function FavoritesPage() {
  const [page, setPage] = usePageParam();
  const pageHref = usePageHref();
  const query = useQuery({ ...favoritesQuery(page), placeholderData: keepPreviousData });
  const cancel = useFavoriteCancel();
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());

  const list = query.data?.list ?? [];
  const total = query.data?.total ?? 0;
  const pageSize = query.data?.page_size ?? 0;
  const pages = pageCountOf(total, pageSize);

  // Removing the last favourites of a later page leaves it empty: show the page before it.
  const landedPastEnd = query.isSuccess && !query.isPlaceholderData && list.length === 0 && page > 1;
  useEffect(() => {
    if (landedPastEnd) setPage(Math.min(page - 1, pages));
  }, [landedPastEnd, page, pages, setPage]);

  const fresh = query.isSuccess && !query.isPlaceholderData ? query.data : undefined;
  useEffect(() => {
    if (fresh && onlineManager.isOnline())
      rememberFavoritesPage(fresh.list, page === 1 && fresh.list.length >= fresh.total);
  }, [fresh, page]);
  const unreachable = query.data === undefined && isServerUnreachable(query.error ?? query.failureReason);

  // Selection is per page: ids not on screen any more are dropped.
  const visibleSelected = list.filter((g) => selected.has(g.id)).map((g) => g.id);
  const allSelected = list.length > 0 && visibleSelected.length === list.length;

  const remove = (ids: readonly number[]) => {
    cancel.mutate(ids, {
      onSuccess: (result) => {
        toast.show(
          result.provisional
            ? { message: result.msg, tone: 'info' }
            : { message: FAVORITE_CANCELLED_MESSAGE, tone: 'success' },
        );
        setSelected((prev) => new Set([...prev].filter((id) => !ids.includes(id))));
      },
    });
  };
  const removeSelected = () => {
    const ids = visibleSelected;
    if (ids.length === 0) return;
    void alert.open({
      message: batchCancelConfirm(ids.length),
      actions: [{ label: '取消' }, { label: '确定', onClick: () => remove(ids) }],
    });
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(on ? new Set(list.map((g) => g.id)) : new Set());

  return (
    <PageFrame aria-labelledby="favorites-title">
      <PageHeader
        titleId="favorites-title"
        title="我的收藏"
        note={query.isSuccess && total > 0 && `共 ${total} 件商品`}
      />

      <CatalogueDownload />

      {unreachable ? (
        <Suspense fallback={<p className={styles.state}>正在读取本机收藏…</p>}>
          <OfflineFavorites />
        </Suspense>
      ) : query.isPending ? (
        <p className={styles.state} role="status">
          正在加载收藏…
        </p>
      ) : query.isError ? (
        <div className={styles.state}>
          <p>收藏加载失败</p>
          <button
            type="button"
            className={buttonClass('secondary', { size: 'row' })}
            onClick={() => void query.refetch()}
          >
            重新加载
          </button>
        </div>
      ) : total === 0 ? (
        <Empty />
      ) : (
        <>
          <div className={styles.toolbar}>
            <label className={styles.selectAll}>
              <input
                type="checkbox"
                checked={allSelected}
                ref={(el) => {
                  if (el) el.indeterminate = visibleSelected.length > 0 && !allSelected;
                }}
                onChange={(e) => toggleAll(e.target.checked)}
              />
              全选
            </label>
            <span className={styles.selectedCount} aria-live="polite">
              已选 {visibleSelected.length} 件
            </span>
            <button
              type="button"
              className={buttonClass('secondary', { size: 'row' })}
              onClick={removeSelected}
              disabled={visibleSelected.length === 0 || cancel.isPending}
            >
              批量取消收藏
            </button>
          </div>
          <ul className={styles.list} aria-busy={query.isFetching || undefined}>
            {list.map((item) => (
              <FavoriteRow
                key={item.id}
                item={item}
                selected={selected.has(item.id)}
                onSelect={(on) => toggle(item.id, on)}
                onCancel={() => remove([item.id])}
                cancelling={cancel.isPending && cancel.variables?.includes(item.id) === true}
              />
            ))}
          </ul>
          <Pager page={page} totalPages={pages} hrefFor={pageHref} />
        </>
      )}
    </PageFrame>
  );
}
