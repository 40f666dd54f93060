// The member area (会员中心, 账户中心, 我的钱包, 自助服务): the menu on the left, the page on the
// right. The unread count comes from the user base already in the cache; this layout never asks for
// it (SPEC: the member centre's header does not load user base).
import { useQuery } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { userBaseQuery } from '../api/user';
import { SpaLink } from '../ui/spa-link';
import { useWechatOffered } from '../widgets/account-form/wechat-offered';
import { MEMBER_MENU, activeMenuHref } from './member-menu';
import styles from './member-area-layout.module.css';

export default function MemberAreaLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = activeMenuHref(pathname);
  const unread = useQuery({ ...userBaseQuery(), enabled: false }).data?.message_count ?? 0;
  const wechat = useWechatOffered() === true;
  return (
    <div className={styles.area}>
      <nav className={styles.menu} aria-label="会员菜单">
        {MEMBER_MENU.map((group) => (
          <section key={group.title} className={styles.group}>
            <h2>{group.title}</h2>
            <ul>
              {group.items
                .filter((item) => wechat || !item.wechat)
                .map((item) => (
                  <li key={item.href}>
                    <SpaLink href={item.href} aria-current={item.href === active ? 'page' : undefined}>
                      {item.text}
                      {item.unread && unread > 0 && (
                        <span className={styles.badge} aria-label={`${unread}条未读`}>
                          {unread > 99 ? '99+' : unread}
                        </span>
                      )}
                    </SpaLink>
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </nav>
      <div className={styles.page}>
        <Outlet />
      </div>
    </div>
  );
}
