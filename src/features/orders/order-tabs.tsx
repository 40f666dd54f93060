// Status tabs of /order with their counts; each is a link so the tab lives in the URL.
import { ORDER_TABS, type OrderTabKey } from '../../domain/orders';
import { orderSearchHref } from './order-search';
import type { OrderSearch } from './order-search-schema';
import { TabBar } from '../../ui/tab-bar';
import styles from './orders.module.css';

export function OrderTabs({
  search,
  counts,
}: {
  search: OrderSearch;
  counts: Partial<Record<OrderTabKey, number>> | undefined;
}) {
  const tabs = ORDER_TABS.map((t) => {
    const count = counts?.[t.key];
    return {
      key: t.key,
      href: orderSearchHref('/order', { ...search, tab: t.key, page: 1 }),
      current: t.key === search.tab,
      content: (
        <>
          {t.text}
          {count !== undefined && count > 0 && <span className={styles.tabCount}>({count > 99 ? '99+' : count})</span>}
        </>
      ),
    };
  });
  return <TabBar label="订单状态" tabs={tabs} />;
}
