// Test layers (DESIGN.md; docs/decisions/test-layers.md): unit, api and integration run in node,
// component in jsdom, e2e drives Chromium.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // @domain/… and @ui/… (the console, the server) as tsconfig.json's paths define them.
  resolve: { tsconfigPaths: true },
  test: {
    setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/password-cost.ts'],
    // The default output, then the tests that passed only on a retry, named with their first error.
    reporters: ['default', './tests/setup/retried-tests-reporter.ts'],
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine.
    // At least two keep both cores busy with the node and jsdom files (much of their time is spent
    // waiting on child servers and PGlite I/O); the browser files run alone after them.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        // A loader test's first import of a route transforms the route's modules: past vitest's 5 s
        // default on a loaded machine. A ceiling, never a wait.
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 15_000,
          // The files of a worker share its process: a fresh process per file cost ~0.6 s of start
          // and imports each. Every file still gets the app's modules afresh, with its own mocks, and an
          // empty device store (tests/setup/fresh-modules.ts; docs/decisions/test-layers.md, session 27).
          isolate: false,
          setupFiles: ['tests/setup/fresh-modules.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Files in one worker share their imported modules: importing the server (transform done
          // once per run, but evaluated again for every file) cost 7–9 s a file, over 100 files.
          // The server keeps no state per module that a file could leave for the next — every cache
          // is keyed by its Deps or Db (docs/decisions/test-layers.md, session 14).
          isolate: false,
          testTimeout: 30_000,
          // A file's beforeAll may build a seeded database the others then load (tests/helpers/
          // test-app.ts), or start two servers; under load that passed 60 s. A ceiling, not a wait.
          hookTimeout: 120_000,
          // Under CI=true a missing TEST_DATABASE_URL fails the run instead of skipping PostgreSQL.
          globalSetup: ['tests/setup/postgres-in-ci.ts'],
          setupFiles: ['tests/setup/child-servers.ts'],
        },
      },
      {
        extends: true,
        // The local store (fake-indexeddb) and the real HTTP client against the real app.
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // As the api project: one import of the server and the local store per worker.
          isolate: false,
          setupFiles: ['tests/setup/child-servers.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          // The root setupFiles (fail-on-console-error, password-cost) are inherited through extends.
          setupFiles: ['tests/setup/fresh-modules.ts', 'tests/setup/component.ts'],
          // The files of a worker share its process and its jsdom: a fresh process per file spent
          // ~1.4 s starting jsdom and ~0.7 s importing React and the packages (the layer 194 → 60 s).
          // fresh-modules.ts gives each file the app's modules afresh (with its own vi.mock
          // factories), an empty device store, storage, cookies and globals; component.ts resets
          // what TanStack Query's package keeps (docs/decisions/test-layers.md, session 27).
          isolate: false,
          // Beside an API file on the other core a jsdom page can take 6 s: a generous ceiling, never a
          // timing assertion (tests wait for conditions, not for time).
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The files of a worker share their imports (Playwright, the harness): each file in a fresh
          // process spent ~1.2 s importing them; ~3 % less CPU (docs/decisions/test-layers.md, session
          // 26). Each file starts its own server and browser contexts; the harness's per-file hooks
          // are in a setup file, which runs again for every file.
          isolate: false,
          setupFiles: ['tests/setup/child-servers.ts', 'tests/setup/e2e-file-hooks.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll gives up after 1 s by default: a page's answer-then-render on a loaded CI machine
          // (two browser files, their servers and Chromium on 2 cores) took longer and failed a run
          // (messages.test, session 15). A ceiling, not a timing assertion.
          expect: { poll: { timeout: 15_000 } },
          // Under CI=true a failed browser test runs once more: two runs of CI (stops 42 and 43) were
          // lost to one browser test each that passed in every run here, alone and under load. The
          // retry is named in the run's tail with its first error (tests/setup/retried-tests-
          // reporter.ts) and the failed attempt's page state ([e2e-state] lines), so a flake is
          // seen and chased, not absorbed (docs/decisions/test-layers.md "A retry, named").
          retry: process.env.CI === 'true' ? 1 : 0,
          // Two browser files at a time (each has its own server, port and data folder, and they share
          // one Chromium): on a quiet 2-core machine 35 % less wall time than one at a time, the
          // service-worker files included (docs/decisions/test-layers.md, session 13). E2E_WORKERS=1
          // runs them one after another, for a loaded machine. (As many at once as the run's workers:
          // two here.)
          fileParallelism: process.env.E2E_WORKERS !== '1',
          // One Chromium for the whole run, connected to by every browser file, the server bundled
          // once so each start runs plain JavaScript, and (after the bundle, which it runs) the
          // seeded template and the server shared by the files that opt in (docs/decisions/
          // test-layers.md, sessions 10 and 15).
          globalSetup: [
            'tests/setup/e2e-chromium.ts',
            'tests/setup/e2e-server-bundle.ts',
            'tests/setup/e2e-shared-server.ts',
          ],
          // After every other project: a browser test shares the cores with servers and Chromium
          // only, never with a PGlite-heavy API file (its waits are generous, not unlimited).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
