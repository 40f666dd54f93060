import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, shanghaiDatePlusMonths, shanghaiYear, toMillis } from '../../src/domain/time';

// 2025-12-31 16:05:09 UTC is 2026-01-01 00:05:09 in Shanghai: every rule must cross the day and year.
const NEW_YEAR_MS = Date.UTC(2025, 11, 31, 16, 5, 9);

describe('server timestamps', () => {
  it('reads 10-digit timestamps as seconds and others as milliseconds (SPEC §9)', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMillis(1_700_000_000_000)).toBe(1_700_000_000_000);
  });
});

describe('Shanghai time', () => {
  it('formats date and time in China time, whatever the device zone', () => {
    expect(formatDateTime(NEW_YEAR_MS)).toBe('2026-01-01 00:05');
    expect(formatDateTime(Math.floor(NEW_YEAR_MS / 1000), 'seconds')).toBe('2026-01-01 00:05:09');
    expect(formatDate(Math.floor(NEW_YEAR_MS / 1000))).toBe('2026-01-01');
    expect(shanghaiYear(NEW_YEAR_MS)).toBe(2026);
  });

  it('shows a dash (date-time) or nothing (date) for a missing time', () => {
    for (const missing of [null, undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatDateTime(missing)).toBe('—');
      expect(formatDate(missing)).toBe('');
    }
  });

  it('adds calendar months on the Shanghai day', () => {
    expect(shanghaiDatePlusMonths(NEW_YEAR_MS, 6)).toBe('2026-07-01');
    expect(shanghaiDatePlusMonths(Date.UTC(2025, 0, 1, 0, 0), 0)).toBe('2025-01-01');
  });
});
