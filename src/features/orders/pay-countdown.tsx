// Time left to pay an order (SPEC §4 countdown helper: ends at zero and calls back). The server
// gives seconds left when it answered; the deadline is that answer's time plus those seconds, so
// the countdown does not depend on the buyer's clock being right.
import { useEffect, useRef } from 'react';
import { secondsLeft } from '../../domain/time';
import { formatCountdown } from './format';
import { useNow } from '../../ui/use-now';
import styles from './orders.module.css';

export const PAY_EXPIRED_TEXT = '支付已超时';

export function payDeadline(expiresIn: number | null, answeredAtMs: number): number | null {
  return expiresIn === null || expiresIn < 0 ? null : answeredAtMs + expiresIn * 1000;
}

export function PayCountdown({ deadlineMs, onExpired }: { deadlineMs: number; onExpired?: () => void }) {
  const now = useNow();
  const left = secondsLeft(deadlineMs, now);
  const fired = useRef(false);
  useEffect(() => {
    if (left > 0 || fired.current) return;
    fired.current = true;
    onExpired?.();
  }, [left, onExpired]);
  if (left === 0) return <span className={styles.expired}>{PAY_EXPIRED_TEXT}</span>;
  return (
    <span className={styles.countdown}>
      剩余支付时间 <strong role="timer">{formatCountdown(left)}</strong>
    </span>
  );
}
