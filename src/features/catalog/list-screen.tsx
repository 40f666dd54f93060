// The shared listing screen behind /list, /search, every zone and the brand pages: heading and
// breadcrumb, filter bar, toolbar (sort, price, stock, count, views), the results in the chosen
// view, and the pager. The page around it decides the URL (which path, which params, where the
// page number lives) through `hrefFor`, and what is fixed (`preset`: the zone, the brand).
// Every list loaded online is remembered in the buyer's catalogue snapshot (src/local) for
// offline search; a page may offer its own results when the server cannot be reached.
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { commonDataQuery } from '../../api/common';
import { goodsListQuery } from '../../api/goods-list';
import { isServerUnreachable } from '../../api/reachability';
import { userBaseQuery } from '../../api/user';
import { rememberSeenGoods } from '../../local';
import type { GoodsListItem, GoodsZone } from '../../domain/catalog';
import type { CommonData } from '../../domain/contracts';
import { GoodsTile } from '../../widgets/goods/goods-tile';
import { categoryPath } from './category-path';
import { Breadcrumb, FilterBar } from './filter-bar';
import { GoodsTable } from './goods-table';
import { EmptyState, ErrorState, ListSkeleton, PageOutOfRange } from './list-states';
import { ListToolbar } from './list-toolbar';
import { Pager } from '../../ui/pager/pager';
import { totalPagesOf } from '../../ui/pager/pager-pages';
import {
  hasNarrowingFilters,
  toGoodsListQuery,
  withFilter,
  withoutPreset,
  type ListPreset,
  type ListSearch,
  type ListView,
} from '../../domain/list-search';
import styles from './list-screen.module.css';

export type CategoryTreeKey = 'category' | 'category_yx' | 'category_zy' | 'category_qx';

export interface ListScreenProps {
  search: ListSearch;
  preset?: ListPreset;
  view: ListView;
  /** Views the switcher offers (one entry hides it). */
  views: readonly ListView[];
  /** The URL of this list with `next` search in `view`. */
  hrefFor: (next: ListSearch, view: ListView) => string;
  /** The heading; defaults to the current category's name or 全部商品. */
  title?: ReactNode;
  /** h2 where the page has its own h1 (the brand page). */
  titleAs?: 'h1' | 'h2';
  /** Breadcrumb root text (defaults to 全部商品). */
  rootLabel?: string;
  /** Which category tree feeds the chips (zones have their own). */
  tree?: CategoryTreeKey;
  /** Search keywords to mark in the dense views. */
  highlight?: string;
  /** The page explains failures itself (see explainError); the global alert stays quiet. */
  silentErrors?: boolean;
  /** A failure the page explains in place of the whole screen (控销 403); null = the default. */
  explainError?: (error: unknown) => ReactNode | null;
  /** Replaces the default empty-state text (search: hot terms and tips). */
  emptyHelp?: ReactNode;
  /** Something between the heading and the filters (search summary…). */
  children?: ReactNode;
  /** Results from this device when the server cannot be reached (search: the catalogue snapshot). */
  offlineResults?: ReactNode;
}

/** Zone chips offered on the plain list; 控销 and 优选 depend on the company. */
function zonesFor(user: { is_special: 0 | 1; is_show_youx: 0 | 1 } | undefined): GoodsZone[] {
  const zones: GoodsZone[] = ['jxq'];
  if (user?.is_special === 1) zones.push('kx');
  zones.push('zy', 'qx');
  if (user?.is_show_youx === 1) zones.push('youx');
  return zones;
}

const EMPTY_TREE: CommonData['category'] = [];
/** The first tiles' images load eagerly: one is the page's largest paint (a phone shows one column). */
const EAGER_TILES = 2;

/** Tiles a new page of results draws in the commit that brings it; the rest follow (LaterTiles). */
const FIRST_TILES = 8;
const NO_GOODS: readonly GoodsListItem[] = [];

/**
 * The answer on screen: the query it answers (while the next one is pending, the previous answer
 * stays as placeholder), the keywords to mark in it (those it was found by: marking the next
 * search's in tiles about to be replaced re-rendered every one of them), and whether it is still
 * the query the screen was first drawn for (its server-drawn or first page, drawn whole).
 */
function useShownAnswer(key: string, highlight: string | undefined, placeholder: boolean) {
  const [shown, setShown] = useState({ key, highlight, first: key });
  // Adjusting state while rendering (React's pattern for state that follows an input).
  if (!placeholder && (shown.key !== key || shown.highlight !== highlight))
    setShown({ key, highlight, first: shown.first });
  return placeholder ? shown : { key, highlight, first: shown.first };
}

/**
 * The tiles past FIRST_TILES of a new page of results: none in the commit that brings the page,
 * then all in a background render React may split. At 4× CPU twenty tiles took ~150–200 ms to
 * mount in one task (session 16); the first rows now paint without waiting for the rest. Keyed by
 * the query, so the next page starts empty instead of showing the last page's tiles.
 */
function LaterTiles({ items, highlight }: { items: readonly GoodsListItem[]; highlight?: string }) {
  const drawn = useDeferredValue(items, NO_GOODS);
  return drawn.map((item) => (
    <li key={item.id}>
      <GoodsTile item={item} highlight={highlight} />
    </li>
  ));
}

