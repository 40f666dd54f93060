// Beside the conversation: who the buyer is, their recent orders and what is in their cart.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { buyerContextQuery } from '../../api/chat.ts';
import { StateBlock } from '@ui/state-block.tsx';
import { formatDateTime } from '@domain/time.ts';
import styles from './chat-page.module.css';

export function BuyerPanel({ id }: { id: number }) {
  const ctx = useQuery(buyerContextQuery(id));
  if (ctx.isPending) return <StateBlock kind="loading" text="加载中…" className={styles.buyer} />;
  if (ctx.isError) return <StateBlock kind="failed" text={ctx.error.message} className={styles.buyer} />;
  const { company, orders, cart } = ctx.data;
  return (
    <aside className={styles.buyer} aria-label="买家信息">
      <section>
        <h2 className={styles.sideTitle}>企业</h2>
        <p className={styles.companyName}>
          <Link to="/companies/$companyId" params={{ companyId: company.id }}>
            {company.name}
          </Link>
        </p>
        <dl className={styles.facts}>
          <dt>联系人</dt>
          <dd>{company.contact || '—'}</dd>
          <dt>电话</dt>
          <dd>{company.phone || '—'}</dd>
          <dt>等级</dt>
          <dd>{company.rank}</dd>
          <dt>地址</dt>
          <dd>{company.address || '—'}</dd>
        </dl>
      </section>
      <section>
        <h2 className={styles.sideTitle}>最近订单</h2>
        {orders.length === 0 ? (
          <p className={styles.none}>暂无订单</p>
        ) : (
          <ul className={styles.sideList}>
            {orders.map((o) => (
              <li key={o.id}>
                <Link to="/orders/$orderId" params={{ orderId: o.id }}>
                  {o.sn}
                </Link>
                <span>
                  {o.status_text} · {o.amount_text}
                </span>
                <span className={styles.none}>{formatDateTime(o.created_at)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h2 className={styles.sideTitle}>购物车</h2>
        {cart.length === 0 ? (
          <p className={styles.none}>购物车为空</p>
        ) : (
          <ul className={styles.sideList}>
            {cart.map((l) => (
              <li key={l.goods_id}>
                <span>{l.name}</span>
                <span className={styles.none}>
                  {l.spec} × {l.number}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
