// SPEC §3 badge tags with colours. Each tag gets its own hue so buyers scanning a dense list
// tell them apart at a glance; all are white text on a fill with contrast ≥ 4.5:1 (WCAG AA).
// The fills are src/ui/tokens.css colours:
//   优 优惠   #1d4ed8 blue     6.7:1
//   秒 秒杀   #c81623 red      5.8:1
//   满 满减   #c2410c orange   5.2:1
//   换购      #7c3aed violet   5.7:1
//   赠 满赠   #be185d magenta  6.0:1
//   特 特价   #92400e amber    7.1:1
//   新 新品   #047857 green    5.5:1
//   奖品 抽奖  #0e7490 cyan     5.4:1 (a lucky-draw goods prize on an order)
//   other     #5c6370 grey     6.1:1 (a tag the server adds before the UI knows it)
import styles from './tag-badges.module.css';

export const TAG_COLORS: Readonly<Record<string, string>> = {
  优: 'var(--color-tag-blue)',
  秒: 'var(--color-price)',
  满: 'var(--color-tag-orange)',
  换购: 'var(--color-tag-violet)',
  赠: 'var(--color-tag-magenta)',
  特: 'var(--color-tag-amber)',
  新: 'var(--color-tag-green)',
  奖品: 'var(--color-tag-cyan)',
};
export const TAG_FALLBACK_COLOR = 'var(--color-text-muted)';

/** What each short tag stands for (tooltip). */
export const TAG_MEANINGS: Readonly<Record<string, string>> = {
  优: '优惠',
  秒: '秒杀',
  满: '满减',
  换购: '换购',
  赠: '满赠',
  特: '特价',
  新: '新品',
  奖品: '抽奖奖品',
};

export function TagBadges({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    // Spans, not a list: badges sit inside headings and table cells (phrasing content only).
    <span className={styles.tags}>
      {tags.map((tag) => (
        <span
          key={tag}
          className={styles.tag}
          style={{ backgroundColor: TAG_COLORS[tag] ?? TAG_FALLBACK_COLOR }}
          title={TAG_MEANINGS[tag] ?? tag}
          data-tag={tag}
        >
          {tag}
        </span>
      ))}
    </span>
  );
}
