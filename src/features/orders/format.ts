// The pay countdown's text (times are formatted by src/domain/time.ts).
import { splitCountdown } from '../../domain/time';

const pad = (n: number) => String(n).padStart(2, '0');

/** "29:59" under an hour, "1:05:09" above, "1天 02:00:00" above a day. */
export function formatCountdown(totalSeconds: number): string {
  const { days, hours, minutes, seconds } = splitCountdown(totalSeconds);
  if (days > 0) return `${days}天 ${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(seconds)}`;
  return `${pad(minutes)}:${pad(seconds)}`;
}
