// The sync engine's backoff maths. Everything that needs a server (order, replay, refusals,
// sessions, two tabs) runs against the real app: tests/integration/sync-engine.test.ts.
import { describe, expect, it } from 'vitest';
import { RETRY_MAX_MS, backoffDelay } from '../../../src/local/sync-engine';

describe('backoffDelay', () => {
  it('doubles from 1 s and caps at 5 min, with jitter inside ×[0.5, 1.5)', () => {
    expect([1, 2, 3, 4].map((t) => backoffDelay(t, () => 0.5))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(30, () => 0.5)).toBe(RETRY_MAX_MS);
    expect(backoffDelay(1, () => 0)).toBe(1000);
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(3, () => 0.999)).toBeLessThan(6000);
    expect(backoffDelay(40, () => 0.999)).toBe(RETRY_MAX_MS);
  });
});