export function ListScreen(props: ListScreenProps) {
  const { preset = {}, view, views, hrefFor, tree = 'category', highlight } = props;
  const search = withoutPreset(props.search, preset);
  const results = useRef<HTMLElement>(null);
  const resultsHeadingId = useId();
  const common = useQuery(commonDataQuery());
  const user = useQuery({
    ...userBaseQuery(),
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    retryOnMount: false,
  });
  const listQuery = toGoodsListQuery(search, preset);
  const query = useQuery(goodsListQuery(listQuery, { silentErrors: props.silentErrors }));

  const categories = common.data?.[tree] ?? EMPTY_TREE;
  const path = categoryPath(categories, search.category_id);
  const sameView = (next: ListSearch) => hrefFor(next, view);
  const data = query.data;
  const shown = useShownAnswer(JSON.stringify(listQuery), highlight, query.isPlaceholderData);
  const marked = shown.highlight;
  // A page the screen was not first drawn with comes in two commits (LaterTiles); the first one,
  // server-drawn and hydrated, stays whole.
  const split = shown.key !== shown.first;
  const list = data?.list ?? NO_GOODS;
  const firstTiles = useMemo(() => (split ? list.slice(0, FIRST_TILES) : list), [split, list]);
  const laterTiles = useMemo(() => (split ? list.slice(FIRST_TILES) : NO_GOODS), [split, list]);
  const totalPages = data ? totalPagesOf(data.total, search.page_size) : 0;

  // Fire and forget: the snapshot is written after paint and never holds up the list.
  const fresh = data !== undefined && !query.isPlaceholderData;
  useEffect(() => {
    if (fresh && data && onlineManager.isOnline()) rememberSeenGoods(data.list, search.category_id);
  }, [fresh, data, search.category_id]);
  // A failed attempt counts at once (failureReason): offline the retries would wait for the network.
  const unreachable = data === undefined && isServerUnreachable(query.error ?? query.failureReason);
  // The filter rows come from the category tree, the user (zone chips) and the result's facets.
  // Until the first answer of each is in, one skeleton stands for filters, toolbar and results, so
  // the screen appears in one piece instead of growing row by row above the results (layout shift).
  const answered = (q: { isPending: boolean; failureCount: number }) => !q.isPending || q.failureCount > 0;
  const settling = !unreachable && !query.isError && !(data !== undefined && answered(common) && answered(user));

  if (query.isError && !data) {
    const explained = props.explainError?.(query.error);
    if (explained) return <>{explained}</>;
  }

  const focusResults = () => {
    const el = results.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    el.scrollIntoView?.({ block: 'start' });
  };

  let body: ReactNode;
  if (unreachable && props.offlineResults !== undefined) {
    body = props.offlineResults;
  } else if (data === undefined) {
    body = query.isError ? (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <ListSkeleton view={view} rows={Math.min(search.page_size, 20)} />
    );
  } else if (data.list.length === 0) {
    if (data.total > 0 && search.page > 1) {
      body = (
        <PageOutOfRange
          firstHref={sameView({ ...search, page: 1 })}
          lastHref={sameView({ ...search, page: Math.max(1, totalPages) })}
        />
      );
    } else {
      const clearHref = hasNarrowingFilters(search)
        ? sameView(
            withFilter(search, {
              manufacturer_id: undefined,
              brand_id: undefined,
              tags: [],
              zone: undefined,
              yx: false,
              price_min: undefined,
              price_max: undefined,
              in_stock: false,
            }),
          )
        : undefined;
      body = <EmptyState clearHref={clearHref}>{props.emptyHelp}</EmptyState>;
    }
  } else if (view === 'grid') {
    body = (
      <ul className={styles.grid}>
        {firstTiles.map((item, i) => (
          <li key={item.id}>
            <GoodsTile item={item} highlight={marked} eager={i < EAGER_TILES} />
          </li>
        ))}
        {split && <LaterTiles key={shown.key} items={laterTiles} highlight={marked} />}
      </ul>
    );
  } else {
    body = <GoodsTable items={data.list} variant={view === 'table' ? 'table' : 'compact'} highlight={marked} />;
  }

  // Keeps the outline in order: page h1 (or h2), then this h2, then each tile's h3.
  const resultsHeading = (
    <h2 id={resultsHeadingId} className={styles.visuallyHidden}>
      商品列表
    </h2>
  );
  const title = props.title ?? path.at(-1)?.name ?? '全部商品';
  const Heading = props.titleAs ?? 'h1';
  return (
    <div className={styles.screen}>
      <div className={styles.head}>
        <Heading className={styles.title}>{title}</Heading>
        <Breadcrumb search={search} tree={categories} hrefFor={sameView} rootLabel={props.rootLabel ?? '全部商品'} />
      </div>
      {props.children}
      {/* The skeleton is its own element, replaced (not moved down) when the filters arrive. */}
      {settling ? (
        <section className={styles.results} aria-busy="true" aria-labelledby={resultsHeadingId}>
          {resultsHeading}
          <ListSkeleton view={view} rows={Math.min(search.page_size, 20)} />
        </section>
      ) : (
        <>
          <FilterBar
            search={search}
            preset={preset}
            tree={categories}
            facets={data?.facets}
            zones={zonesFor(user.data)}
            hrefFor={sameView}
            total={data?.total}
          />
          <ListToolbar
            search={search}
            view={view}
            views={views}
            hrefFor={hrefFor}
            total={data?.total}
            totalPages={totalPages}
          />
          <section
            ref={results}
            className={styles.results}
            data-stale={query.isPlaceholderData || undefined}
            aria-busy={query.isFetching || undefined}
            aria-labelledby={resultsHeadingId}
            tabIndex={-1}
          >
            {resultsHeading}
            {body}
          </section>
        </>
      )}
      {data && !settling && (
        <Pager
          page={search.page}
          totalPages={totalPages}
          hrefFor={(page) => sameView({ ...search, page })}
          onPaged={focusResults}
        />
      )}
    </div>
  );
}
