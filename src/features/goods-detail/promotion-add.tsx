// The detail page's add control inside a promotion: on /list_info_pt with a running group buy it
// joins the group (line type 2, the per-company cap); otherwise, while a flash sale of this goods
// runs, it adds at the flash price (line type 1, the sale's stock and cap) with the time left.
// The clock ticks on server time: at the end time the banner and the flash line go, and a normal
// add remains.
import type { GoodsActivity, GoodsListItem } from '../../domain/catalog';
import { formatFen } from '../../domain/money';
import { withPromotionTerms } from '../../domain/promotion-goods';
import { secondsLeft, toMillis } from '../../domain/time';
import { useServerNow } from './use-server-now';
import { AddToCartControl } from '../../widgets/goods/add-to-cart';
import { isRunning } from './activities';
import { countdownText } from './group-buy-panel';
import styles from './goods-detail.module.css';

interface Props {
  goods: GoodsListItem;
  activities: readonly GoodsActivity[];
  groupBuyPage: boolean;
  quantity: number;
  onQuantityChange: (n: number) => void;
}

/** The running flash sale of this goods with its price, or null. */
export function runningFlashSale(activities: readonly GoodsActivity[], nowMs: number): GoodsActivity | null {
  return activities.find((a) => a.kind === 'flash' && isRunning(a, nowMs) && a.price !== undefined) ?? null;
}

export function PromotionAddControl({ goods, activities, groupBuyPage, quantity, onQuantityChange }: Props) {
  // Server time: a client clock hours off must not open or close a flash sale (SPEC §4).
  const now = useServerNow();
  const group = groupBuyPage ? activities.find((a) => a.kind === 'group' && isRunning(a, now)) : undefined;
  if (group) {
    const joinable = withPromotionTerms(goods, {
      price: goods.price,
      perCompanyLimit: group.per_company_limit ?? 0,
      remaining: null,
    });
    return (
      <div className={styles.promoAdd}>
        <p className={styles.promoNote}>参与拼团：先按会员价下单，活动结束时成团，差价自动退回钱包余额。</p>
        <AddToCartControl
          goods={joinable}
          layout="row"
          quantity={quantity}
          onQuantityChange={onQuantityChange}
          lineType={2}
        />
      </div>
    );
  }
  const flash = runningFlashSale(activities, now);
  if (!flash)
    return <AddToCartControl goods={goods} layout="row" quantity={quantity} onQuantityChange={onQuantityChange} />;
  const left = secondsLeft(toMillis(flash.ends_at), now);
  const flashGoods = withPromotionTerms(goods, {
    price: flash.price ?? null,
    perCompanyLimit: flash.per_company_limit ?? 0,
    remaining: flash.remaining ?? null,
  });
  return (
    <div className={styles.promoAdd} data-flash-sale>
      <p className={styles.flashBanner}>
        <span className={styles.groupBadge}>秒杀</span>
        {flash.price !== null && flash.price !== undefined && (
          <span>
            秒杀价 <b>¥{formatFen(flash.price)}</b>
          </span>
        )}
        <span>距结束 {countdownText(left)}</span>
        {(flash.per_company_limit ?? 0) > 0 && (
          <span>
            每家限购{flash.per_company_limit}
            {goods.bzdw || '件'}
          </span>
        )}
      </p>
      <AddToCartControl
        goods={flashGoods}
        layout="row"
        quantity={quantity}
        onQuantityChange={onQuantityChange}
        lineType={1}
      />
    </div>
  );
}
