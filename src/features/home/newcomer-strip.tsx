// 新人专享 (GET /api/focus/xrtj): the operator's newcomer picks as a row of banners; hidden when
// the slot is empty. It sits low on the page, so its collapse moves only the brand strip.
import { useQuery } from '@tanstack/react-query';
import { homeSlotQuery } from '../../api/home';
import { BannerRow } from './banner-row';
import { SectionHead } from './section-head';
import styles from './sections.module.css';

const NEWCOMER_MAX = 4;

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
      <BannerRow items={items} pending={query.isPending} placeholders={NEWCOMER_MAX} untitled="新人推荐" />
    </section>
  );
}
