// Dates for the seed, relative to the `now` the caller passes (never the wall clock), in the shop's
// time zone: China has no daylight saving, so Asia/Shanghai is a fixed UTC+8.
const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * DAY_MS);
}

export function addMinutes(d: Date, minutes: number): Date {
  return new Date(d.getTime() + minutes * 60_000);
}

/** The calendar date in Shanghai, YYYY-MM-DD (for date columns). */
export function shanghaiDate(d: Date): string {
  return new Date(d.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** 00:00 in Shanghai on the day `d` falls on there, as an instant. */
export function shanghaiMidnight(d: Date): Date {
  const local = d.getTime() + SHANGHAI_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - SHANGHAI_OFFSET_MS);
}

/** yyyyMMddHHmmss in Shanghai, for order numbers. */
export function shanghaiStamp(d: Date): string {
  return new Date(d.getTime() + SHANGHAI_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}
