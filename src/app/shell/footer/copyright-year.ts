// SPEC §1: the copyright year is the current year, taken from the server clock when the common
// data has arrived (SPEC §4 "Clock ... from a server timestamp") and from the device until then.
import { shanghaiYear, toMillis } from '../../../domain/time';

/** The year in China (the shop's time zone) at this instant. */
export function copyrightYear(serverTimestamp: number | undefined, nowMs: number): number {
  const ms = serverTimestamp && serverTimestamp > 0 ? toMillis(serverTimestamp) : nowMs;
  return shanghaiYear(ms);
}
