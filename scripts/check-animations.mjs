// Every CSS animation under src/ and admin/src/ moves only `transform` and `opacity`, the two
// properties the compositor animates without the page's main thread. An animation of anything
// else (background-position, width, top, …) restyles and repaints on every frame: the list
// skeleton's shimmer did so for ~120 bones, about 1.5 s of main thread at 4× CPU while an offline
// first search was reading the catalogue (docs/decisions/offline-list-drawing.md "Skeletons").
// Checked on every `npm run check`. Usage: node scripts/check-animations.mjs [--root <repo dir>]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, styleSourceFiles } from './style-sources.mjs';

const COMPOSITED = new Set(['transform', 'opacity']);

/** The body of each `@keyframes name { … }` (braces balanced), with its line, comments blanked. */
function keyframes(text) {
  const css = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  const found = [];
  const re = /@keyframes\s+([\w-]+)\s*\{/g;
  let m;
  while ((m = re.exec(css))) {
    let depth = 1;
    let i = re.lastIndex;
    while (i < css.length && depth > 0) {
      if (css[i] === '{') depth += 1;
      else if (css[i] === '}') depth -= 1;
      i += 1;
    }
    found.push({ name: m[1], line: css.slice(0, m.index).split('\n').length, body: css.slice(re.lastIndex, i - 1) });
  }
  return found;
}

const problems = [];
const root = repoRoot(process.argv.slice(2));
for (const full of styleSourceFiles(root).filter((file) => file.endsWith('.css'))) {
  const file = path.relative(root, full).split(path.sep).join('/');
  for (const { name, line, body } of keyframes(readFileSync(full, 'utf8'))) {
    const properties = [...body.matchAll(/([\w-]+)\s*:/g)].map((d) => d[1].toLowerCase());
    const others = [...new Set(properties.filter((p) => !COMPOSITED.has(p)))];
    if (others.length > 0) problems.push(`  ${file}:${line}  @keyframes ${name} animates ${others.join(', ')}`);
  }
}
if (problems.length > 0) {
  console.error(
    `check-animations: ${problems.length} animation(s) move more than transform and opacity (each frame then restyles and repaints on the main thread):`,
  );
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('check-animations: every animation moves only transform and opacity');
