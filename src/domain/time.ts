// Server timestamps (SPEC §9): a 10-digit number is seconds, anything else milliseconds.
import { SECONDS_TIMESTAMP_DIGITS } from './constants';

export function toMillis(ts: number): number {
  const digits = Math.trunc(Math.abs(ts)).toString().length;
  return digits === SECONDS_TIMESTAMP_DIGITS ? ts * 1000 : ts;
}

/** Remaining whole seconds until `endMs` at `nowMs`, floored at zero (countdown helper, SPEC §4). */
export function secondsLeft(endMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((endMs - nowMs) / 1000));
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function splitCountdown(totalSeconds: number): Countdown {
  const s = Math.max(0, Math.floor(totalSeconds));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3_600),
    minutes: Math.floor((s % 3_600) / 60),
    seconds: s % 60,
  };
}

// ---- Shown in Asia/Shanghai (DESIGN.md: times are stored UTC, shown in China's time) ----------
// China has kept UTC+8 without daylight saving since 1991, so a fixed offset is exact for every
// time the shop stores, and is the same on the server, in the page and under any device zone.
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The instant as a UTC-fielded Date whose fields read as Shanghai wall-clock time. */
function shanghaiWallClock(ms: number): Date {
  return new Date(ms + SHANGHAI_OFFSET_MS);
}

function isShownTimestamp(ts: number | null | undefined): ts is number {
  return ts !== null && ts !== undefined && Number.isFinite(ts) && ts > 0;
}

/** "2025-06-02": the day in Shanghai of a server timestamp (SPEC §9 seconds or ms); '' when absent. */
export function formatDate(ts: number | null | undefined): string {
  return isShownTimestamp(ts) ? shanghaiWallClock(toMillis(ts)).toISOString().slice(0, 10) : '';
}

/**
 * "2025-06-02 09:30" (or "… 09:30:05" with seconds): a server timestamp (SPEC §9 seconds or ms)
 * in Shanghai; '—' when absent, so a table cell is never empty.
 */
export function formatDateTime(ts: number | null | undefined, precision: 'minutes' | 'seconds' = 'minutes'): string {
  if (!isShownTimestamp(ts)) return '—';
  const iso = shanghaiWallClock(toMillis(ts)).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, precision === 'seconds' ? 19 : 16)}`;
}

/** The calendar year in Shanghai at `ms`. */
export function shanghaiYear(ms: number): number {
  return shanghaiWallClock(ms).getUTCFullYear();
}

/** "YYYY-MM-DD" in Shanghai `months` calendar months after `ms` (近效期 cut-off dates). */
export function shanghaiDatePlusMonths(ms: number, months: number): string {
  const d = shanghaiWallClock(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}
