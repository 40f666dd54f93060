// The brand mark: inline SVG and text, so it paints with the HTML (no image request, no shift).
// Named by its visible text (no aria-label): a speech user says what they see (WCAG 2.5.3).
import { SITE_TITLE } from '../../../domain/constants';
import { ShellLink } from '../shell-link';
import styles from './header.module.css';

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <ShellLink href="/" className={compact ? `${styles.logo} ${styles.logoCompact}` : styles.logo}>
      <svg className={styles.logoMark} viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="9" style={{ fill: 'var(--color-brand)' }} />
        <path d="M16 8h8v8h8v8h-8v8h-8v-8H8v-8h8z" style={{ fill: 'var(--color-white)' }} />
      </svg>
      <span className={styles.logoText}>
        <span className={styles.logoName}>{SITE_TITLE}</span>
        <span className={styles.logoSub}>药店诊所一站式采购平台</span>
      </span>
    </ShellLink>
  );
}
