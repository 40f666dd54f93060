// What the style checks (check-colours.mjs, check-animations.mjs) read: the repository root (or
// `--root <dir>`, for their fixture tests) and every file under the shop's and the console's sources.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function repoRoot(argv) {
  const i = argv.indexOf('--root');
  if (i >= 0 && argv[i + 1]) return path.resolve(argv[i + 1]);
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
}

function walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** Every file under src/ and admin/src/ (the console uses the same tokens), dot files and node_modules left out. */
export function styleSourceFiles(root) {
  return [...walk(path.join(root, 'src')), ...walk(path.join(root, 'admin', 'src'))];
}
