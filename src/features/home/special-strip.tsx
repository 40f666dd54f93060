// 专场推荐 (GET /api/focus/demo): the operator's category 专场 — 西药专场, 中成药专场, 医疗器械专场 in
// the demo — as a row of banners under the goods; hidden when the slot is empty. The slot's
// name is SPEC's; what it holds is docs/decisions/home-special-slot.md.
import { useQuery } from '@tanstack/react-query';
import { homeSlotQuery } from '../../api/home';
import { HomeLink } from './home-link';
import { SectionHead } from './section-head';
import styles from './sections.module.css';

const SPECIALS_MAX = 3;
/** Banner pictures are drawn at 1200 × 400. */
const BANNER_W = 1200;
const BANNER_H = 400;

export function SpecialStrip() {
  const query = useQuery(homeSlotQuery('demo'));
  const items = (query.data ?? []).slice(0, SPECIALS_MAX);
  if (!query.isPending && items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="home-specials-title">
      <SectionHead id="home-specials-title" title="专场推荐" note="品类专场 批量采购更省心" />
      <ul className={`${styles.banners} ${styles.specials}`} aria-busy={query.isPending || undefined}>
        {query.isPending
          ? Array.from({ length: SPECIALS_MAX }, (_, i) => <li key={i} className={styles.bannerSkeleton} />)
          : items.map((item, i) => (
              <li key={`${i}-${item.url}`}>
                <HomeLink href={item.url} className={styles.banner}>
                  {item.image && (
                    <img src={item.image} alt="" width={BANNER_W} height={BANNER_H} loading="lazy" decoding="async" />
                  )}
                  <span className={styles.bannerTitle}>{item.title || '专场'}</span>
                </HomeLink>
              </li>
            ))}
      </ul>
    </section>
  );
}
