// The console's frame: brand, the areas this operator's role may open, who is signed in, 退出. A
// session that must enrol its TOTP first (production) gets no areas until it has.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { logout, meQuery } from '../api/session.ts';
import { buttonClass } from '@ui/button.ts';
import { mayOpen, OPERATOR_ROLE_LABELS, type ConsoleArea } from '@domain/operator-roles.ts';
import styles from './console-shell.module.css';

interface NavItem {
  to: string;
  label: string;
  area: ConsoleArea;
  exact?: boolean;
}

// Grouped by the work they belong to: an admin sees some twenty areas, which no single row holds.
const NAV: { title: string; items: NavItem[] }[] = [
  { title: '概览', items: [{ to: '/', label: '工作台', area: 'dashboard', exact: true }] },
  { title: '客户', items: [{ to: '/companies', label: '企业与资质', area: 'companiesRead' }] },
  {
    title: '交易',
    items: [
      { to: '/orders', label: '订单管理', area: 'ordersRead' },
      { to: '/transfers', label: '待确认转账', area: 'transfers' },
      { to: '/after-sales', label: '售后处理', area: 'afterSalesRead' },
      { to: '/invoices', label: '发票处理', area: 'invoices' },
    ],
  },
  {
    title: '商品',
    items: [
      { to: '/goods', label: '商品管理', area: 'goods' },
      { to: '/catalogue', label: '分类与厂家', area: 'goods' },
      { to: '/brands', label: '品牌管理', area: 'goods' },
    ],
  },
  {
    title: '营销',
    items: [
      { to: '/promotions', label: '促销活动', area: 'promotions' },
      { to: '/exchange-promotions', label: '换购活动', area: 'promotions' },
      { to: '/coupons', label: '领券中心', area: 'promotions' },
      { to: '/draws', label: '幸运抽奖', area: 'draws' },
    ],
  },
  {
    title: '内容',
    items: [
      { to: '/articles', label: '文章管理', area: 'content' },
      { to: '/site-lists', label: '站点内容', area: 'content' },
      { to: '/settings', label: '站点设置', area: 'settings' },
    ],
  },
  {
    title: '客服',
    items: [
      { to: '/chat', label: '在线客服', area: 'chat' },
      { to: '/product-requests', label: '品种求购', area: 'productRequests' },
      { to: '/feedback', label: '意见反馈', area: 'feedback' },
      { to: '/buyer-messages', label: '消息推送', area: 'buyerMessages' },
    ],
  },
  {
    title: '系统',
    items: [
      { to: '/operators', label: '运营账号', area: 'operators' },
      { to: '/audit', label: '操作日志', area: 'operators' },
      { to: '/integration-clients', label: '对接凭证', area: 'integrationClients' },
    ],
  },
];

export function ConsoleShell() {
  const { data: me } = useQuery(meQuery);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const signOut = async () => {
    setLeaving(true);
    try {
      await logout(queryClient);
    } finally {
      setLeaving(false);
      void navigate({ to: '/login' });
    }
  };
  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <span className={styles.brand}>康源医药网 · 运营后台</span>
        {me && (
          <span className={styles.who}>
            {me.name}（{OPERATOR_ROLE_LABELS[me.role]}）
            <Link to="/account" className={styles.barLink} activeProps={{ className: styles.barActive }}>
              我的账号
            </Link>
            <button
              type="button"
              className={buttonClass('outline', { size: 'sm' })}
              onClick={() => void signOut()}
              disabled={leaving}
            >
              退出
            </button>
          </span>
        )}
      </header>
      <div className={styles.body}>
        <nav aria-label="后台导航" className={styles.nav}>
          {NAV.map((group) => {
            const items = group.items.filter(
              (item) => me && !me.totp_enrolment_required && mayOpen(me.role, item.area),
            );
            if (items.length === 0) return null;
            return (
              <section key={group.title} className={styles.group} aria-label={group.title}>
                <h2 className={styles.groupTitle}>{group.title}</h2>
                {items.map((item) => (
                  <Link
                    key={item.to}
                    to={item.to}
                    className={styles.navLink}
                    activeProps={{ className: styles.active }}
                    activeOptions={{ exact: item.exact ?? false }}
                  >
                    {item.label}
                  </Link>
                ))}
              </section>
            );
          })}
        </nav>
        <main className={styles.main}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
