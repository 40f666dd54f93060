// 新人专享 (GET /api/focus/xrtj): the operator's newcomer picks as a row of banners; hidden when
// the slot is empty. It sits low on the page, so its collapse moves only the brand strip.
import { useQuery } from '@tanstack/react-query';
import { homeSlotQuery } from '../../api/home';
import { HomeLink } from './home-link';
import { SectionHead } from './section-head';
import styles from './sections.module.css';

const NEWCOMER_MAX = 4;
/** Banner pictures are drawn at 1200 × 400. */
const BANNER_W = 1200;
const BANNER_H = 400;

export function NewcomerStrip() {
  const query = useQuery(homeSlotQuery('xrtj'));
  const items = (query.data ?? []).slice(0, NEWCOMER_MAX);
  if (!query.isPending && items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="home-newcomer-title">
      <SectionHead
        id="home-newcomer-title"
        title="新人专享"
        note="首单专属好价"
        more={{ href: '/lqzx', label: '领新人券' }}
      />
      <ul className={styles.banners} aria-busy={query.isPending || undefined}>
        {query.isPending
          ? Array.from({ length: NEWCOMER_MAX }, (_, i) => <li key={i} className={styles.bannerSkeleton} />)
          : items.map((item, i) => (
              <li key={`${i}-${item.url}`}>
                <HomeLink href={item.url} className={styles.banner}>
                  {item.image && (
                    <img src={item.image} alt="" width={BANNER_W} height={BANNER_H} loading="lazy" decoding="async" />
                  )}
                  <span className={styles.bannerTitle}>{item.title || '新人推荐'}</span>
                </HomeLink>
              </li>
            ))}
      </ul>
    </section>
  );
}
