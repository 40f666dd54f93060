// /pzqg 品种求购 (the self-service default): the company's requests by status, paged, each linking
// to its detail with the operator's reply; "发布求购" opens the form.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { productRequestsQuery } from '../../api/product-requests';
import { formatPrice } from '../../domain/money';
import {
  PRODUCT_REQUEST_STATUS_TEXT,
  type ProductRequest,
  type ProductRequestStatus,
} from '../../domain/product-requests';
import { productRequestAddHref } from '../../domain/product-request-href';
import { formatDateTime } from '../../domain/time';
import { buttonClass } from '../../ui/button';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { PagedTable, type Column } from '../../ui/paged-table';
import { SpaLink } from '../../ui/spa-link';
import { TabBar } from '../../ui/tab-bar';
import { useRouteSearch } from '../../widgets/route-search';
import { requestDetailHref, requestListHref, requestListSearch } from './product-request-search';
import styles from './product-requests.module.css';

export const REQUESTS_EMPTY_TEXT = '暂无求购记录';

const TABS: { key: ProductRequestStatus | 'all'; text: string }[] = [
  { key: 'all', text: '全部' },
  { key: 'pending', text: PRODUCT_REQUEST_STATUS_TEXT.pending },
  { key: 'replied', text: PRODUCT_REQUEST_STATUS_TEXT.replied },
  { key: 'listed', text: PRODUCT_REQUEST_STATUS_TEXT.listed },
];

const COLUMNS: readonly Column<ProductRequest>[] = [
  {
    header: '商品名称',
    cell: (r) => (
      <SpaLink className={styles.link} href={requestDetailHref(r.id)}>
        {r.name}
      </SpaLink>
    ),
  },
  { header: '生产厂家', cell: (r) => r.sccj || '—' },
  { header: '规格', cell: (r) => r.ypgg || '—' },
  { header: '月需求量', cell: (r) => r.quantity },
  { header: '期望价格', cell: (r) => (r.expected_price === null ? '—' : formatPrice(r.expected_price)) },
  {
    header: '状态',
    cell: (r) => (
      <span className={styles.status} data-status={r.status}>
        {r.status_text}
      </span>
    ),
  },
  { header: '提交时间', cell: (r) => formatDateTime(r.created_at) },
  {
    header: '操作',
    cell: (r) => (
      <SpaLink className={styles.link} href={requestDetailHref(r.id)} aria-label={`查看求购 ${r.name}`}>
        查看
      </SpaLink>
    ),
  },
];

export default function ProductRequestsPage() {
  const search = useRouteSearch(requestListSearch);
  const query = useQuery({ ...productRequestsQuery(search.status, search.page), placeholderData: keepPreviousData });
  return (
    <PageFrame aria-labelledby="pzqg-title">
      <PageHeader
        titleId="pzqg-title"
        title="品种求购"
        note="没找到想要的品种？告诉我们，我们会尽快为您采购上架。"
        actions={
          <SpaLink href={productRequestAddHref()} className={buttonClass('primary', { size: 'sm' })}>
            发布求购
          </SpaLink>
        }
      />
      <TabBar
        label="求购状态"
        className={styles.tabs}
        tabs={TABS.map((t) => ({
          key: t.key,
          href: requestListHref({ status: t.key === 'all' ? undefined : t.key, page: 1 }),
          content: t.text,
          current: (search.status ?? 'all') === t.key,
        }))}
      />
      <PagedTable
        rows={query}
        caption="我的求购"
        columns={COLUMNS}
        rowKey={(r) => r.id}
        texts={{ loading: '正在加载求购记录…', failed: '求购记录加载失败', empty: REQUESTS_EMPTY_TEXT }}
        page={search.page}
        hrefFor={(page) => requestListHref({ ...search, page })}
      />
    </PageFrame>
  );
}
