// The home page `/` (SPEC §2: home, with category menu and nav). First paint is the banner row —
// the space the shell's pinned category menu overlays (210 × 406), the carousel, the member
// column — and the zone entrances; all of it has fixed sizes and tiny code. The rest (flash
// sale, recommendations, hot goods, brands) is a separate chunk loaded when the browser is idle.
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { carouselQuery, flashSaleQuery } from '../../api/home';
import { SITE_TITLE } from '../../domain/constants';
import { FocusCarousel } from './focus-carousel';
import { MemberPanel } from './member-panel';
import { useAfterFirstPaint } from './use-after-first-paint';
import { ZoneEntrances } from './zone-entrances';
import styles from './home-page.module.css';

const BelowFold = lazy(() => import('./below-fold'));

/** Holds the below-the-fold space until its chunk and the flash-sale answer are both in. */
function BelowFoldPlaceholder() {
  return (
    <div className={styles.belowPlaceholder} aria-busy="true">
      <span className={styles.srOnly}>更多内容加载中</span>
    </div>
  );
}

export function HomePage() {
  // Both are already loaded when the route matched (src/routes/loaders/catalogue.ts loadHome): the
  // carousel answer is on the LCP path, and whether a flash sale exists decides the layout below,
  // so the sections render once, in place of the placeholder, instead of jumping when it answers.
  const carousel = useQuery(carouselQuery());
  const spike = useQuery(flashSaleQuery());
  const idle = useAfterFirstPaint();

  return (
    <div className={styles.page}>
      <h1 className={styles.srOnly}>{SITE_TITLE}首页</h1>
      <div className={styles.bannerRow}>
        <div className={styles.menuSpace} aria-hidden="true" />
        <div className={styles.carousel}>
          <FocusCarousel items={carousel.data} loading={carousel.isPending} />
        </div>
        <div className={styles.side}>
          <MemberPanel />
        </div>
      </div>
      <ZoneEntrances />
      {/* isFetched latches once the first answer (or failure) is in: a refetch of a failed sale
          must not put the placeholder back and remount the sections (that would loop). */}
      {idle && spike.isFetched ? (
        <Suspense fallback={<BelowFoldPlaceholder />}>
          <BelowFold />
        </Suspense>
      ) : (
        <BelowFoldPlaceholder />
      )}
    </div>
  );
}

export default HomePage;
