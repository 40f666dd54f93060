import { describe, expect, it } from 'vitest';
import { shopClock } from '../../server/ops/shop-clock.ts';

describe('the server clock (SHOP_CLOCK_START)', () => {
  it('is the machine clock without the setting', () => {
    const before = Date.now();
    const now = shopClock(undefined, true)().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('starts at the chosen instant and runs on from it', async () => {
    const clock = shopClock('2026-06-02T02:00:00.000Z', false);
    const first = clock().getTime();
    expect(first).toBeGreaterThanOrEqual(Date.parse('2026-06-02T02:00:00.000Z'));
    expect(first).toBeLessThan(Date.parse('2026-06-02T02:01:00.000Z'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock().getTime()).toBeGreaterThan(first);
  });

  it('is refused in production and when it is not an instant', () => {
    expect(() => shopClock('2026-06-02T02:00:00.000Z', true)).toThrow(/demo and test servers only/);
    expect(() => shopClock('tomorrow', false)).toThrow(/ISO 8601/);
  });
});
