// The frame of a console page: a section labelled by its title, the title row with the page's own
// buttons (新建…, 返回…) at the right, an optional hint line, then the page's content. Pages bring
// only their content.
import type { CSSProperties, ReactNode } from 'react';
import styles from './console-page.module.css';

export interface ConsolePageProps {
  /** Heading text; `titleId` labels the section for screen readers. */
  title: ReactNode;
  titleId: string;
  /** Buttons or links at the right of the title. */
  actions?: ReactNode;
  hint?: ReactNode;
  /** Extra class on the section (e.g. a narrower column). */
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

export function ConsolePage({ title, titleId, actions, hint, className, style, children }: ConsolePageProps) {
  const heading = (
    <h1 id={titleId} className={styles.title}>
      {title}
    </h1>
  );
  return (
    <section
      aria-labelledby={titleId}
      className={className ? `${styles.page} ${className}` : styles.page}
      style={style}
    >
      {actions === undefined ? (
        heading
      ) : (
        <div className={styles.head}>
          {heading}
          {actions}
        </div>
      )}
      {hint !== undefined && <p className={styles.hint}>{hint}</p>}
      {children}
    </section>
  );
}
