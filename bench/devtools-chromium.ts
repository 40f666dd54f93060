// A Chromium for Lighthouse runs (bench/lighthouse.ts, bench/nginx.ts): its DevTools port and a
// profile of its own, removed on close.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, freePort } from './real-server';

/** Chromium with a DevTools port (Lighthouse opens its own tab there) and a throwaway profile. */
export async function launchDevtoolsChromium(
  exe: string,
  args: readonly string[] = CHROMIUM_ARGS,
): Promise<{ port: number; close(): Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-profile-'));
  const child: ChildProcess = spawn(
    exe,
    [...args, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open DevTools in 30 s:\n${err}`)), 30_000);
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      if (err.includes('DevTools listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => reject(new Error(`Chromium exited:\n${err}`)));
  });
  return {
    port,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      // Chromium's helper processes may still be writing their cache after the browser exited: a
      // bench that had printed its figures then died on ENOTEMPTY (session 23). Retried, not failed.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}
