// The folder boundaries of DESIGN.md "Layout", checked on every `npm run check`:
//   1. a feature (src/features/<a>/) never imports another feature's files (src/features/<b>/);
//   2. server/ imports nothing from src/ except src/domain/;
//   3. src/domain/ imports nothing from outside src/domain/ (pure: no react, dexie, node:*, …).
// Imports are found by scanning the source with comments and string contents blanked out, so a
// commented-out import or an import-like string never counts. Usage:
//   node scripts/check-boundaries.mjs [--root <repo dir>]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_EXT = /\.(?:[cm]?[jt]sx?)$/;
/**
 * Packages src/domain/ may import: only pure, isomorphic ones, each a design decision (write it
 * in docs/decisions/). zod: the shared validators (STYLE.md "the page and the server refuse
 * the same inputs with the same Chinese message") are zod schemas; zod has no DOM, node or I/O.
 */
const DOMAIN_ALLOWED_PACKAGES = ['zod'];

function parseArgs(argv) {
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
  const files = [];
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...walk(full));
    else if (SOURCE_EXT.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/**
 * Returns the source with comments replaced by spaces and string/template/regex contents by
 * `_`, keeping every newline and every string's quotes, so offsets and line numbers still match.
 * Template substitutions `${…}` are kept as code (they may hold `import('…')`).
 */
function maskSource(src) {
  const out = src.split('');
  const blank = (from, to) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  const fill = (from, to) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = '_';
  };
  // After these, `/` starts a regex literal, not a division.
  const regexAfter = new Set(['', '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^']);
  const templateDepth = []; // brace depth at each open `${`
  let braceDepth = 0;
  let lastSignificant = '';
  let i = 0;
  const n = src.length;

  const skipString = (quote) => {
    const start = i + 1;
    i++;
    while (i < n && src[i] !== quote && src[i] !== '\n') i += src[i] === '\\' ? 2 : 1;
    fill(start, Math.min(i, n));
    i++;
  };
  // Scans template text from i (just after ` or }) to the closing ` or to a `${`.
  const scanTemplateText = () => {
    const start = i;
    while (i < n && src[i] !== '`') {
      if (src[i] === '\\') {
        i += 2;
        continue;
      }
      if (src[i] === '$' && src[i + 1] === '{') {
        fill(start, i);
        i += 2;
        templateDepth.push(braceDepth);
        braceDepth++;
        return;
      }
      i++;
    }
    fill(start, Math.min(i, n));
    i++;
  };

  while (i < n) {
    const c = src[i];
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      const end = src.indexOf('\n', i);
      blank(i, end < 0 ? n : end);
      i = end < 0 ? n : end;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      blank(i, end < 0 ? n : end + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (c === "'" || c === '"') {
      skipString(c);
      lastSignificant = 'x';
      continue;
    }
    if (c === '`') {
      i++;
      scanTemplateText();
      lastSignificant = 'x';
      continue;
    }
    if (c === '/' && regexAfter.has(lastSignificant)) {
      const start = i + 1;
      i++;
      let inClass = false;
      while (i < n && src[i] !== '\n') {
        if (src[i] === '\\') {
          i += 2;
          continue;
        }
        if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
        else if (src[i] === '/' && !inClass) break;
        i++;
      }
      fill(start, Math.min(i, n));
      i++;
      lastSignificant = 'x';
      continue;
    }
    if (c === '{') braceDepth++;
    if (c === '}') {
      braceDepth--;
      if (templateDepth.length > 0 && templateDepth[templateDepth.length - 1] === braceDepth) {
        templateDepth.pop();
        i++;
        scanTemplateText();
        lastSignificant = 'x';
        continue;
      }
    }
    if (!/\s/.test(c)) {
      // A keyword like `return /re/` also precedes a regex; identifiers/numbers count as 'x'.
      if (/[\w$]/.test(c)) {
        let j = i;
        while (j < n && /[\w$]/.test(src[j])) j++;
        const word = src.slice(i, j);
        lastSignificant = ['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'void', 'yield', 'await'].includes(word)
          ? ''
          : 'x';
        i = j;
        continue;
      }
      lastSignificant = c === ')' || c === ']' ? 'x' : c;
    }
    i++;
  }
  return out.join('');
}

const IMPORT_PATTERNS = [
  /\bimport\s+(?:type\s+)?[\w$*{}\s,]+?\s+from\s*(['"])/g, // import x from '…', import type { … } from '…'
  /\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(['"])/g, // export … from '…'
  /\bimport\s*(['"])/g, // import '…'
  /\bimport\s*\(\s*(['"])/g, // import('…')
  /\brequire\s*\(\s*(['"])/g, // require('…')
];

/** Yields { specifier, line } for every import-like reference in a file. */
function findImports(src) {
  const masked = maskSource(src);
  const found = [];
  for (const pattern of IMPORT_PATTERNS) {
    pattern.lastIndex = 0;
    let m;
    while ((m = pattern.exec(masked)) !== null) {
      const quoteAt = m.index + m[0].length - 1;
      const end = src.indexOf(m[1], quoteAt + 1);
      if (end < 0) continue;
      const specifier = src.slice(quoteAt + 1, end);
      const line = src.slice(0, quoteAt).split('\n').length;
      found.push({ specifier, line });
    }
  }
  return found;
}

const toPosix = (p) => p.split(path.sep).join('/');

/** Which room a repo-relative path is in: { area, feature? } */
function roomOf(rel) {
  const m = /^src\/features\/([^/]+)\//.exec(rel);
  if (m) return { area: 'feature', feature: m[1] };
  if (rel.startsWith('src/domain/')) return { area: 'domain' };
  if (rel.startsWith('src/')) return { area: 'src' };
  if (rel.startsWith('server/')) return { area: 'server' };
  return { area: 'other' };
}

function check(root) {
  const violations = [];
  const files = [...walk(path.join(root, 'src')), ...walk(path.join(root, 'server'))];
  for (const file of files) {
    const rel = toPosix(path.relative(root, file));
    const from = roomOf(rel);
    for (const { specifier, line } of findImports(readFileSync(file, 'utf8'))) {
      const relative = specifier.startsWith('.');
      const target = relative ? toPosix(path.relative(root, path.resolve(path.dirname(file), specifier))) : null;
      const to = target ? roomOf(`${target}/`) : null;
      const where = `${rel}:${line}`;

      if (from.area === 'feature' && to?.area === 'feature' && to.feature !== from.feature) {
        violations.push(`${where}  feature "${from.feature}" imports feature "${to.feature}" ('${specifier}'): share through domain/, api/, local/ or ui/`);
      }
      if (from.area === 'server' && to && (to.area === 'src' || to.area === 'feature')) {
        violations.push(`${where}  server/ imports '${specifier}': only src/domain/ is shared with the server`);
      }
      if (from.area === 'domain') {
        const outside = relative ? to?.area !== 'domain' : !DOMAIN_ALLOWED_PACKAGES.includes(specifier);
        if (outside) {
          violations.push(`${where}  src/domain/ imports '${specifier}': domain code stays pure (no packages, no node:*, nothing outside src/domain/)`);
        }
      }
    }
  }
  return { violations, fileCount: files.length };
}

const root = parseArgs(process.argv.slice(2));
const { violations, fileCount } = check(root);
if (violations.length > 0) {
  console.error(`Boundary violations (${violations.length}):`);
  for (const v of violations) console.error(`  ${v}`);
  process.exit(1);
}
console.log(`Boundaries OK (${fileCount} files in src/ and server/).`);
