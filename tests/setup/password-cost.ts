// The in-process tests hash passwords at a cheaper scrypt cost than the shop does
// (docs/decisions/password-hashing.md "A cheaper cost in the tests"): at the shop's cost every
// sign-in, registration and seed held a core for ~180 ms, about 150 s of CPU over the suite.
// Still scrypt, through the same code; the tests of the cost itself go back to the shop's
// (atTheShopsPasswordCost), and every server process a test starts (tests/e2e, the multi-process
// API files) runs at the shop's.
import { beforeAll } from 'vitest';
import { setPasswordCostForTests } from '../../server/auth/password.ts';
import { TEST_PASSWORD_COST } from '../helpers/password-cost.ts';

// Before each file: API files share their worker's modules, and so the cost a file left.
beforeAll(() => setPasswordCostForTests(TEST_PASSWORD_COST));
