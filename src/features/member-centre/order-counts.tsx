// 我的订单: how many normal orders sit in each order-list tab, each a link to that tab.
import { ORDER_TABS, type OrderTabKey } from '../../domain/orders';
import { SpaLink } from '../../ui/spa-link';
import styles from './member-centre.module.css';

/** The order list's URL for a tab (its search schema reads `tab`). */
const tabHref = (key: OrderTabKey) => (key === 'all' ? '/order' : `/order?tab=${key}`);

export function OrderCounts({ counts }: { counts: Record<OrderTabKey, number> }) {
  return (
    <section className={styles.block} aria-labelledby="member-orders-title">
      <header className={styles.blockHead}>
        <h2 id="member-orders-title">我的订单</h2>
        <SpaLink href="/order" className={styles.more}>
          全部订单（{counts.all}）›
        </SpaLink>
      </header>
      <ul className={styles.tiles}>
        {ORDER_TABS.filter((t) => t.key !== 'all').map((t) => (
          <li key={t.key}>
            <SpaLink href={tabHref(t.key)} className={styles.tile}>
              <strong data-count={counts[t.key]}>{counts[t.key]}</strong>
              <span>{t.text}</span>
            </SpaLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
