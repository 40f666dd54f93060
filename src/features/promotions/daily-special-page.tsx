// /mrtj 每日特价: today's specials at their special price (the cart charges it: the tile adds a
// promotion line), counting down to midnight, and tomorrow's once its preview opens (until then,
// when it opens). A special ends with its day; the list is the server's (docs/decisions/daily-special.md).
import { useQuery } from '@tanstack/react-query';
import { dailySpecialsQuery } from '../../api/promotions';
import { savingPercent, type DailySpecialDay, type DailySpecialItem } from '../../domain/daily-special';
import { formatPrice } from '../../domain/money';
import { formatDateTime, secondsLeft, splitCountdown } from '../../domain/time';
import { GoodsTile } from '../../widgets/goods/goods-tile';
import { QueryStates, StateBlock } from '../../ui/state-block';
import { useNow } from '../../ui/use-now';
import styles from './promotions.module.css';

export const NO_SPECIALS_TEXT = '今日暂无特价商品，明天再来看看吧';

const pad = (n: number) => String(n).padStart(2, '0');

function EndsIn({ endsAt }: { endsAt: number }) {
  const now = useNow();
  const c = splitCountdown(secondsLeft(endsAt * 1000, now));
  return (
    <span className={styles.clock} role="timer" aria-label="距本场结束">
      距结束 {c.days > 0 ? `${c.days}天 ` : ''}
      {pad(c.hours)}:{pad(c.minutes)}:{pad(c.seconds)}
    </span>
  );
}

function PreviewCard({ item }: { item: DailySpecialItem }) {
  const saving = item.price !== null && item.normal_price !== null ? savingPercent(item.normal_price, item.price) : 0;
  return (
    <article className={styles.previewCard} aria-label={item.name}>
      <p className={styles.previewName}>{item.name}</p>
      <p className={styles.previewMeta}>{item.ypgg}</p>
      <p className={styles.previewMeta}>{item.sccj}</p>
      <p className={styles.previewPrice}>
        {item.price === null ? '特价登录后可见' : `特价 ${formatPrice(item.price)}`}
        {item.normal_price !== null && item.price !== null && item.normal_price > item.price && (
          <span className={styles.struck}>{formatPrice(item.normal_price)}</span>
        )}
      </p>
      {saving > 0 && <p className={styles.previewMeta}>省{saving}%</p>}
    </article>
  );
}

function Tomorrow({ day, previewAt }: { day: DailySpecialDay | null; previewAt: number | null }) {
  if (day === null && previewAt === null) return null;
  return (
    <section aria-labelledby="mrtj-tomorrow">
      <h2 id="mrtj-tomorrow" className={styles.sectionTitle}>
        明日预告
        <span className={styles.sectionNote}>
          {day ? `${formatDateTime(day.starts_at)} 开抢` : `${formatDateTime(previewAt)} 公布明日特价`}
        </span>
      </h2>
      {day && (
        <div className={styles.grid}>
          {day.goods.map((g) => (
            <PreviewCard key={g.id} item={g} />
          ))}
        </div>
      )}
    </section>
  );
}

export default function DailySpecialPage() {
  const query = useQuery(dailySpecialsQuery());
  if (query.isPending || query.isError)
    return <QueryStates query={query} loading="正在加载今日特价…" failed="今日特价加载失败" retry="outline" />;
  const { today, tomorrow, preview_at } = query.data;
  return (
    <div className={styles.page}>
      <section aria-labelledby="mrtj-title">
        <header className={styles.banner}>
          <div>
            <h1 id="mrtj-title" className={styles.bannerTitle}>
              每日特价
            </h1>
            <p className={styles.bannerText}>{today?.description || '每日精选特价品种，限时限量，当日24点结束。'}</p>
          </div>
          {today && <EndsIn endsAt={today.ends_at} />}
        </header>
        <h2 className={styles.sectionTitle}>
          今日特价
          {today && (
            <span className={styles.sectionNote}>共{today.goods.length}个品种，特价商品每家门店限购，售完即止</span>
          )}
        </h2>
        {today && today.goods.length > 0 ? (
          <div className={styles.grid}>
            {today.goods.map((g, i) => (
              <GoodsTile key={g.id} item={g} eager={i < 4} />
            ))}
          </div>
        ) : (
          <StateBlock kind="empty" text={NO_SPECIALS_TEXT} />
        )}
      </section>
      <Tomorrow day={tomorrow} previewAt={preview_at} />
    </div>
  );
}
