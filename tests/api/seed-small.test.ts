// SEED_GOODS may be small (a quick demo, a test): every part of the demo seed copes with a catalogue
// of a few dozen goods, where the promotions leave few goods for the next one.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';

describe('the demo seed on a small catalogue', () => {
  it.each([40, 63])(
    'seeds %i goods and the demo can sign in',
    async (n) => {
      const t = await createTestApp({ seed: n });
      try {
        const cookie = await t.signIn('demo', 'demo1234');
        const cart = await t.call('GET', '/api/cart/list', { cookie });
        expect(cart.status).toBe(200);
      } finally {
        await t.close();
      }
    },
    120_000,
  );
});
