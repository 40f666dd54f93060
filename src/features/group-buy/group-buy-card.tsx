// One goods of a running group buy: picture, group price against the member price, progress to
// the target, time left (server clock) and the join control (a type-2 line within the cap).
import type { GroupBuyGoods } from '../../domain/group-buy';
import { groupProgressPercent, groupShortfall, GROUP_LINE_TYPE } from '../../domain/group-buy';
import { formatFen } from '../../domain/money';
import { withPromotionTerms } from '../../domain/promotion-goods';
import { splitCountdown } from '../../domain/time';
import { GoodsImage } from '../../ui/goods/goods-image';
import { SpaLink } from '../../ui/spa-link';
import { AddToCartControl } from '../../widgets/goods/add-to-cart';
import { ProgressBar } from '../../ui/progress-bar';
import styles from './group-buy.module.css';

const pad = (n: number) => String(n).padStart(2, '0');

export function timeLeftText(totalSeconds: number): string {
  const { days, hours, minutes, seconds } = splitCountdown(totalSeconds);
  return `${days > 0 ? `${days}天 ` : ''}${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

export const groupDetailHref = (goodsId: number) => `/list_info_pt/${goodsId}`;

export function GroupBuyCard({ item, secondsLeft }: { item: GroupBuyGoods; secondsLeft: number }) {
  const pct = groupProgressPercent(item.joined, item.target);
  const missing = groupShortfall(item.joined, item.target);
  const unit = item.bzdw || '件';
  const open = secondsLeft > 0;
  return (
    <li className={styles.card} data-testid="group-buy-card">
      <SpaLink href={groupDetailHref(item.id)} className={styles.image} tabIndex={-1} aria-hidden="true">
        <GoodsImage src={item.goods_image} alt={item.name} />
      </SpaLink>
      <div className={styles.body}>
        <SpaLink href={groupDetailHref(item.id)} className={styles.name}>
          {item.name}
        </SpaLink>
        <span className={styles.spec}>
          {item.ypgg} · {item.sccj}
        </span>
        <div className={styles.prices}>
          {item.group_price !== null ? (
            <>
              <span className={styles.groupPrice}>
                拼团价 <b>¥{formatFen(item.group_price)}</b>
              </span>
              {item.price !== null && <span className={styles.memberPrice}>会员价 ¥{formatFen(item.price)}</span>}
            </>
          ) : (
            <span className={styles.memberPrice}>资质审核通过后可见价格</span>
          )}
        </div>
        <div className={styles.progress}>
          <ProgressBar label={`${item.name} 拼团进度`} percent={pct} widthPx={140} />
          <span data-testid="group-joined">
            已拼 {item.joined}/{item.target}
            {unit}
          </span>
          <span className={styles.missing}>{missing > 0 ? `还差${missing}${unit}成团` : '已达成团数量'}</span>
        </div>
        <span className={styles.clock} role="timer">
          {open ? `距结束 ${timeLeftText(secondsLeft)}` : '拼团已结束'}
        </span>
        {open && (
          <AddToCartControl
            goods={withPromotionTerms(item, {
              price: item.price,
              perCompanyLimit: item.per_company_limit,
              remaining: null,
            })}
            layout="compact"
            lineType={GROUP_LINE_TYPE}
          />
        )}
      </div>
    </li>
  );
}
