// The activity's countdown on server time: the answer's `timestamp` anchors the offset, so a
// buyer's wrong clock changes nothing; ticks every CLOCK_TICK_MS (SPEC §9).
import { useState } from 'react';
import { splitCountdown } from '../../domain/time';
import { useNow } from '../../ui/use-now';
import styles from './activity-page.module.css';

const pad = (n: number) => String(n).padStart(2, '0');

export function ActivityCountdown({
  endsAt,
  serverNow,
  receivedAt,
}: {
  endsAt: number;
  serverNow: number;
  receivedAt: number;
}) {
  const [offsetMs] = useState(() => serverNow * 1000 - receivedAt);
  const now = useNow();
  const left = Math.max(0, Math.floor((endsAt * 1000 - (now + offsetMs)) / 1000));
  if (left === 0) return <span className={styles.countdown}>活动已结束</span>;
  const c = splitCountdown(left);
  return (
    <span
      className={styles.countdown}
      aria-label={`距活动结束还有${c.days}天${c.hours}小时${c.minutes}分${c.seconds}秒`}
    >
      距结束 <b>{c.days}</b>天<b>{pad(c.hours)}</b>:<b>{pad(c.minutes)}</b>:<b>{pad(c.seconds)}</b>
    </span>
  );
}
