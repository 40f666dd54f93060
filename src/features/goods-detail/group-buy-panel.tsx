// /list/info-pt/:id: the group-buy price, progress and countdown of the running 拼团 promotion.
import { formatFen } from '../../domain/money';
import { secondsLeft, splitCountdown } from '../../domain/time';
import type { GroupBuyInfo } from './activities';
import { useNow } from '../../ui/use-now';
import { ProgressBar } from '../../ui/progress-bar';
import styles from './goods-detail.module.css';

const pad = (n: number) => String(n).padStart(2, '0');

export function countdownText(totalSeconds: number): string {
  const c = splitCountdown(totalSeconds);
  const hms = `${pad(c.hours)}:${pad(c.minutes)}:${pad(c.seconds)}`;
  return c.days > 0 ? `${c.days}天 ${hms}` : hms;
}

export function GroupBuyPanel({ info, showPrice, unit }: { info: GroupBuyInfo; showPrice: boolean; unit: string }) {
  const now = useNow();
  const left = secondsLeft(info.endsAtMs, now);
  const progress =
    info.groupSize !== null && info.joined !== null && info.groupSize > 0
      ? Math.min(100, Math.round((info.joined / info.groupSize) * 100))
      : null;
  return (
    <section className={styles.groupBuy} aria-label="拼团活动">
      <div className={styles.groupHead}>
        <span className={styles.groupBadge}>拼团</span>
        <span className={styles.groupName}>{info.activity.name}</span>
        <span className={styles.groupClock}>
          {left > 0 ? (
            <>
              {/* The server's second and the hydrating page's differ; the clock's first tick redraws it. */}
              距结束 <b suppressHydrationWarning>{countdownText(left)}</b>
            </>
          ) : (
            '活动已结束'
          )}
        </span>
      </div>
      <div className={styles.groupBody}>
        {info.price !== null && showPrice && (
          <span className={styles.groupPrice}>
            拼团价 <b>¥{formatFen(info.price)}</b>
            {unit ? `/${unit}` : ''}
          </span>
        )}
        {info.groupSize !== null && (
          <span>
            {info.groupSize}
            {unit || '件'}成团
          </span>
        )}
        {progress !== null && (
          <span className={styles.groupProgress}>
            <ProgressBar label="拼团进度" percent={progress} widthPx={120} />
            已拼 {info.joined}
            {unit || '件'}
          </span>
        )}
      </div>
      {info.activity.rules.length > 0 && <p className={styles.groupRules}>{info.activity.rules.join('；')}</p>}
    </section>
  );
}
