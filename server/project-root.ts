// The project's folder (the one with package.json), found from this file's own place: server/ when
// run from source (tsx, tests), dist-server/ when run as `npm run build` compiled it, where every
// module is bundled into files one level down. Paths of the checkout (migrations, dist/, data/)
// are taken from here so they hold either way.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));
