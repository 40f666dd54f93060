// /hmdd 含麻药品回执单: the buyer details registered for each order with 含麻黄碱 medicines. ID
// numbers are shown masked: the page is for checking which order has a receipt, not for reading
// personal data back.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ephedrineReceiptsQuery } from '../../api/orders';
import { maskIdCard } from '../../domain/id-card';
import { formatDateTime } from '../../domain/time';
import { OrderCentreNav } from './order-centre-nav';
import { orderDetailHref } from './order-links';
import { pageHref, usePageFromUrl } from './order-search';
import { Pager } from '../../ui/pager/pager';
import { pageCountOf } from '../../ui/pager/pager-pages';
import { Empty, LoadFailed, Loading } from './states';
import { SpaLink } from '../../ui/spa-link';
import styles from './orders.module.css';
import { PageFrame } from '../../ui/page-frame';
import { DataTable } from '../../ui/data-table';
import { PageHeader } from '../../ui/page-header';

export const RECEIPTS_EMPTY_TEXT = '暂无含麻药品回执单';

export default function EphedrineReceiptsPage() {
  const page = usePageFromUrl();
  const query = useQuery({ ...ephedrineReceiptsQuery(page), placeholderData: keepPreviousData });
  const list = query.data?.list ?? [];
  const pages = pageCountOf(query.data?.total ?? 0, query.data?.page_size ?? 0);

  return (
    <PageFrame aria-labelledby="receipts-title">
      <OrderCentreNav current="hmdd" />
      <PageHeader
        titleId="receipts-title"
        title="含麻药品回执单"
        note={query.isSuccess && `共 ${query.data.total} 条`}
      />
      <p className={styles.notice}>
        根据含麻黄碱类复方制剂管理规定，购买此类药品须登记购买人身份信息，以下为已登记的回执。
      </p>
      {query.isPending ? (
        <Loading text="正在加载回执单…" />
      ) : query.isError ? (
        <LoadFailed text="回执单加载失败" onRetry={() => void query.refetch()} />
      ) : list.length === 0 ? (
        <Empty text={RECEIPTS_EMPTY_TEXT} />
      ) : (
        <>
          <DataTable
            caption="含麻药品回执单列表"
            columns={['订单编号', '含麻药品', '购买人', '身份证号', '联系电话', '登记时间']}
            busy={query.isFetching}
          >
            {list.map((r) => (
              <tr key={r.order_id}>
                <td>
                  <SpaLink href={orderDetailHref(r.order_id)}>{r.order_no}</SpaLink>
                </td>
                <td>{r.goods.map((g) => `${g.name} ×${g.number}`).join('、') || '—'}</td>
                <td>{r.buyer_name}</td>
                <td className={styles.mono}>{maskIdCard(r.id_card)}</td>
                <td className={styles.mono}>{r.phone}</td>
                <td>{formatDateTime(r.recorded_at || r.created_at, 'seconds')}</td>
              </tr>
            ))}
          </DataTable>
          <Pager page={page} totalPages={pages} hrefFor={(p) => pageHref('/hmdd', p)} />
        </>
      )}
    </PageFrame>
  );
}
