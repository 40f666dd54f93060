// The home carousel (GET /api/focus), after the WAI-ARIA APG carousel pattern: slides advance
// every CAROUSEL_INTERVAL_MS, stop while the pointer or keyboard focus is inside, and have a
// rotation button, arrows and dots. Built for LCP and CLS: the frame has a fixed size before any
// data arrives, the first picture loads eagerly at high priority with its dimensions, and the
// other pictures are not even requested until the browser is idle after first paint.
import { useEffect, useId, useLayoutEffect, useState } from 'react';
import type { FocusItem } from '../../domain/catalog';
import { HomeLink } from './home-link';
import { useAfterFirstPaint } from './use-after-first-paint';
import styles from './focus-carousel.module.css';

export const CAROUSEL_INTERVAL_MS = 5_000;
/** The banner pictures are drawn at 1200 × 400 (server/http/media-svg.ts bannerSvg). */
const SLIDE_W = 1200;
const SLIDE_H = 400;

/** Shown when the operator has no live slides, so the frame is never an empty box. */
const HOUSE_SLIDE: FocusItem = { image: '', url: '/lqzx', title: '药店诊所一站式采购 新人好礼限时领取' };

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface FocusCarouselProps {
  items: readonly FocusItem[] | undefined;
  /** True while the first answer is outstanding: the frame shows a placeholder of the same size. */
  loading: boolean;
}

export function FocusCarousel({ items, loading }: FocusCarouselProps) {
  const id = useId();
  const slides = items && items.length > 0 ? items : [HOUSE_SLIDE];
  const count = slides.length;
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Starts paused for visitors who asked the system for less motion (WCAG 2.2.2) — read after the
  // first render, not in it: the server cannot know the preference, and a drawn page hydrated with it
  // showed ▶ where the server drew ❚❚ (React error #418, the page redrawn on the client). A layout
  // effect, so the change lands before the first paint and no rotation timer outlives it.
  const [stopped, setStopped] = useState(false);
  useLayoutEffect(() => {
    if (prefersReducedMotion()) setStopped(true);
  }, []);
  const warm = useAfterFirstPaint();
  const current = active < count ? active : 0;
  const rotating = !stopped && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setActive((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, count]);

  const go = (i: number) => setActive(((i % count) + count) % count);

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the WAI-ARIA carousel pauses its rotation while the pointer or focus is inside
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label="首页焦点图"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {loading ? (
        <div className={styles.placeholder} aria-busy="true">
          <span className={styles.srOnly}>焦点图加载中</span>
        </div>
      ) : (
        // APG: announce slide changes only while the buyer drives them, never on auto-rotation.
        <div className={styles.slides} id={`${id}-slides`} aria-live={rotating ? 'off' : 'polite'}>
          {slides.map((item, i) => {
            const shown = i === current;
            return (
              <div
                key={`${i}-${item.image}`}
                className={shown ? `${styles.slide} ${styles.slideShown}` : styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={`第 ${i + 1} 张，共 ${count} 张：${item.title || '活动推荐'}`}
                aria-hidden={!shown}
              >
                <HomeLink href={item.url} className={styles.slideLink} tabIndex={shown ? undefined : -1}>
                  {item.image !== '' && (i === 0 || warm) ? (
                    <img
                      className={styles.image}
                      src={item.image}
                      alt=""
                      width={SLIDE_W}
                      height={SLIDE_H}
                      decoding={i === 0 ? 'sync' : 'async'}
                      loading={i === 0 ? 'eager' : 'lazy'}
                      fetchPriority={i === 0 ? 'high' : 'low'}
                    />
                  ) : null}
                  {/* The picture is decoration; the title is the slide's text and the link's name. */}
                  <span className={styles.caption}>
                    <span className={styles.title}>{item.title || '精选活动'}</span>
                    <span className={styles.cta} aria-hidden="true">
                      查看详情 ›
                    </span>
                  </span>
                </HomeLink>
              </div>
            );
          })}
        </div>
      )}
      {!loading && count > 1 && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            aria-controls={`${id}-slides`}
            aria-label="上一张"
            onClick={() => go(current - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-controls={`${id}-slides`}
            aria-label="下一张"
            onClick={() => go(current + 1)}
          >
            ›
          </button>
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.rotation}
              aria-label={stopped ? '开始自动播放' : '暂停自动播放'}
              onClick={() => setStopped((s) => !s)}
            >
              <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
            </button>
            <div className={styles.dots}>
              {slides.map((item, i) => (
                <button
                  key={`${i}-${item.image}`}
                  type="button"
                  className={styles.dot}
                  aria-label={`第 ${i + 1} 张：${item.title || '活动推荐'}`}
                  aria-current={i === current ? 'true' : undefined}
                  aria-controls={`${id}-slides`}
                  onClick={() => go(i)}
                />
              ))}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
