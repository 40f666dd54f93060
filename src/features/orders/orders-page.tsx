// /order 我的订单 (SPEC §2 order centre): status tabs with counts, search by order number or goods
// name within a date range, pagination — all in the URL — and one card per order with the
// actions its `can` flags allow. Every list read online is kept on the device; when the server
// cannot be reached the kept orders are shown with 再次购买 into the offline cart.
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { orderKeys, ordersQuery } from '../../api/orders';
import { isServerUnreachable } from '../../api/reachability';
import { ORDER_TABS } from '../../domain/orders';
import { OrderCard } from './order-card';
import { OrderCentreNav } from './order-centre-nav';
import { OrderFilters, type OrderFilterValues } from './order-filters';
import { useRememberOrders } from './offline-orders';
import { orderSearchHref, useOrderSearch } from './order-search';
import { OrderTabs } from './order-tabs';
import { Pager } from '../../ui/pager/pager';
import { pageCountOf } from '../../ui/pager/pager-pages';
import { Empty, LoadFailed, Loading } from './states';
import { SpaLink } from '../../ui/spa-link';
import styles from './orders.module.css';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { buttonClass } from '../../ui/button';

export const ORDERS_EMPTY_TEXT = '暂无订单';
export const ORDERS_NO_MATCH_TEXT = '没有找到符合条件的订单';

const OfflineOrderList = lazy(() => import('./offline-order-list'));

export default function OrdersPage() {
  const search = useOrderSearch();
  const router = useRouter();
  const queryClient = useQueryClient();
  const query = useQuery({ ...ordersQuery({ ...search, kind: 'normal' }), placeholderData: keepPreviousData });

  const list = query.data?.list ?? [];
  const pages = pageCountOf(query.data?.total ?? 0, query.data?.page_size ?? 0);
  const filtered = search.keywords !== '' || search.start !== '' || search.end !== '';
  const tabText = ORDER_TABS.find((t) => t.key === search.tab)?.text ?? '';
  useRememberOrders(query.isSuccess && !query.isPlaceholderData ? query.data.list : undefined);
  // A failed attempt counts at once (failureReason): offline the retries would wait for the network.
  const unreachable = query.data === undefined && isServerUnreachable(query.error ?? query.failureReason);

  // Cancelling the last order of a later page leaves it empty: show the last page that has orders.
  const pastEnd = query.isSuccess && !query.isPlaceholderData && list.length === 0 && search.page > 1;
  useEffect(() => {
    if (pastEnd)
      void router.navigate({
        href: orderSearchHref('/order', { ...search, page: Math.min(search.page - 1, pages) }),
        replace: true,
      });
  }, [pastEnd, pages, router, search]);

  const onSearch = (values: OrderFilterValues) =>
    void router.navigate({ href: orderSearchHref('/order', { ...search, ...values, page: 1 }) });
  // An unpaid order past its deadline is cancelled by the server: fetch the list again to show it.
  const onPayExpired = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
    [queryClient],
  );

  return (
    <PageFrame aria-labelledby="orders-title">
      <OrderCentreNav current="order" />
      <PageHeader
        titleId="orders-title"
        title="我的订单"
        liveNote
        note={query.isSuccess && `${tabText} 共 ${query.data.total} 个订单`}
      />
      <OrderTabs search={search} counts={query.data?.counts} />
      <OrderFilters key={`${search.keywords}|${search.start}|${search.end}`} search={search} onSearch={onSearch} />

      {unreachable ? (
        <Suspense fallback={<Loading text="正在读取本机订单…" />}>
          <OfflineOrderList />
        </Suspense>
      ) : query.isPending ? (
        <Loading text="正在加载订单…" />
      ) : query.isError ? (
        <LoadFailed text="订单加载失败" onRetry={() => void query.refetch()} />
      ) : list.length === 0 ? (
        <Empty text={filtered ? ORDERS_NO_MATCH_TEXT : ORDERS_EMPTY_TEXT}>
          {!filtered && (
            <SpaLink href="/list" className={buttonClass('primary', { size: 'sm' })}>
              去采购
            </SpaLink>
          )}
        </Empty>
      ) : (
        <>
          <div className={styles.cards} aria-busy={query.isFetching || undefined}>
            {list.map((order) => (
              <OrderCard key={order.id} order={order} answeredAt={query.dataUpdatedAt} onPayExpired={onPayExpired} />
            ))}
          </div>
          <Pager
            page={search.page}
            totalPages={pages}
            hrefFor={(p) => orderSearchHref('/order', { ...search, page: p })}
          />
        </>
      )}
    </PageFrame>
  );
}
