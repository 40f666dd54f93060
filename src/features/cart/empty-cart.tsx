// An empty cart: say so and offer the ways back to buying.
import { Link } from '@tanstack/react-router';
import styles from './cart-page.module.css';
import { buttonClass } from '../../ui/button';

export const EMPTY_CART_TEXT = '购物车空空如也';

export function EmptyCart() {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyText}>{EMPTY_CART_TEXT}</p>
      <p className={styles.muted}>去挑选常购品种，或从收藏和历史订单里一键加购。</p>
      <p className={styles.emptyLinks}>
        <Link to="/list" className={buttonClass('primary', { size: 'row' })}>
          去逛逛
        </Link>
        <Link to="/star" className={buttonClass('secondary', { size: 'row' })}>
          我的收藏
        </Link>
        <Link to="/order" className={buttonClass('secondary', { size: 'row' })}>
          我的订单
        </Link>
        <Link to="/" className={buttonClass('secondary', { size: 'row' })}>
          返回首页
        </Link>
      </p>
    </div>
  );
}
