// Real server processes for the operations tests: `node --import tsx server/index.ts` (or another
// entry) with its own environment, on a free port of 127.0.0.1. Every child is killed when its test
// file ends (tests/setup/child-servers.ts) and if the test process exits early.
//   const a = await spawnServer({ DATABASE_URL: url, SEED_GOODS: '30' });
//   await fetch(`${a.url}/api/health`); await a.stop('SIGTERM');
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_LINE = /listening on http:\/\/localhost:(\d+)/;
const READY_TIMEOUT_MS = 60_000;

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or -1 when killed by a signal) once the process has exited. */
  exited: Promise<number>;
  /** Sends `signal` and waits for the exit (SIGKILL after 15 s). */
  stop(signal?: NodeJS.Signals): Promise<number>;
}

const children = new Set<ChildProcess>();
const killAll = () => {
  for (const child of children) child.kill('SIGKILL');
};
process.once('exit', killAll);

/**
 * Kills the children a test file left running. Registered for every file by a setup file: the api,
 * integration and browser projects share modules between files (`isolate: false`), so a hook at this
 * module's top level would reach only a worker's first file.
 */
export async function killChildServers(): Promise<void> {
  await killAndWait(children);
}

/** SIGKILLs every child of a set that removes its children on exit, and waits until they have exited. */
export async function killAndWait(running: ReadonlySet<ChildProcess>): Promise<void> {
  await Promise.all(
    [...running].map((child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGKILL')))),
  );
}

/** Runs `entry` (relative to the repository) with `args` and returns once it exits (CLIs, refusals). */
export function runToExit(
  entry: string,
  env: NodeJS.ProcessEnv,
  args: string[] = [],
): Promise<{ code: number; output: string }> {
  const child = launch(entry, env, args);
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code: code ?? -1, output })));
}

function launch(entry: string, env: NodeJS.ProcessEnv, args: string[] = []): ChildProcess {
  // Hermetic: nothing from the developer's shell points the child at their database or data.
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'WORKERS', 'NODE_ENV', 'PORT', 'NODE_OPTIONS']) delete base[name];
  // A built entry (dist-server/*.js) runs on plain node, as production runs it; sources through tsx.
  const loader = entry.endsWith('.js') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...loader, entry, ...args], {
    cwd: REPO_ROOT,
    env: { ...base, HOST: '127.0.0.1', PORT: '0', SEED_GOODS: '30', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Starts a server process and resolves once it listens (its port comes from its log line). */
export async function spawnServer(
  env: NodeJS.ProcessEnv,
  entry = 'server/index.ts',
  readyTimeoutMs = READY_TIMEOUT_MS,
): Promise<ServerProcess> {
  const child = launch(entry, env);
  let output = '';
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : 0))),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not ready in ${readyTimeoutMs} ms:\n${output}`)),
      readyTimeoutMs,
    );
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = READY_LINE.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        void exited.then(() => clearTimeout(timer));
      }
      return exited;
    },
  };
}
