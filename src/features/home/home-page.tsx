// The home page `/` (SPEC §2: home, with category menu and nav). First paint is the banner row —
// the space the shell's pinned category menu overlays (210 × 406), the carousel, the member
// column — and the zone entrances; all of it has fixed sizes and tiny code. The rest (flash
// sale, recommendations, hot goods, brands) is a separate chunk loaded when the browser is idle.
import { lazy, startTransition, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { carouselQuery, flashSaleQuery } from '../../api/home';
import { SITE_TITLE } from '../../domain/constants';
import { deferred } from '../../domain/deferred';
import { FocusCarousel } from './focus-carousel';
import { MemberPanel } from './member-panel';
import { useAfterFirstPaint } from './use-after-first-paint';
import { ZoneEntrances } from './zone-entrances';
import styles from './home-page.module.css';

/** One import: the page's idle moment asks for it, the lazy component finds it under way or done. */
const belowFold = deferred(() => import('./below-fold'));
const BelowFold = lazy(() => belowFold.load());

/** Holds the below-the-fold space until its chunk and the flash-sale answer are both in. */
function BelowFoldPlaceholder() {
  return (
    <div className={styles.belowPlaceholder} aria-busy="true">
      <span className={styles.srOnly}>更多内容加载中</span>
    </div>
  );
}

export function HomePage() {
  // The carousel is loaded when the route matched (src/routes/loaders/catalogue.ts loadHome): its
  // answer is on the LCP path. The flash sale is asked for here: whether one exists decides the
  // layout below, so the sections render once, in place of the placeholder, instead of jumping.
  const carousel = useQuery(carouselQuery());
  const spike = useQuery(flashSaleQuery());
  const idle = useAfterFirstPaint();
  // The chunk is asked for at the idle moment, and the sections render once it is in: asked for by
  // the render that first showed them, the import (Vite's helper appends some twenty preload and
  // stylesheet links) ran inside that render, a task of 60–200 ms at 4× CPU (issue 36).
  const [chunkIn, setChunkIn] = useState(false);
  useEffect(() => {
    if (!idle) return;
    let live = true;
    const settled = () => {
      if (live) startTransition(() => setChunkIn(true));
    };
    // A failed import is the lazy component's to report (its error boundary), as before.
    belowFold.load().then(settled, settled);
    return () => {
      live = false;
    };
  }, [idle]);
  // The sale's answer arrives through the query store, which React renders at once and whole: the
  // switch to the sections is deferred so that render runs in slices.
  const showBelow = useDeferredValue(chunkIn && spike.isFetched);

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
      {showBelow ? (
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
