// The draw page's head pictures (GET /api/draw/ads, the operator's 幸运抽奖 slot): the first live one
// as a wide banner, linked when it names a page of ours; nothing when the slot is empty.
import { useQuery } from '@tanstack/react-query';
import { drawAdsQuery } from '../../api/lucky-draw';
import { safeInternalHref } from '../../domain/safe-href';
import { SpaLink } from '../../ui/spa-link';
import styles from './draw-page.module.css';

/** Banner pictures are drawn at 1200 × 400. */
const BANNER_W = 1200;
const BANNER_H = 400;

export function DrawAds() {
  const query = useQuery(drawAdsQuery());
  const items = query.data ?? [];
  if (query.isPending) return <div className={styles.ad} aria-hidden="true" />;
  if (items.length === 0) return null;
  return (
    <ul className={styles.ads} aria-label="抽奖活动广告">
      {items.map((item, i) => {
        const picture = (
          <img
            src={item.image}
            alt={item.title || '抽奖活动'}
            width={BANNER_W}
            height={BANNER_H}
            className={styles.adImage}
          />
        );
        const href = item.url ? safeInternalHref(item.url) : null;
        // Only the first picture is the page head; the rest sit in a row under it.
        return (
          <li key={`${i}-${item.image}`} className={i === 0 ? styles.ad : styles.adSmall}>
            {href && href !== '/xycj' ? <SpaLink href={href}>{picture}</SpaLink> : picture}
          </li>
        );
      })}
    </ul>
  );
}
