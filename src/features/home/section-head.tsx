// The heading bar every below-the-fold section shares: title, a short note, an optional 更多 link.
import { HomeLink } from './home-link';
import styles from './sections.module.css';

export interface SectionHeadProps {
  id: string;
  title: string;
  note?: string;
  more?: { href: string; label: string };
}

export function SectionHead({ id, title, note, more }: SectionHeadProps) {
  return (
    <div className={styles.head}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {note && <span className={styles.note}>{note}</span>}
      {more && (
        <HomeLink href={more.href} className={styles.more}>
          {more.label} ›
        </HomeLink>
      )}
    </div>
  );
}
