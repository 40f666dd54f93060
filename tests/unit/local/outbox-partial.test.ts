// A quick-purchase "add all" is a cart.add entry with `partial`: it is sent with partial=1, and an
// ordinary add is sent exactly as before (all or nothing).
import { describe, expect, it } from 'vitest';
import { requestFor, requestOf } from '../../../src/local/outbox-kinds';
import { createEntry } from '../../../src/local/outbox';

const lines = [{ goods_id: 1, number: 2, ck_id: 1 }];

describe('cart.add with partial', () => {
  it('asks the server for a partial add', () => {
    expect(requestOf({ kind: 'cart.add', input: { lines, partial: true } })).toEqual({
      path: 'cart',
      body: { params: [lines[0]], partial: 1 },
    });
    const entry = createEntry('cart.add', { lines, lineIds: [-1], partial: true }, 0);
    expect(requestFor(entry).body).toEqual({ params: [lines[0]], partial: 1 });
  });

  it('an ordinary add stays all or nothing (no partial field)', () => {
    expect(requestOf({ kind: 'cart.add', input: { lines } })).toEqual({ path: 'cart', body: { params: [lines[0]] } });
    expect(requestFor(createEntry('cart.add', { lines, lineIds: [-1] }, 0)).body).toEqual({ params: [lines[0]] });
  });
});
