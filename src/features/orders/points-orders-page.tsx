// /jfdd 积分订单: orders placed in the points mall, read-only (no pay, cancel or buy again here;
// their detail page shows everything).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ordersQuery } from '../../api/orders';
import { OrderCard } from './order-card';
import { OrderCentreNav } from './order-centre-nav';
import { pageHref, usePageFromUrl } from './order-search';
import { Pager } from '../../ui/pager/pager';
import { pageCountOf } from '../../ui/pager/pager-pages';
import { Empty, LoadFailed, Loading } from './states';
import { SpaLink } from '../../ui/spa-link';
import styles from './orders.module.css';

export const POINTS_EMPTY_TEXT = '暂无积分订单';

export default function PointsOrdersPage() {
  const page = usePageFromUrl();
  const query = useQuery({
    ...ordersQuery({ tab: 'all', keywords: '', start: '', end: '', kind: 'points', page }),
    placeholderData: keepPreviousData,
  });
  const list = query.data?.list ?? [];
  const pages = pageCountOf(query.data?.total ?? 0, query.data?.page_size ?? 0);

  return (
    <section className={styles.page} aria-labelledby="points-orders-title">
      <OrderCentreNav current="jfdd" />
      <header className={styles.header}>
        <h1 id="points-orders-title" className={styles.title}>
          积分订单
        </h1>
        {query.isSuccess && <span className={styles.muted}>共 {query.data.total} 个订单</span>}
      </header>
      {query.isPending ? (
        <Loading text="正在加载积分订单…" />
      ) : query.isError ? (
        <LoadFailed text="积分订单加载失败" onRetry={() => void query.refetch()} />
      ) : list.length === 0 ? (
        <Empty text={POINTS_EMPTY_TEXT}>
          <SpaLink href="/jfsc" className={styles.primary}>
            去积分商城
          </SpaLink>
        </Empty>
      ) : (
        <>
          <div className={styles.cards} aria-busy={query.isFetching || undefined}>
            {list.map((order) => (
              <OrderCard key={order.id} order={order} answeredAt={query.dataUpdatedAt} readOnly />
            ))}
          </div>
          <Pager page={page} totalPages={pages} hrefFor={(p) => pageHref('/jfdd', p)} />
        </>
      )}
    </section>
  );
}
