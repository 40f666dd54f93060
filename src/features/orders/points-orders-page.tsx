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
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { buttonClass } from '../../ui/button';

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
    <PageFrame aria-labelledby="points-orders-title">
      <OrderCentreNav current="jfdd" />
      <PageHeader
        titleId="points-orders-title"
        title="积分订单"
        note={query.isSuccess && `共 ${query.data.total} 个订单`}
      />
      {query.isPending ? (
        <Loading text="正在加载积分订单…" />
      ) : query.isError ? (
        <LoadFailed text="积分订单加载失败" onRetry={() => void query.refetch()} />
      ) : list.length === 0 ? (
        <Empty text={POINTS_EMPTY_TEXT}>
          <SpaLink href="/jfsc" className={buttonClass('primary', { size: 'sm' })}>
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
    </PageFrame>
  );
}
