// Today's flash sale (秒杀, GET /api/index/spike) with its countdown on server time (SPEC §4
// clock): 距开始 before it opens, 距结束 while it runs, 已结束 after. Each countdown refetches the
// sale when it reaches zero, so the strip follows the server (opened, next sale, or none). No
// sale (null or no goods) hides the strip.
import { useQuery } from '@tanstack/react-query';
import { flashSaleQuery } from '../../api/home';
import type { FlashSale } from '../../domain/catalog';
import { splitCountdown } from '../../domain/time';
import { GoodsImage } from '../../ui/goods/goods-image';
import { goodsDetailHref } from '../../widgets/goods/goods-tile';
import { PriceTag } from '../../widgets/goods/price-tag';
import { AddToCartControl } from '../../widgets/goods/add-to-cart';
import { withPromotionTerms } from '../../domain/promotion-goods';
import { HomeLink } from './home-link';
import { useServerCountdown } from './use-server-countdown';
import styles from './flash-sale.module.css';

/** Goods shown in the strip; the rest are one click away on the detail pages. */
const FLASH_SALE_MAX_ITEMS = 5;

export type FlashSalePhase = 'before' | 'running' | 'ended';

export const PHASE_LABELS: Record<FlashSalePhase, string> = {
  before: '距开始',
  running: '距结束',
  ended: '已结束',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** "2天 03:04:05" / "03:04:05" — what the boxes show, also used for tests and the timer label. */
export function countdownText(totalSeconds: number): string {
  const { days, hours, minutes, seconds } = splitCountdown(totalSeconds);
  return `${days > 0 ? `${days}天 ` : ''}${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

function spokenCountdown(totalSeconds: number): string {
  const { days, hours, minutes, seconds } = splitCountdown(totalSeconds);
  return `${days > 0 ? `${days}天` : ''}${hours}小时${minutes}分${seconds}秒`;
}

function Clock({ seconds, label }: { seconds: number; label: string }) {
  const { days, hours, minutes, seconds: s } = splitCountdown(seconds);
  return (
    // role=timer is not a live region by default: the value is read on demand, not every second.
    <span className={styles.clock} role="timer" aria-label={`${label}${spokenCountdown(seconds)}`}>
      <span className={styles.clockLabel} aria-hidden="true">
        {label}
      </span>
      <span aria-hidden="true" data-testid="flash-countdown">
        {/* Drawn on the server a moment before the page hydrates: the clock's first tick redraws it. */}
        {days > 0 && (
          <b className={styles.days} suppressHydrationWarning>
            {days}天
          </b>
        )}
        <b className={styles.digit} suppressHydrationWarning>
          {pad(hours)}
        </b>
        :
        <b className={styles.digit} suppressHydrationWarning>
          {pad(minutes)}
        </b>
        :
        <b className={styles.digit} suppressHydrationWarning>
          {pad(s)}
        </b>
      </span>
    </span>
  );
}

function soldPercent(sold: number, stock: number): number {
  const total = sold + stock;
  return total > 0 ? Math.min(100, Math.round((sold / total) * 100)) : 100;
}

function FlashSaleView({ sale, receivedAt, onEnd }: { sale: FlashSale; receivedAt: number; onEnd: () => void }) {
  const toStart = useServerCountdown(sale.start_time, sale.timestamp, onEnd, receivedAt);
  const toEnd = useServerCountdown(sale.end_time, sale.timestamp, onEnd, receivedAt);
  const phase: FlashSalePhase = toStart > 0 ? 'before' : toEnd > 0 ? 'running' : 'ended';
  const items = sale.list.slice(0, FLASH_SALE_MAX_ITEMS);

  return (
    <section className={styles.strip} aria-labelledby="home-flash-title" data-phase={phase}>
      <header className={styles.head}>
        <h2 id="home-flash-title" className={styles.title}>
          限时秒杀
        </h2>
        <span className={styles.name}>{sale.name}</span>
        {phase === 'ended' ? (
          <span className={styles.ended}>{PHASE_LABELS.ended}</span>
        ) : (
          <Clock seconds={phase === 'before' ? toStart : toEnd} label={PHASE_LABELS[phase]} />
        )}
      </header>
      <ul className={styles.list}>
        {items.map((g) => {
          const pct = soldPercent(g.sold, g.spike_stock);
          const soldOut = g.spike_stock <= 0;
          return (
            <li key={g.id} className={styles.item}>
              {/* The name link is the tab stop; the picture repeats it for pointer users. */}
              <HomeLink href={goodsDetailHref(g.id)} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
                <GoodsImage src={g.goods_image} alt={g.name} />
              </HomeLink>
              <HomeLink href={goodsDetailHref(g.id)} className={styles.itemName} title={g.name}>
                {g.name}
              </HomeLink>
              <span className={styles.spec}>{g.ypgg}</span>
              <PriceTag price={g.spike_price} basePrice={g.price} size="sm" />
              {/* Only while the sale runs (server clock): at zero the control goes with the phase. */}
              {phase === 'running' && !soldOut && (
                <AddToCartControl
                  goods={withPromotionTerms(g, {
                    price: g.spike_price,
                    perCompanyLimit: g.per_company_limit ?? 0,
                    remaining: g.spike_stock,
                  })}
                  layout="compact"
                  lineType={1}
                />
              )}
              <div className={styles.progress}>
                <span className={styles.bar} aria-hidden="true">
                  <span style={{ width: `${pct}%` }} />
                </span>
                <span className={styles.sold}>{soldOut ? '已抢光' : `已抢${pct}%`}</span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function FlashSaleStrip() {
  const query = useQuery(flashSaleQuery());
  const sale = query.data;
  if (!sale || sale.list.length === 0) return null;
  return <FlashSaleView sale={sale} receivedAt={query.dataUpdatedAt} onEnd={() => void query.refetch()} />;
}
