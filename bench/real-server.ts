// The real built app for browser benchmarks: `node --import tsx server/index.ts` on a free port
// with a fresh temporary DATA_DIR (seeded demo data, DATABASE_URL not inherited), and the system
// Chromium. Used by offline-start.ts and lighthouse.ts. (tests/e2e/harness.ts does the same for the
// browser tests but uses vitest's runner API, so benches cannot import it.)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

/** CHROME_PATH or /usr/bin/chromium when it and dist/index.html exist; else null (bench skipped). */
export function browserBenchPrerequisites(): string | null {
  const exe = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  return existsSync(exe) && existsSync(path.join(ROOT, 'dist', 'index.html')) ? exe : null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface BuiltServer {
  url: string;
  port: number;
  /** SIGTERM and wait for the exit; the data dir stays (an offline bench keeps the browser open). */
  stop(): Promise<void>;
  /** Stops the server if still running and removes its data dir. */
  dispose(): Promise<void>;
}

/** Starts the built server; resolves once it printed `listening on`. */
export async function startBuiltServer(
  opts: { seedGoods?: number; tmpPrefix?: string; env?: NodeJS.ProcessEnv; startTimeoutMs?: number } = {},
): Promise<BuiltServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), opts.tmpPrefix ?? 'bench-server-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...opts.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_GOODS: String(opts.seedGoods ?? 300),
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  let output = '';
  server.stderr.on('data', (d: Buffer) => (output += d.toString()));
  // BENCH_SERVER_LOG=1: the server's exit shows why (a bench that loses its server mid-run).
  if (process.env.BENCH_SERVER_LOG)
    server.once('exit', (code, signal) => console.error(`server exited (${code ?? signal}):\n${output.slice(-4000)}`));
  try {
    await new Promise<void>((resolve, reject) => {
      // A large seed (catalogue-pack-device.ts: 20,000 goods) takes minutes on a loaded machine.
      const limit = opts.startTimeoutMs ?? 120_000;
      const timer = setTimeout(() => reject(new Error(`server did not start in ${limit / 1000} s`)), limit);
      server.stdout.on('data', (d: Buffer) => {
        output += d.toString();
        if (output.includes('listening on')) {
          clearTimeout(timer);
          resolve();
        }
      });
      server.once('exit', () => reject(new Error(`server exited:\n${output}`)));
    });
  } catch (err) {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return {
    url: `http://localhost:${port}`,
    port,
    stop,
    dispose: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
