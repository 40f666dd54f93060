// 领券中心's 我的可用券: the coupons the company already holds and may still use (GET
// /api/user/availableCoupon), and the 可用于当前购物车 filter — only those the selected cart lines
// can use now, the largest saving first (`cart=1`: the server prices the cart as checkout does).
// Checkout's own picker reads its preview, which answers the same question for the lines being
// ordered (docs/api.md "Checkout"); this filter answers it before the buyer gets there.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { usableCouponsQuery } from '../../api/promotions';
import { isApiError } from '../../domain/api-error';
import { formatPrice } from '../../domain/money';
import type { CompanyCoupon } from '../../domain/orders';
import { formatDate } from '../../domain/time';
import { buttonClass } from '../../ui/button';
import { StateBlock } from '../../ui/state-block';
import { couponConditionText } from './coupon-card';
import styles from './promotions.module.css';

export const CART_FILTER_LABEL = '可用于当前购物车';
export const NO_HELD_COUPONS_TEXT = '您暂无可用的优惠券，先在上方领取吧';
export const NO_CART_COUPONS_TEXT = '当前购物车已选商品暂无可用的优惠券';

function UsableCoupon({ coupon: c, forCart }: { coupon: CompanyCoupon; forCart: boolean }) {
  return (
    <li className={styles.heldCoupon} aria-label={c.name}>
      <span className={styles.heldAmount}>{formatPrice(c.amount)}</span>
      <span className={styles.heldBody}>
        <b>{c.name}</b>
        <span className={styles.couponMeta}>
          {couponConditionText(c)} · 有效期至 {formatDate(c.expires_at)}
        </span>
      </span>
      {forCart && c.saving !== undefined && <span className={styles.heldSaving}>本单可省{formatPrice(c.saving)}</span>}
    </li>
  );
}

export function MyUsableCoupons() {
  const [forCart, setForCart] = useState(false);
  const query = useQuery(usableCouponsQuery(forCart));
  const list = query.data?.list ?? [];

  let body;
  if (query.isPending) body = <StateBlock kind="loading" text="正在加载我的优惠券…" />;
  else if (query.isError)
    body = (
      <StateBlock
        kind="failed"
        text={
          forCart && isApiError(query.error) && query.error.status >= 400 && query.error.status < 500
            ? `当前购物车暂不能结算：${query.error.msg}`
            : '我的优惠券加载失败'
        }
        action={
          forCart ? (
            <Link to="/cart" className={buttonClass('outline', { size: 'sm' })}>
              去购物车
            </Link>
          ) : (
            <button
              type="button"
              className={buttonClass('outline', { size: 'sm' })}
              onClick={() => void query.refetch()}
            >
              重新加载
            </button>
          )
        }
      />
    );
  else if (list.length === 0)
    body = <StateBlock kind="empty" text={forCart ? NO_CART_COUPONS_TEXT : NO_HELD_COUPONS_TEXT} />;
  else
    body = (
      <ul className={styles.heldCoupons} aria-label={forCart ? CART_FILTER_LABEL : '我的可用券'}>
        {list.map((c) => (
          <UsableCoupon key={c.id} coupon={c} forCart={forCart} />
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="lqzx-mine-title" className={styles.mine}>
      <header className={styles.mineHead}>
        <h2 id="lqzx-mine-title" className={styles.sectionTitle}>
          我的可用券
        </h2>
        <div className={styles.mineFilters} role="group" aria-label="筛选我的优惠券">
          <button
            type="button"
            className={buttonClass(forCart ? 'outline' : 'primary', { size: 'sm' })}
            aria-pressed={!forCart}
            onClick={() => setForCart(false)}
          >
            全部
          </button>
          <button
            type="button"
            className={buttonClass(forCart ? 'primary' : 'outline', { size: 'sm' })}
            aria-pressed={forCart}
            onClick={() => setForCart(true)}
          >
            {CART_FILTER_LABEL}
          </button>
        </div>
        {forCart && list.length > 0 && (
          <Link to="/cart" className={styles.mineLink}>
            去结算 ›
          </Link>
        )}
      </header>
      {body}
    </section>
  );
}
