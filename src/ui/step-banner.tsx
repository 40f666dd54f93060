// SPEC §2: cart steps 1-4 show a step banner; the current step is highlighted.
import { Steps, stepsStyles } from './steps';

export const CART_STEPS = ['我的购物车', '核对订单信息', '支付订单', '支付完成'] as const;

export type CartStep = 1 | 2 | 3 | 4;

export function StepBanner({ current }: { current: CartStep }) {
  return (
    <nav className={stepsStyles.banner} aria-label="下单步骤">
      <Steps steps={CART_STEPS} current={current} />
    </nav>
  );
}
