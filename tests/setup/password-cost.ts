// The in-process tests hash passwords at a cheaper scrypt cost than the shop does
// (docs/decisions/password-hashing.md "A cheaper cost in the tests"): at the shop's cost every
// sign-in, registration and seed held a core for ~180 ms, about 150 s of CPU over the suite.
// Still scrypt, through the same code; the tests of the cost itself go back to the shop's
// (atTheShopsPasswordCost), and every server process a test starts (tests/e2e, the multi-process
// API files) runs at the shop's.
import { beforeAll } from 'vitest';
import { TEST_PASSWORD_COST } from '../helpers/password-cost.ts';

// Before each file: API files share their worker's modules, and so the cost a file left. Imported
// when the hook runs: the unit and component files evaluate the app's modules afresh for each file
// (tests/setup/fresh-modules.ts), so the cost is set on the module the file's tests use.
beforeAll(async () => {
  const { setPasswordCostForTests } = await import('../../server/auth/password.ts');
  setPasswordCostForTests(TEST_PASSWORD_COST);
});
