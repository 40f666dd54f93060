// /ddgl 多门店管理: a head office's stores with their review state, contract and counts; switch
// into a store (act as it: its own cart, orders and draft) and back; each store's orders.
import { useQuery } from '@tanstack/react-query';
import { storesOverviewQuery } from '../../api/stores';
import type { StoreSummary, StoresOverview } from '../../domain/stores';
import { buttonClass } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { SpaLink } from '../../ui/spa-link';
import { QueryStates, StateBlock } from '../../ui/state-block';
import { REVIEW_STATUS_TEXT } from './review-status';
import { StoreOrders } from './store-orders';
import { storesHref, useStoresSearch } from './stores-search';
import { useSwitchStore } from './use-switch-store';
import styles from './stores.module.css';

const COLUMNS = ['门店名称', '门店账号', '联系人', '审核状态', '电子合同', '订单', '购物车', '操作'];

function StoreRow({
  store,
  overview,
  switching,
}: {
  store: StoreSummary;
  overview: StoresOverview;
  switching: ReturnType<typeof useSwitchStore>;
}) {
  const acting = overview.acting_company_id === store.company_id;
  return (
    <tr data-testid={`store-${store.company_id}`}>
      <td>
        <span className={styles.name}>{store.company}</span>
        {acting && <span className={styles.actingTag}>当前代理</span>}
        <span className={styles.address}>{store.address}</span>
      </td>
      <td>{store.username}</td>
      <td>
        {store.contact}
        <span className={styles.address}>{store.phone}</span>
      </td>
      <td>
        <span className={styles.status} data-status={store.review_status}>
          {REVIEW_STATUS_TEXT[store.review_status]}
        </span>
        {store.review_status === 'rejected' && store.review_note && (
          <span className={styles.address}>{store.review_note}</span>
        )}
      </td>
      <td>{store.contract_signed ? '已签署' : '未签署'}</td>
      <td className={styles.mono}>{store.order_count}</td>
      <td className={styles.mono}>{store.cart_count}</td>
      <td>
        <div className={styles.ops}>
          {acting ? (
            <button
              type="button"
              className={buttonClass('outline', { size: 'sm' })}
              disabled={switching.busy !== null}
              onClick={() => void switching.back()}
            >
              {switching.busy === 'back' ? '切换中…' : '返回总部'}
            </button>
          ) : (
            <button
              type="button"
              className={buttonClass('primary', { size: 'sm' })}
              disabled={switching.busy !== null}
              onClick={() => void switching.enter(store.company_id)}
              aria-label={`切换到${store.company}`}
            >
              {switching.busy === store.company_id ? '切换中…' : '切换到该门店'}
            </button>
          )}
          <SpaLink className={styles.link} href={storesHref({ store: store.company_id, page: 1 })}>
            查看订单
          </SpaLink>
        </div>
      </td>
    </tr>
  );
}

function Overview({ overview }: { overview: StoresOverview }) {
  const search = useStoresSearch();
  const switching = useSwitchStore();
  const actingStore = overview.stores.find((s) => s.company_id === overview.acting_company_id);
  const shown = overview.stores.find((s) => s.company_id === search.store);
  return (
    <>
      {actingStore ? (
        <div className={styles.acting} role="status">
          <span>
            当前正在代理 <strong>{actingStore.company}</strong> 采购：购物车、订单均为该门店的。
          </span>
          <button
            type="button"
            className={buttonClass('outline', { size: 'sm' })}
            disabled={switching.busy !== null}
            onClick={() => void switching.back()}
          >
            返回总部（{overview.head_office.company}）
          </button>
        </div>
      ) : (
        <p className={styles.lead}>
          总部：<strong>{overview.head_office.company}</strong>，共 {overview.stores.length}{' '}
          家门店。切换到门店后，即以该门店身份加购、下单，随时可返回总部。
        </p>
      )}
      {overview.stores.length === 0 ? (
        <StateBlock
          kind="empty"
          text="您的账户下暂无门店"
          action={
            <SpaLink className={buttonClass('primary', { size: 'sm' })} href="/register/dd/step1">
              添加门店
            </SpaLink>
          }
        />
      ) : (
        <DataTable caption="门店列表" columns={COLUMNS}>
          {overview.stores.map((s) => (
            <StoreRow key={s.company_id} store={s} overview={overview} switching={switching} />
          ))}
        </DataTable>
      )}
      {shown && <StoreOrders store={shown} page={search.page} />}
    </>
  );
}

export default function StoresPage() {
  const overview = useQuery(storesOverviewQuery());
  return (
    <PageFrame aria-labelledby="ddgl-title">
      <PageHeader titleId="ddgl-title" title="多门店管理" note="查看各门店的审核状态与订单，切换到门店为其采购。" />
      <QueryStates query={overview} loading="正在加载门店…" failed="门店加载失败" />
      {overview.data && <Overview overview={overview.data} />}
    </PageFrame>
  );
}
