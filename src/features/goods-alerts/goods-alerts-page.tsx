// /alerts 到货/降价提醒: every alert the company set, with the goods' price and stock today and
// whether we already sent the message; the buyer deletes the ones not wanted any more.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { goodsAlertsQuery, useDeleteGoodsAlert } from '../../api/goods-alerts';
import { GOODS_ALERTS_MAX, type GoodsAlert } from '../../domain/goods-alerts';
import { formatPrice } from '../../domain/money';
import { formatDateTime } from '../../domain/time';
import { buttonClass } from '../../ui/button';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { PagedTable, type Column } from '../../ui/paged-table';
import { SpaLink } from '../../ui/spa-link';
import { goodsDetailHref } from '../../widgets/goods/goods-tile';
import { useRouteSearch } from '../../widgets/route-search';
import { goodsAlertsHref, goodsAlertsSearch } from './goods-alerts-search';
import styles from './goods-alerts.module.css';

export const ALERTS_EMPTY_TEXT = '暂无提醒。在商品页点击“到货通知”或“降价提醒”即可订阅。';

function DeleteButton({ alert }: { alert: GoodsAlert }) {
  const del = useDeleteGoodsAlert();
  return (
    <button
      type="button"
      className={buttonClass('link')}
      disabled={del.isPending}
      aria-label={`删除提醒 ${alert.goods.name}`}
      onClick={() => del.mutate(alert.id)}
    >
      删除
    </button>
  );
}

const COLUMNS: readonly Column<GoodsAlert>[] = [
  {
    header: '商品',
    cell: (a) => (
      <>
        <SpaLink className={styles.link} href={goodsDetailHref(a.goods.id)}>
          {a.goods.name}
        </SpaLink>
        <div className={styles.muted}>
          {a.goods.sccj} {a.goods.ypgg}
        </div>
      </>
    ),
  },
  { header: '提醒类型', cell: (a) => a.kind_text },
  { header: '提醒价格', cell: (a) => (a.target_price === null ? '—' : formatPrice(a.target_price)) },
  { header: '当前价格', cell: (a) => (a.goods.price === null ? '—' : formatPrice(a.goods.price)) },
  { header: '库存', cell: (a) => (a.goods.number > 0 ? a.goods.number : '缺货') },
  {
    header: '状态',
    cell: (a) =>
      a.notified_at === null ? (
        <span className={styles.waiting}>等待中</span>
      ) : (
        <span className={styles.sent}>已通知 {formatDateTime(a.notified_at)}</span>
      ),
  },
  { header: '设置时间', cell: (a) => formatDateTime(a.created_at) },
  { header: '操作', cell: (a) => <DeleteButton alert={a} /> },
];

export default function GoodsAlertsPage() {
  const { page } = useRouteSearch(goodsAlertsSearch);
  const query = useQuery({ ...goodsAlertsQuery(page), placeholderData: keepPreviousData });
  return (
    <PageFrame aria-labelledby="alerts-title">
      <PageHeader
        titleId="alerts-title"
        title="到货/降价提醒"
        note={`到货或降到您设置的价格时，我们会在“我的消息”中通知您（最多${GOODS_ALERTS_MAX}个）。`}
      />
      <PagedTable
        rows={query}
        caption="我的提醒"
        columns={COLUMNS}
        rowKey={(a) => a.id}
        texts={{ loading: '正在加载提醒…', failed: '提醒加载失败', empty: ALERTS_EMPTY_TEXT }}
        page={page}
        hrefFor={goodsAlertsHref}
      />
    </PageFrame>
  );
}
