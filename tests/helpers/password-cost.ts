// The scrypt cost of the in-process tests (tests/setup/password-cost.ts) and the way back to the
// shop's own for the tests of the cost itself (docs/decisions/password-hashing.md "A cheaper cost
// in the tests").
import { afterAll, beforeAll } from 'vitest';
import { PASSWORD_COST, setPasswordCostForTests } from '../../server/auth/password.ts';

/** N=2^10, r=8, p=1: a 1 MiB block, ~2 ms a hash (the shop's N=2^14, r=8, p=5: ~180 ms). */
export const TEST_PASSWORD_COST = { logN: 10, r: 8, p: 1 } as const;

/** In the enclosing describe (or file), hashes are made and judged at the shop's cost. */
export function atTheShopsPasswordCost(): void {
  beforeAll(() => setPasswordCostForTests(PASSWORD_COST));
  afterAll(() => setPasswordCostForTests(TEST_PASSWORD_COST));
}
