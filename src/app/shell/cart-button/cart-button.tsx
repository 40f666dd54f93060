// Header cart button with its badge, plus the member's dedicated account manager and the
// complaint hotline (SPEC §2 "Cart button"; both come from the user base).
import type { UserBase } from '../../../domain/user';
import { CartIcon, PhoneIcon } from '../icons';
import { ShellLink } from '../shell-link';
import { formatBadge, useCartCount } from './cart-count';
import styles from './cart-button.module.css';

export interface CartButtonProps {
  user: UserBase | null;
  /** In the pinned search-top bar only the button shows. */
  compact?: boolean;
}

export function CartButton({ user, compact = false }: CartButtonProps) {
  const count = useCartCount(user);
  const badge = formatBadge(count);
  const manager = user?.admin ?? null;
  const hotLine = user?.common_config.hot_line ?? '';
  return (
    <div className={compact ? `${styles.wrap} ${styles.compact}` : styles.wrap}>
      {/* The name starts with the visible text (WCAG 2.5.3) and holds the badge as shown ("99+" over 99: axe label-content-name-mismatch). */}
      <ShellLink href="/cart" className={styles.cart} aria-label={badge ? `我的购物车，${badge} 种商品` : '我的购物车'}>
        <CartIcon size={20} />
        <span>我的购物车</span>
        {/* The badge box is always there (empty when 0) so the button never changes width. */}
        <span className={styles.badge} data-empty={badge === null ? '' : undefined} aria-hidden="true">
          {badge}
        </span>
      </ShellLink>
      {!compact && (manager || hotLine) && (
        <dl className={styles.service}>
          {manager && (
            <div className={styles.row}>
              <dt>专属客户经理：</dt>
              <dd>
                {manager.name}
                {manager.phone && (
                  <a className={styles.phone} href={`tel:${manager.phone}`}>
                    {manager.phone}
                  </a>
                )}
              </dd>
            </div>
          )}
          {hotLine && (
            <div className={styles.row}>
              <dt>
                <PhoneIcon size={12} />
                投诉热线：
              </dt>
              <dd>
                <a className={styles.phone} href={`tel:${hotLine}`}>
                  {hotLine}
                </a>
              </dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}
