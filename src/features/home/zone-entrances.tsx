// The zone entrances (SPEC §2 zones and promotions) as an icon grid: eight per row on desktop,
// four on phones. Icons are inline one-path SVGs: they paint with the page and cost no request.
import { HomeLink } from './home-link';
import styles from './zone-entrances.module.css';

interface Zone {
  label: string;
  href: string;
  /** Icon background. White icons on these fills keep ≥ 3:1 contrast (WCAG 1.4.11). */
  color: string;
  /** One path in a 24 × 24 box, stroked. */
  d: string;
}

export const ZONES: readonly Zone[] = [
  // hourglass: near expiry
  {
    label: '近效期',
    href: '/jxqzc',
    color: 'var(--color-tag-orange)',
    d: 'M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9s8 4 8 9',
  },
  // leaf: Chinese medicine
  { label: '中药', href: '/zyyp', color: 'var(--color-tag-green)', d: 'M5 19c0-9 5-14 15-14 0 10-5 15-14 15M5 19l8-8' },
  // stethoscope-like cross: devices
  { label: '器械', href: '/qxzq', color: 'var(--color-tag-blue)', d: 'M9 3h6v6h6v6h-6v6H9v-6H3V9h6z' },
  // shield: controlled sales
  {
    label: '控销',
    href: '/kxzq',
    color: 'var(--color-tag-violet)',
    d: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4',
  },
  // truck: free shipping
  {
    label: '包邮',
    href: '/yx',
    color: 'var(--color-tag-cyan)',
    d: 'M2 6h11v10H2zM13 10h4l4 4v2h-8M6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4M17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4',
  },
  // star badge: brands
  {
    label: '品牌',
    href: '/ppzq',
    color: 'var(--color-tag-brown)',
    d: 'M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6-5.3-3-5.3 3 1.2-6L3.4 9.3l6-.7z',
  },
  // tag: daily special
  { label: '每日特价', href: '/mrtj', color: 'var(--color-price)', d: 'M3 12V4h8l10 10-7 7zM7.5 8.5h.01' },
  // ticket: coupons
  {
    label: '领券中心',
    href: '/lqzx',
    color: 'var(--color-tag-magenta)',
    d: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM10 7v10',
  },
];

export function ZoneEntrances() {
  return (
    <nav className={styles.zones} aria-label="特色专区">
      <ul className={styles.grid}>
        {ZONES.map((z) => (
          <li key={z.href}>
            <HomeLink href={z.href} className={styles.zone}>
              <span className={styles.icon} style={{ backgroundColor: z.color }}>
                <svg
                  width="24"
                  height="24"
                  viewBox="0 0 24 24"
                  fill="none"
                  style={{ stroke: 'var(--color-white)' }}
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d={z.d} />
                </svg>
              </span>
              <span className={styles.label}>{z.label}</span>
            </HomeLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
