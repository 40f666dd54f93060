// Object-level authorisation helpers (server/auth/session.ts): a member acts for its company and,
// for a head office, its stores; anything else is "not found".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember } from '../helpers/accounts.ts';
import { assertOwns, companyScope } from '../../server/auth/session.ts';
import { AppError } from '../../server/http/envelope.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('companyScope', () => {
  it('is the company itself for a single pharmacy, plus its stores for a head office', async () => {
    const single = await createMember(t.db, { username: 'own-single' });
    const hq = await createMember(t.db, { username: 'own-hq', company: { kind: 'chain' } });
    const a = await createMember(t.db, { username: 'own-a', company: { parentId: hq.companyId } });
    const b = await createMember(t.db, { username: 'own-b', company: { parentId: hq.companyId } });
    expect(await companyScope(t.db, single.companyId!)).toEqual([single.companyId]);
    expect(await companyScope(t.db, hq.companyId!)).toEqual([hq.companyId, a.companyId, b.companyId]);
    // A store acts only for itself, never for its head office or siblings.
    expect(await companyScope(t.db, a.companyId!)).toEqual([a.companyId]);
    expect(await companyScope(t.db, 999_999)).toEqual([]);
  });
});

describe('assertOwns', () => {
  it('passes for an owned row and answers 404 for anything else', () => {
    expect(() => assertOwns([1, 2], 2)).not.toThrow();
    for (const other of [3, null, undefined]) {
      try {
        assertOwns([1, 2], other);
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).status).toBe(404);
      }
    }
  });
});
