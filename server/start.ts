// `npm start` (scripts/start.mjs runs this as built, dist-server/start.js): refuses bad settings,
// builds the PWA and the operator console when dist/ is missing or older than their sources, then
// starts the server: one process, or WORKERS=n processes on PostgreSQL (server/ops/workers.ts). A
// fresh clone therefore needs only `npm install && npm start`.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './project-root.ts';
import { Refusal } from './ops/refusal.ts';
import { runWorkers, workerCount } from './ops/workers.ts';
import { readShopSettings } from './ops/shop-settings.ts';

const root = projectRoot;
/** What the vite build reads. */
const BUILD_INPUTS = [
  'src',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'admin',
  'vite.admin.config.ts',
  'vite.ssr.config.ts',
  'scripts/precompress.mjs',
  'package.json',
];
/**
 * The shop first (it empties dist/), then the console into dist/admin/, then the server renderer
 * into dist/.ssr/, then each text file compressed beside itself (scripts/precompress.mjs).
 */
const BUILDS: string[][] = [
  ['npx', 'vite', 'build'],
  ['npx', 'vite', 'build', '-c', 'vite.admin.config.ts'],
  ['npx', 'vite', 'build', '-c', 'vite.ssr.config.ts'],
  [process.execPath, 'scripts/precompress.mjs'],
];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function buildIsStale(): boolean {
  const built = path.join(root, 'dist', 'index.html');
  const consoleBuilt = path.join(root, 'dist', 'admin', 'index.html');
  const rendererBuilt = path.join(root, 'dist', '.ssr', 'server-render.js');
  if (![built, consoleBuilt, rendererBuilt].every((file) => existsSync(file))) return true;
  const builtAt = Math.min(...[built, consoleBuilt, rendererBuilt].map((file) => statSync(file).mtimeMs));
  return BUILD_INPUTS.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

function runBuild([command, ...args]: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} exited with ${code}`)),
    );
  });
}

async function build(): Promise<void> {
  for (const args of BUILDS) await runBuild(args);
}

async function main(): Promise<void> {
  // Refuse a bad setting before spending a minute on the build.
  const workers = workerCount(process.env);
  readShopSettings(process.env, process.env.NODE_ENV === 'production');
  if (buildIsStale()) {
    console.log('building the PWA and the console (dist/ is missing or older than their sources)…');
    await build();
  }
  if (workers > 1) {
    runWorkers(workers);
    return;
  }
  const { runMain } = await import('./index.ts');
  await runMain();
}

main().catch((err: unknown) => {
  console.error(
    err instanceof Refusal ? `refusing to start: ${err.message}` : err instanceof Error ? err.message : err,
  );
  process.exit(1);
});
