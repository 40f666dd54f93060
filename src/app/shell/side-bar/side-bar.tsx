// The fixed right-hand side bar (SPEC §2 "Side bar", §4 "Side cart drawer"): 我的, the cart drawer
// toggle (CART_DRAWER_CLOSED_PX ↔ CART_DRAWER_OPEN_PX), 消息 with a badge, 在线客服, 微信 QR and
// 返回顶部. Under 768px the same entries form a bottom tab bar and the cart tab opens the cart page.
import { lazy, Suspense, useEffect, useId, useState, type CSSProperties } from 'react';
import { CART_DRAWER_CLOSED_PX, CART_DRAWER_OPEN_PX } from '../../../domain/constants';
import type { UserBase } from '../../../domain/user';
import type { RouteDef } from '../../../routes/types';
import { formatBadge, useCartCount } from '../cart-button/cart-count';
import { ArrowUpIcon, CartIcon, HomeIcon, MessageIcon, ServiceIcon, UserIcon, WechatIcon } from '../icons';
import { DeferredPopover, type PopoverImpl } from '../deferred';
import { deferred } from '../../../domain/deferred';
import { ShopQrPopover } from '../shop-qr-popover';
import { isCartRoute } from '../route-kind';
import { ShellLink } from '../shell-link';
import { ChatDialog } from './chat-dialog';
import type { ServiceCardProps } from './service-popover';
import { NARROW_QUERY, useMediaQuery } from './use-media-query';
import styles from './side-bar.module.css';

/** 我的消息 (account centre child, SPEC's absolute path). */
export const MESSAGES_PATH = '/wdxx';

export interface SideBarProps {
  def: RouteDef;
  user: UserBase | null;
  /**
   * The server could not say who is signed in, but this device's store is open for a member
   * (an offline start): the drawer shows that member's cart draft, not 登录后查看购物车.
   */
  offlineMember?: boolean;
}

function Badge({ count }: { count: number }) {
  const text = formatBadge(count);
  return text === null ? null : (
    <span className={styles.badge} aria-hidden="true">
      {text}
    </span>
  );
}

const serviceCard = deferred<PopoverImpl<ServiceCardProps>>(() => import('./service-popover').then((m) => m.default));
const drawerModule = () => import('./cart-drawer');
/** Opened on demand; hovering or focusing the cart tab starts the download. */
const CartDrawer = lazy(() => drawerModule().then((m) => ({ default: m.CartDrawer })));

function ServiceEntry({ user }: { user: UserBase | null }) {
  const label = (
    <>
      <ServiceIcon />
      <span className={styles.tabText}>客服</span>
    </>
  );
  if (user && user.is_can_chat === 1) {
    return (
      <ChatDialog
        user={user}
        trigger={label}
        triggerClassName={styles.tab}
        badge={(count) => <Badge count={count} />}
      />
    );
  }
  return (
    <DeferredPopover
      impl={serviceCard}
      props={{ user }}
      trigger={{ className: styles.tab, label: '在线客服', content: label }}
    />
  );
}

export function SideBar({ def, user, offlineMember = false }: SideBarProps) {
  const [wantOpen, setWantOpen] = useState(false);
  // Only the drawer's state depends on the width, and only once the buyer has opened it (the
  // toggle shows on wide screens only): a page hydrating on a phone reads what the server drew
  // and is not re-rendered at once for the width (a synchronous re-render in the hydration's
  // effects that swapped the cart tab's element).
  const narrow = useMediaQuery(NARROW_QUERY, wantOpen);
  const onCart = isCartRoute(def);
  const drawerId = useId();
  const count = useCartCount(user);

  // SPEC §4: the drawer closes on the cart page (and stays closed when the buyer comes back).
  useEffect(() => {
    if (onCart) setWantOpen(false);
  }, [onCart]);

  const open = wantOpen && !onCart && !narrow;
  const style = {
    '--side-w': `${open ? CART_DRAWER_OPEN_PX : CART_DRAWER_CLOSED_PX}px`,
    '--tab-w': `${CART_DRAWER_CLOSED_PX}px`,
  } as CSSProperties;

  return (
    <aside className={open ? `${styles.side} ${styles.open}` : styles.side} style={style} aria-label="快捷工具栏">
      <div className={styles.tabs}>
        <ShellLink href="/" className={`${styles.tab} ${styles.narrowOnly}`}>
          <HomeIcon />
          <span className={styles.tabText}>首页</span>
        </ShellLink>
        <ShellLink href="/user" className={styles.tab}>
          <UserIcon />
          <span className={styles.tabText}>我的</span>
        </ShellLink>
        {/* Both tabs are drawn and CSS shows the one for the width: the server does not know it, and
            a phone's tab is a link that works before the page has hydrated. */}
        <ShellLink
          href="/cart"
          className={
            onCart ? `${styles.tab} ${styles.cartTab}` : `${styles.tab} ${styles.cartTab} ${styles.narrowOnly}`
          }
          aria-current={onCart ? 'page' : undefined}
        >
          <CartIcon />
          <span className={styles.tabText}>购物车</span>
          <Badge count={count} />
        </ShellLink>
        {!onCart && (
          <button
            type="button"
            className={`${styles.tab} ${styles.cartTab} ${styles.wideOnly}`}
            aria-expanded={open}
            aria-controls={drawerId}
            onPointerEnter={() => void drawerModule()}
            onFocus={() => void drawerModule()}
            onClick={() => setWantOpen((v) => !v)}
          >
            <CartIcon />
            <span className={styles.tabText}>购物车</span>
            <Badge count={count} />
          </button>
        )}
        <ShellLink
          href={MESSAGES_PATH}
          className={styles.tab}
          aria-label={user?.message_count ? `消息，${user.message_count} 条未读` : '消息'}
        >
          <MessageIcon />
          <span className={styles.tabText}>消息</span>
          <Badge count={user?.message_count ?? 0} />
        </ShellLink>
        <ServiceEntry user={user} />
        <ShopQrPopover
          code="wechat_official"
          trigger={
            <>
              <WechatIcon />
              <span className={styles.tabText}>微信</span>
            </>
          }
          triggerClassName={`${styles.tab} ${styles.wideOnly}`}
          triggerLabel="微信公众号二维码"
          title="关注微信公众号"
          hint="订单、物流、活动消息及时推送"
          side="left"
        />
        <button
          type="button"
          className={`${styles.tab} ${styles.top} ${styles.wideOnly}`}
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <ArrowUpIcon />
          <span className={styles.tabText}>顶部</span>
        </button>
      </div>
      <section id={drawerId} className={styles.drawer} aria-label="购物车" hidden={!open}>
        <header className={styles.drawerHead}>
          <h2 className={styles.drawerTitle}>我的购物车</h2>
          <button type="button" className={styles.drawerClose} onClick={() => setWantOpen(false)}>
            收起
          </button>
        </header>
        {open && (
          <Suspense fallback={<p className={styles.state}>加载中…</p>}>
            <CartDrawer signedIn={user !== null || offlineMember} />
          </Suspense>
        )}
      </section>
    </aside>
  );
}
