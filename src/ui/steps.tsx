// A step bar: done, current and coming steps in one row, the current one marked for screen readers.
import styles from './steps.module.css';

export function Steps({
  steps,
  current,
  label,
  className,
}: {
  steps: readonly string[];
  current: number;
  label?: string;
  className?: string;
}) {
  return (
    <ol className={className ? `${styles.steps} ${className}` : styles.steps} aria-label={label}>
      {steps.map((name, index) => {
        const step = index + 1;
        const state = step < current ? styles.done : step === current ? styles.current : styles.todo;
        return (
          <li key={name} className={`${styles.step} ${state}`} aria-current={step === current ? 'step' : undefined}>
            <span className={styles.number} aria-hidden="true">
              {step}
            </span>
            <span>{name}</span>
          </li>
        );
      })}
    </ol>
  );
}

export { styles as stepsStyles };
