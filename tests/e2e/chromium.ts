// Finding and starting the system Chromium for the browser tests, without vitest's test hooks, so
// the e2e project's global setup (tests/setup/e2e-chromium.ts) can use it as well as the harness.
// DESIGN.md "Running": without a Chromium the browser tests are skipped with one loud line, except
// under CI=true, where that is an error.
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Debian's chromium-headless-shell first: the same Chromium (same version, same Blink and V8) built
 * without the browser's UI layer — what Playwright itself runs for headless tests. The browser files
 * take ~15 % less wall time on it than on the full browser in headless mode (docs/decisions/
 * test-layers.md, session 26). The full browser is used when the shell is not installed; the benches
 * keep the full browser, a buyer's (bench/real-server.ts).
 */
const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** CHROME_PATH, else a system Chromium; null when none (throws under CI=true). */
export function findChromium(): string | null {
  const configured = process.env.CHROME_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROME_PATH=${configured} does not exist.`);
    return configured;
  }
  const found = CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
  if (found) return found;
  if (process.env.CI === 'true') {
    throw new Error('CI=true but no Chromium found: install it (apt-get install chromium) or set CHROME_PATH.');
  }
  announceSkipOnce();
  return null;
}

/** Every e2e file imports the harness; the skip line is printed by the first one only. */
function announceSkipOnce(): void {
  // The vitest main process is our parent (forks pool): one marker file per test run.
  const marker = path.join(os.tmpdir(), `e2e-skip-announced-${process.ppid}`);
  try {
    writeFileSync(marker, '', { flag: 'wx' });
  } catch {
    return;
  }
  console.warn(
    '\n!!!!! SKIPPING BROWSER TESTS: no Chromium found (set CHROME_PATH or install chromium; under CI=true this is an error) !!!!!\n',
  );
}
