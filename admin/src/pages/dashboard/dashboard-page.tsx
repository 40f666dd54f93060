// 工作台: what waits for someone today. Every number links to the list where it is worked off
// (registrations, renewals, transfers, orders per status, after-sales to accept; goods come with
// their screen).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { dashboardQuery } from '../../api/dashboard.ts';
import { meQuery } from '../../api/session.ts';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatPrice } from '@domain/money.ts';
import { ORDER_STATUS_TEXT, type OrderStatus } from '@domain/orders.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import { MoneySettingsNotice } from './money-settings-notice.tsx';
import styles from './dashboard-page.module.css';

export function DashboardPage() {
  const { data, isPending, isError, refetch, isFetching } = useQuery(dashboardQuery);
  const { data: me } = useQuery(meQuery);
  if (isPending) return <StateBlock kind="loading" text="正在加载工作台…" />;
  if (isError)
    return (
      <StateBlock
        kind="failed"
        text="工作台数据加载失败"
        action={
          <button type="button" className={buttonClass('primary')} onClick={() => void refetch()} disabled={isFetching}>
            重试
          </button>
        }
      />
    );
  const reviews = me ? mayOpen(me.role, 'companiesRead') : false;
  return (
    <section aria-labelledby="dashboard-title" className={styles.page}>
      <h1 id="dashboard-title" className={styles.title}>
        工作台
      </h1>
      <MoneySettingsNotice changes={data.money_settings_changes} />
      <div className={styles.grid}>
        <Stat label="今日订单" value={String(data.today.orders)} note="今日下单，不含已取消" />
        <Stat label="今日订单金额" value={formatPrice(data.today.amount)} note="应付与余额支付合计" />
        <Stat
          label="待审核注册"
          value={String(data.registrations_pending)}
          link={reviews ? { to: '/companies', search: { status: 'pending' }, text: '去审核' } : undefined}
        />
        <Stat
          label="待审核换证"
          value={String(data.renewals_pending)}
          link={reviews ? { to: '/companies', search: { renewal: true }, text: '去审核' } : undefined}
        />
        <Stat
          label="待确认转账"
          value={String(data.transfers_to_confirm)}
          note="对公转账待确认收款"
          link={me && mayOpen(me.role, 'transfers') ? { to: '/transfers', search: {}, text: '去确认' } : undefined}
        />
        <Stat
          label="待处理售后"
          value={String(data.after_sales_to_decide)}
          note="买家已提交，待受理"
          link={
            me && mayOpen(me.role, 'afterSalesRead')
              ? { to: '/after-sales', search: { status: 'submitted', page: 1 }, text: '去处理' }
              : undefined
          }
        />
      </div>

      <div className={styles.columns}>
        <section aria-labelledby="orders-waiting" className={styles.panel}>
          <h2 id="orders-waiting" className={styles.panelTitle}>
            各状态订单
          </h2>
          <dl className={styles.statusList}>
            {Object.entries(data.orders_waiting).map(([status, n]) => (
              <div key={status}>
                <dt>{ORDER_STATUS_TEXT[status as OrderStatus] ?? status}</dt>
                <dd>
                  {me && mayOpen(me.role, 'ordersRead') ? (
                    <Link
                      to="/orders"
                      search={{ status, page: 1 }}
                      aria-label={`${ORDER_STATUS_TEXT[status as OrderStatus] ?? status}订单 ${n}`}
                    >
                      {n}
                    </Link>
                  ) : (
                    n
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="low-stock" className={styles.panel}>
          <h2 id="low-stock" className={styles.panelTitle}>
            库存预警（≤{data.low_stock.threshold}，共 {data.low_stock.count} 种）
          </h2>
          {data.low_stock.goods.length === 0 ? (
            <p className={styles.muted}>暂无库存不足的在售商品</p>
          ) : (
            <table className={styles.lowTable}>
              <thead>
                <tr>
                  <th scope="col">商品</th>
                  <th scope="col">生产厂家</th>
                  <th scope="col">库存</th>
                </tr>
              </thead>
              <tbody>
                {data.low_stock.goods.map((g) => (
                  <tr key={g.id}>
                    <td>{g.name}</td>
                    <td>{g.sccj}</td>
                    <td className={g.stock === 0 ? styles.out : undefined}>{g.stock}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </section>
  );
}

interface StatProps {
  label: string;
  value: string;
  note?: string;
  link?: { to: string; search: Record<string, unknown>; text: string };
}

function Stat({ label, value, note, link }: StatProps) {
  return (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <strong className={styles.statValue} data-stat={label}>
        {value}
      </strong>
      {link ? (
        <Link to={link.to} search={link.search} className={styles.statLink}>
          {link.text}
        </Link>
      ) : (
        note && <span className={styles.muted}>{note}</span>
      )}
    </div>
  );
}
