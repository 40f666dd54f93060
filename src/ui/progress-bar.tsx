// A thin progress bar with its ARIA progressbar role: the filled share in percent (0–100).
import type { CSSProperties } from 'react';
import styles from './progress-bar.module.css';

export function ProgressBar({ label, percent, widthPx }: { label: string; percent: number; widthPx: number }) {
  return (
    <span
      className={styles.bar}
      style={{ '--progress-width': `${widthPx}px` } as CSSProperties}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span style={{ width: `${percent}%` }} />
    </span>
  );
}
