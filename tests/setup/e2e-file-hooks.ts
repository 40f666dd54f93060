// The browser files' shared hooks. A setup file runs again before every test file, also with the e2e
// project's `isolate: false` (vitest.config.ts), where the harness module is evaluated once per
// worker and hooks registered at its top level would reach only the worker's first file.
import { afterAll, afterEach } from 'vitest';
import { checkPagesAfterTest, endBrowserFile } from '../e2e/harness';

// Registered before the file's own hooks, so they run after them (vitest's after-hooks run as a
// stack): a file's afterAll stops its servers first, then no server or data dir of it is left.
afterEach(checkPagesAfterTest);
afterAll(endBrowserFile);
