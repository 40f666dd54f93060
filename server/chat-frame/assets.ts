// The chat frame's script and stylesheet, built once per process on first request: the script is
// bundled from client/main.ts by esbuild (already installed with tsx, which runs the server), the
// stylesheet is the shop's design tokens followed by the frame's own rules (colours only as tokens).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

const built = new Map<'js' | 'css', Promise<string>>();

async function bundleScript(): Promise<string> {
  // Imported when first needed: esbuild checks its host at import, which a jsdom test realm fails,
  // and only a process that serves the chat frame needs it.
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [path.join(here, 'client/main.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
  });
  return out.outputFiles[0].text;
}

async function stylesheet(): Promise<string> {
  const [tokens, own] = await Promise.all([readFile(path.join(root, 'src/ui/tokens.css'), 'utf8'), readFile(path.join(here, 'frame.css'), 'utf8')]);
  return `${tokens}\n${own}`;
}

export function frameAsset(kind: 'js' | 'css'): Promise<string> {
  let p = built.get(kind);
  if (!p) {
    p = kind === 'js' ? bundleScript() : stylesheet();
    // A failed build is retried on the next request rather than cached.
    p.catch(() => built.delete(kind));
    built.set(kind, p);
  }
  return p;
}
