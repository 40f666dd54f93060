// The badge and heart rules: the device's knowledge wins only while it is newer than the server's.
import { describe, expect, it } from 'vitest';
import { cartCountWithDraft, favoriteShown } from '../../../src/local/local-marks';

describe('cartCountWithDraft', () => {
  it('is the server count when nothing is queued or there is no store', () => {
    expect(cartCountWithDraft(5, null)).toBe(5);
    expect(cartCountWithDraft(5, { pending: false, seeded: true, lines: 9, localLines: 0 })).toBe(5);
  });

  it('is the draft line count while cart changes are queued', () => {
    expect(cartCountWithDraft(5, { pending: true, seeded: true, lines: 8, localLines: 3 })).toBe(8);
    // A queued delete lowers it too.
    expect(cartCountWithDraft(5, { pending: true, seeded: true, lines: 4, localLines: 0 })).toBe(4);
  });

  it('is the draft when the server count is unknown (offline start), 0 without a store', () => {
    expect(cartCountWithDraft(null, null)).toBe(0);
    expect(cartCountWithDraft(null, { pending: false, seeded: true, lines: 6, localLines: 0 })).toBe(6);
    expect(cartCountWithDraft(null, { pending: true, seeded: false, lines: 2, localLines: 2 })).toBe(2);
  });

  it('adds the local lines to the server count before the draft was ever copied', () => {
    expect(cartCountWithDraft(5, { pending: true, seeded: false, lines: 2, localLines: 2 })).toBe(7);
  });
});

describe('favoriteShown', () => {
  it('follows the server without a mark', () => {
    expect(favoriteShown(true, undefined, false)).toBe(true);
    expect(favoriteShown(false, undefined, true)).toBe(false);
  });

  it('shows a queued change online and offline', () => {
    expect(favoriteShown(false, { on: true, pending: true }, true)).toBe(true);
    expect(favoriteShown(true, { on: false, pending: true }, false)).toBe(false);
  });

  it('offline prefers the device state; online the fresh server answer', () => {
    expect(favoriteShown(false, { on: true, pending: false }, false)).toBe(true);
    expect(favoriteShown(false, { on: true, pending: false }, true)).toBe(false);
  });
});
