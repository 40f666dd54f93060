// Global setup of the e2e project (docs/decisions/test-layers.md, issue 30 §3): the server every
// browser file starts is bundled once per run into one ES module (esbuild, packages left to
// node_modules), and the harness runs that with plain node instead of `node --import tsx
// server/index.ts`. Loading hundreds of TypeScript modules through tsx's loader made each server
// start cost about twice as long, and a run starts forty of them.
// The bundle behaves as the sources do: every `import.meta.url` keeps its own file's URL (the
// migrations, the chat frame's assets and the project root are found from it), and the entry's
// "run when executed directly" check sees server/index.ts as the script.
import { mkdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Loader } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled server for this run; '' to run the sources through tsx. */
    e2eServerBundle: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = path.join(ROOT, 'server/index.ts');
const LOADERS: Record<string, Loader> = { '.ts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js' };

/** Where this run's bundle is written (the shared server's global setup runs it too). */
export function runBundlePath(): string {
  return path.join(ROOT, 'tests/e2e/.server', `run-${process.pid}`, 'index.mjs');
}

export default async function bundleServer(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.E2E_SERVER_BUNDLE === '0' || process.env.E2E_SERVER_ENTRY) {
    project.provide('e2eServerBundle', '');
    return undefined;
  }
  // Inside the repository, so the bundle's bare imports resolve to its node_modules (git-ignored).
  const outfile = runBundlePath();
  const dir = path.dirname(outfile);
  mkdirSync(dir, { recursive: true });
  await build({
    entryPoints: [ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    banner: { js: `process.argv[1] = ${JSON.stringify(ENTRY)};` },
    plugins: [
      {
        name: 'own-import-meta-url',
        setup(builder) {
          builder.onLoad({ filter: /\.(ts|tsx|js|mjs)$/ }, async (args) => {
            if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
            const text = await readFile(args.path, 'utf8');
            if (!text.includes('import.meta.url')) return undefined;
            const own = JSON.stringify(pathToFileURL(args.path).href);
            return { contents: text.replaceAll('import.meta.url', own), loader: LOADERS[path.extname(args.path)] };
          });
        },
      },
    ],
  });
  project.provide('e2eServerBundle', outfile);
  return () => rmSync(dir, { recursive: true, force: true });
}
