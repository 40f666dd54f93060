// The step bar of a multi-page account flow (registration, password recovery): done, current and
// coming steps, the current one marked for screen readers.
import type { ReactNode } from 'react';
import styles from './account-form.module.css';

export function FlowSteps({ steps, current, label }: { steps: readonly string[]; current: number; label: string }) {
  return (
    <ol className={styles.steps} aria-label={label}>
      {steps.map((name, i) => {
        const step = i + 1;
        const state = step < current ? styles.stepDone : step === current ? styles.stepCurrent : '';
        return (
          <li key={name} className={`${styles.step} ${state}`} aria-current={step === current ? 'step' : undefined}>
            <span className={styles.stepNumber} aria-hidden="true">
              {step}
            </span>
            {name}
          </li>
        );
      })}
    </ol>
  );
}

/** The card every login-style page sits in. */
export function AccountCard({ title, lead, narrow, children }: { title: string; lead?: string; narrow?: boolean; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <section className={narrow ? `${styles.card} ${styles.narrow}` : styles.card} aria-labelledby="account-card-title">
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
