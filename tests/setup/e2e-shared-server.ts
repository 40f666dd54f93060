// Global setup of the e2e project (docs/decisions/test-layers.md, session 15): before the first
// browser file, (1) the run's seeded template is made here, so no browser worker waits a seed's
// minute for it, and (2) one server is started from a copy of it and shared by the browser files
// that opt in (harness `sharedServer()`: files that write nothing another of them reads). A file's
// own server cost 10–25 s of a 2-core machine to start (node loading the bundle, PGlite compiling
// its WebAssembly and opening the copied data directory) plus the copy and the stop.
// E2E_SHARED_SERVER=0: no shared server (opted-in files start their own), the template is made by
// the first browser file as before.
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium } from '../e2e/chromium';
import {
  copyTemplate,
  dropDataDirDatabase,
  REPO_ROOT,
  seededTemplate,
  spawnOnFreePort,
  timingsNote,
  type SpawnOptions,
} from '../e2e/server-child';
import { runBundlePath } from './e2e-server-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The file where the run's shared server is announced once it listens (JSON {url, port, dataDir},
     * or {error}); '' when there is none.
     */
    e2eSharedServer: string;
  }
}

/** What the announcement file holds (read by the harness's `sharedServer()`). */
export type SharedServerNote = { url: string; port: number; dataDir: string } | { error: string };

export default function shareServer(project: TestProject): (() => Promise<void>) | undefined {
  project.provide('e2eSharedServer', '');
  // Without a Chromium the browser files skip; without a build they fail with the harness's message.
  if (process.env.E2E_SHARED_SERVER === '0' || process.env.E2E_SERVER_ENTRY || !findChromium()) return undefined;
  if (!existsSync(path.join(REPO_ROOT, 'dist/index.html'))) return undefined;
  const bundle = runBundlePath();
  const how: SpawnOptions = {
    bundle: process.env.E2E_SERVER_BUNDLE !== '0' && existsSync(bundle) ? bundle : null,
    note: timingsNote(() => 'global-setup'),
    // A run that ends without its teardown (aborted) must not leave the server behind.
    track: (child) => void process.once('exit', () => child.kill('SIGKILL')),
  };
  const noteFile = path.join(os.tmpdir(), `yaodian-e2e-shared-${process.pid}.json`);
  const announce = (note: SharedServerNote) => {
    writeFileSync(`${noteFile}.part`, JSON.stringify(note));
    renameSync(`${noteFile}.part`, noteFile);
  };
  rmSync(noteFile, { force: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yaodian-e2e-shared-'));
  // Not awaited: vitest runs every project's global setup before the first test of the run, so in
  // `npm test` the seed and this start overlap the other projects' files instead of delaying them.
  // The template's lock is taken before this returns (seededTemplate is synchronous up to its
  // first await): a browser file that asks first waits for it rather than seeding again.
  const starting = (async () => {
    // Keyed by this process: the browser workers' parent, as the harness keys it (process.ppid).
    const template = await seededTemplate(process.pid, how);
    await copyTemplate(template, dataDir);
    const server = await spawnOnFreePort({}, dataDir, how);
    announce({ url: server.url, port: server.port, dataDir });
    return server;
  })().catch((error: unknown) => {
    announce({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    return null;
  });
  project.provide('e2eSharedServer', noteFile);
  return async () => {
    await (await starting)?.stop();
    await dropDataDirDatabase(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(noteFile, { force: true });
  };
}
