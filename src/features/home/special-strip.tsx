// 专场推荐 (GET /api/focus/demo): the operator's category 专场 — 西药专场, 中成药专场, 医疗器械专场 in
// the demo — as a row of banners under the goods; hidden when the slot is empty. The slot's
// name is SPEC's; what it holds is docs/decisions/home-special-slot.md.
import { useQuery } from '@tanstack/react-query';
import { homeSlotQuery } from '../../api/home';
import { BannerRow } from './banner-row';
import { SectionHead } from './section-head';
import styles from './sections.module.css';

const SPECIALS_MAX = 3;

export function SpecialStrip() {
  const query = useQuery(homeSlotQuery('demo'));
  const items = (query.data ?? []).slice(0, SPECIALS_MAX);
  if (!query.isPending && items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="home-specials-title">
      <SectionHead id="home-specials-title" title="专场推荐" note="品类专场 批量采购更省心" />
      <BannerRow
        items={items}
        pending={query.isPending}
        placeholders={SPECIALS_MAX}
        untitled="专场"
        className={styles.specials}
      />
    </section>
  );
}
