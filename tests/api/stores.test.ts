// GET /api/user/stores lists a head office's stores with the user ids POST /api/cart/copy takes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import type { ManagedStore } from '../../server/services/stores.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 50 });
});
afterAll(() => t.close());

describe('GET /api/user/stores', () => {
  it('lists chain-a and chain-b for the head office', async () => {
    const cookie = await t.signIn('chain', 'demo1234');
    const res = await t.call<ManagedStore[]>('GET', '/api/user/stores', { cookie });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s) => s.username).sort()).toEqual(['chain-a', 'chain-b']);
  });

  it('is empty for a single pharmacy and refused for visitors', async () => {
    const cookie = await t.signIn('demo', 'demo1234');
    expect((await t.call<ManagedStore[]>('GET', '/api/user/stores', { cookie })).body.data).toEqual([]);
    expect((await t.call('GET', '/api/user/stores')).status).toBe(401);
  });

  it('lets a store see no siblings', async () => {
    const cookie = await t.signIn('chain-a', 'demo1234');
    expect((await t.call<ManagedStore[]>('GET', '/api/user/stores', { cookie })).body.data).toEqual([]);
  });
});
