// SPEC §2: cart steps 1-4 show a step banner; the current step is highlighted.
import styles from './step-banner.module.css';

export const CART_STEPS = ['我的购物车', '核对订单信息', '支付订单', '支付完成'] as const;

export type CartStep = 1 | 2 | 3 | 4;

export function StepBanner({ current }: { current: CartStep }) {
  return (
    <nav className={styles.banner} aria-label="下单步骤">
      <ol className={styles.steps}>
        {CART_STEPS.map((label, index) => {
          const step = index + 1;
          const state = step < current ? styles.done : step === current ? styles.current : styles.todo;
          return (
            <li key={label} className={`${styles.step} ${state}`} aria-current={step === current ? 'step' : undefined}>
              <span className={styles.number} aria-hidden="true">
                {step}
              </span>
              <span className={styles.label}>{label}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
