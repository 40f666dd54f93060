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
