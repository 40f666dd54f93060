// Global setup of the e2e project (docs/decisions/test-layers.md, issue 30 §3): one Chromium per
// test run, shared by every browser file. Each file connects to it (harness launchBrowser) and
// works in contexts of its own, which share no cookies, storage, caches or service workers; a file
// that needs other Chromium switches (a fake camera) still launches its own. Launching Chromium
// per file cost each file a second or more of a shared core.
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's endpoint; '' when there is none (no Chromium: the files skip). */
    chromiumWsEndpoint: string;
  }
}

export default async function shareChromium(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const executablePath = findChromium();
  if (!executablePath || process.env.E2E_SHARED_CHROMIUM === '0') {
    project.provide('chromiumWsEndpoint', '');
    return undefined;
  }
  const server = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS });
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
