// The home page's right column: who is buying (company and review state with 会员中心/我的订单,
// or 登录/注册 for visitors), quick entrances to the member tools, and the platform notices
// (GET /api/focus/postList, hidden when empty). Every block has a fixed height, so the user base
// or the notices arriving move nothing (CLS).
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { homeSlotQuery } from '../../api/home';
import { userBaseQuery } from '../../api/user';
import { SITE_TITLE } from '../../domain/constants';
import { loginHref } from '../../domain/safe-href';
import type { UserBase } from '../../domain/user';
import { HomeLink } from './home-link';
import styles from './member-panel.module.css';

export const LOGIN_HREF = loginHref('/');
/** The column has room for this many notice lines. */
const NOTICE_LINES = 4;

const QUICK_ENTRANCES = [
  { label: '快捷采购', href: '/kjcg' },
  { label: '我的收藏', href: '/star' },
  { label: '优惠券', href: '/yhq' },
  { label: '电子发票', href: '/dzfp' },
  { label: '品种求购', href: '/pzqg' },
  { label: '帮助中心', href: '/help' },
] as const;

function reviewText(user: UserBase): { text: string; ok: boolean } {
  if (user.is_passed === 1) return { text: '资质已认证', ok: true };
  if (user.customer.review_status === 'rejected') return { text: '资质审核未通过', ok: false };
  return { text: '资质审核中', ok: false };
}

function UserCard() {
  // A visitor's refusal the server drew this page with stands (no "loading" while it is asked again).
  const query = useQuery({ ...userBaseQuery(), retryOnMount: false });
  const user = query.data ?? null;

  if (!user && !query.isError) {
    return (
      <div className={styles.card} aria-busy="true">
        <span className={styles.avatar} aria-hidden="true" />
        <span className={styles.srOnly}>会员信息加载中</span>
      </div>
    );
  }

  if (!user) {
    return (
      <div className={styles.card}>
        <span className={styles.avatar} aria-hidden="true">
          康
        </span>
        <div className={styles.who}>
          <p className={styles.hello}>欢迎来到{SITE_TITLE}</p>
          <p className={styles.sub}>登录后查看批发价与专属优惠</p>
        </div>
        <div className={styles.actions}>
          <HomeLink href={LOGIN_HREF} className={styles.primary}>
            登录
          </HomeLink>
          <HomeLink href="/register" className={styles.secondary}>
            注册
          </HomeLink>
        </div>
      </div>
    );
  }

  const review = reviewText(user);
  return (
    <div className={styles.card}>
      <span className={styles.avatar} aria-hidden="true">
        {(user.company || user.username).slice(0, 1)}
      </span>
      <div className={styles.who}>
        <p className={styles.hello}>您好，{user.name || user.username}</p>
        <p className={styles.company} title={user.company}>
          {user.company || user.username}
        </p>
        <p className={review.ok ? styles.reviewOk : styles.reviewPending}>{review.text}</p>
      </div>
      <div className={styles.actions}>
        <HomeLink href="/user" className={styles.primary}>
          会员中心
        </HomeLink>
        <HomeLink href="/order" className={styles.secondary}>
          我的订单
        </HomeLink>
      </div>
    </div>
  );
}

function Notices() {
  const titleId = useId();
  const query = useQuery(homeSlotQuery('postList'));
  const items = (query.data ?? []).filter((i) => i.title !== '').slice(0, NOTICE_LINES);
  if (items.length === 0) return null;
  return (
    <section className={styles.notices} aria-labelledby={titleId}>
      <div className={styles.blockHead}>
        <h2 id={titleId} className={styles.blockTitle}>
          平台公告
        </h2>
        <HomeLink href="/news/company" className={styles.more}>
          更多<span className={styles.srOnly}>公告</span> ›
        </HomeLink>
      </div>
      <ul className={styles.noticeList}>
        {items.map((item, i) => (
          <li key={`${i}-${item.url}`}>
            <HomeLink href={item.url} className={styles.notice} title={item.title}>
              {item.title}
            </HomeLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MemberPanel() {
  return (
    <div className={styles.panel}>
      <UserCard />
      <nav className={styles.quick} aria-label="快捷入口">
        <ul className={styles.quickList}>
          {QUICK_ENTRANCES.map((q) => (
            <li key={q.href}>
              <HomeLink href={q.href} className={styles.quickLink}>
                {q.label}
              </HomeLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* Last, so hiding it when the slot is empty moves nothing else. */}
      <Notices />
    </div>
  );
}
