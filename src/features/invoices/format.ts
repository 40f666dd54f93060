// Times in Asia/Shanghai (DESIGN.md), SPEC §9: a 10-digit timestamp is seconds.
import { toMillis } from '../../domain/time';

const dateTimeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "2024-05-01 09:30". */
export function formatDateTime(ts: number | null | undefined): string {
  if (ts === null || ts === undefined || !Number.isFinite(ts) || ts <= 0) return '—';
  const parts = Object.fromEntries(dateTimeFormat.formatToParts(new Date(toMillis(ts))).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
