// The frame of a multi-page account flow (registration, password recovery): its step bar and its card.
import type { ReactNode } from 'react';
import { Steps } from '../../ui/steps';
import styles from './account-form.module.css';

export function FlowSteps({ steps, current, label }: { steps: readonly string[]; current: number; label: string }) {
  return <Steps steps={steps} current={current} label={label} className={styles.steps} />;
}

/** The card every login-style page sits in. */
export function AccountCard({
  title,
  lead,
  narrow,
  children,
}: {
  title: string;
  lead?: string;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <section
        className={narrow ? `${styles.card} ${styles.narrow}` : styles.card}
        aria-labelledby="account-card-title"
      >
        <h1 id="account-card-title" className={styles.title}>
          {title}
        </h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
      </section>
    </div>
  );
}

export { styles as accountFormStyles };
