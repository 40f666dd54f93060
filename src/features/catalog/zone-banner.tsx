// The banner on top of a zone or the brand zone: the slot's pictures (GET /api/focus/<slot>) in a
// box of fixed height, or the zone's name and a line about it when the slot is empty or fails.
// The box is the same height in every state, so nothing below moves when the pictures arrive.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { zoneBannerQuery, type ZoneBannerSlot } from '../../api/goods-list';
import type { FocusItem } from '../../domain/catalog';
import { toast } from '../../ui/toast';
import { SpaLink } from '../../ui/spa-link';
import styles from './zone.module.css';

/** SPEC §8: a link with no target says the activity has not started. */
export const NO_TARGET_MESSAGE = '活动未开始';

export interface ZoneHero {
  title: string;
  intro: string;
}

function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

function isInternal(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');
}

/** One picture with its link; a missing or unsafe target tells the buyer instead of doing nothing. */
export function FocusLink({ item, className, eager }: { item: FocusItem; className?: string; eager?: boolean }) {
  const img = (
    <img
      src={item.image}
      alt={item.title || '活动图片'}
      className={styles.bannerImg}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
  const url = item.url.trim();
  if (isInternal(url)) {
    return (
      <SpaLink href={url} className={className}>
        {img}
      </SpaLink>
    );
  }
  if (isExternal(url)) {
    return (
      <a href={url} className={className} target="_blank" rel="noopener noreferrer">
        {img}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={`${styles.bannerButton} ${className ?? ''}`}
      onClick={() => toast.show({ message: NO_TARGET_MESSAGE })}
    >
      {img}
    </button>
  );
}

export function HeroText({ hero }: { hero: ZoneHero }) {
  return (
    <div className={styles.hero}>
      <p className={styles.heroTitle}>{hero.title}</p>
      <p className={styles.heroIntro}>{hero.intro}</p>
    </div>
  );
}

export function BannerCarousel({ items, label }: { items: readonly FocusItem[]; label: string }) {
  const [index, setIndex] = useState(0);
  const current = items[Math.min(index, items.length - 1)];
  return (
    <div className={styles.banner} role="region" aria-roledescription="轮播" aria-label={label}>
      <FocusLink item={current} className={styles.bannerLink} eager />
      {items.length > 1 && (
        <div className={styles.dots}>
          {items.map((item, i) => (
            <button
              key={`${item.image}-${i}`}
              type="button"
              className={styles.dot}
              aria-label={`第 ${i + 1} 张${item.title ? `：${item.title}` : ''}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

export function ZoneBanner({ slot, ids = '', hero }: { slot?: ZoneBannerSlot; ids?: string; hero: ZoneHero }) {
  const query = useQuery({ ...zoneBannerQuery(slot ?? 'yx', ids), enabled: slot !== undefined });
  const items = query.data ?? [];
  if (slot !== undefined && query.isPending)
    return <div className={`${styles.banner} ${styles.bannerPending}`} aria-hidden="true" />;
  if (items.length === 0) {
    return (
      <div className={styles.banner}>
        <HeroText hero={hero} />
      </div>
    );
  }
  return <BannerCarousel items={items} label={hero.title} />;
}
