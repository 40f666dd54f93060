// SPEC §1: the copyright year is the current year, taken from the server clock when the common
// data has arrived (SPEC §4 "Clock ... from a server timestamp") and from the device until then.
import { SECONDS_TIMESTAMP_DIGITS } from '../../../domain/constants';

/** SPEC §9: a 10-digit timestamp is seconds. */
export function timestampToMs(ts: number): number {
  return String(Math.trunc(Math.abs(ts))).length <= SECONDS_TIMESTAMP_DIGITS ? ts * 1000 : ts;
}

const yearFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', year: 'numeric' });

/** The year in China (the shop's time zone) at this instant. */
export function copyrightYear(serverTimestamp: number | undefined, nowMs: number): number {
  const ms = serverTimestamp && serverTimestamp > 0 ? timestampToMs(serverTimestamp) : nowMs;
  return Number(yearFormat.format(new Date(ms)));
}
