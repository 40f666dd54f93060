// No colour literal outside the design tokens (docs/decisions/style-system.md), checked on every
// `npm run check`. Colours live once, as custom properties in src/ui/tokens.css; everything else
// writes var(--color-…). Scanned:
//   - every .css file under src/ and admin/src/ (except the tokens file) and index.html's inline <style>;
//   - string literals in .ts/.tsx under src/ and admin/src/ (inline styles, SVG fills, colour tables).
// A colour literal is a hex colour (#rgb, #rgba, #rrggbb, #rrggbbaa), rgb()/rgba()/hsl()/hsla(),
// or a named colour as a CSS value (transparent, currentColor and inherit are not colours here).
// Comments never count. A line (or the line after a comment) carrying
// `colour-check: allow (<why>)` is exempt, for colours that are not styles (canvas pixels).
// index.html's theme-color meta and the web manifest are not CSS and are not scanned. Usage:
//   node scripts/check-colours.mjs [--root <repo dir>]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, styleSourceFiles } from './style-sources.mjs';

const TOKENS_FILE = 'src/ui/tokens.css';
const ALLOW_MARK = /colour-check: allow \(.+\)/;
const HEX = /#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})\b/i;
const COLOUR_FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/i;
/** Named colours a stylesheet here could plausibly write; the full CSS list is 148 names. */
const NAMED = [
  'white',
  'black',
  'red',
  'green',
  'blue',
  'gray',
  'grey',
  'silver',
  'orange',
  'yellow',
  'gold',
  'pink',
  'purple',
  'violet',
  'brown',
  'navy',
  'teal',
  'maroon',
  'olive',
  'lime',
  'aqua',
  'cyan',
  'magenta',
  'fuchsia',
  'tomato',
  'crimson',
  'coral',
  'salmon',
  'beige',
  'ivory',
  'khaki',
  'indigo',
  'whitesmoke',
  'gainsboro',
  'lightgray',
  'lightgrey',
  'darkgray',
  'darkgrey',
  'dimgray',
  'dimgrey',
  'darkred',
  'darkgreen',
  'darkblue',
  'lightblue',
  'lightgreen',
  'orangered',
  'firebrick',
];
/** A named colour counts only as (part of) the value of a CSS declaration. */
const NAMED_IN_CSS_VALUE = new RegExp(`:[^;{}]*?(?<![-\\w#.])(${NAMED.join('|')})(?![-\\w(])`, 'i');

/** Blanks /* *\/ comments, keeping line breaks so line numbers still match. */
function blankBlockComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
}

/** CSS with comments and quoted strings (grid area names, font names, urls) blanked. */
function cssValues(text) {
  return blankBlockComments(text)
    .replace(/(["'])(?:\\.|(?!\1)[^\n])*\1/g, (q) => q.replace(/[^\n]/g, ' '))
    .split('\n');
}

/** The string literals on each line of a TS source, comments dropped (good enough for colours). */
function stringsPerLine(text) {
  const lines = blankBlockComments(text).split('\n');
  return lines.map((line) => {
    const strings = [];
    const re = /(["'`])((?:\\.|(?!\1).)*)\1|\/\/.*$/g;
    let m;
    while ((m = re.exec(line))) if (m[1]) strings.push(m[2]);
    return strings.join(' ');
  });
}

function colourIn(text, css) {
  const found = HEX.exec(text) ?? COLOUR_FUNCTION.exec(text) ?? (css ? NAMED_IN_CSS_VALUE.exec(text) : null);
  if (!found) return null;
  return found[1] ?? found[0];
}

function allowed(rawLines, index) {
  return ALLOW_MARK.test(rawLines[index] ?? '') || ALLOW_MARK.test(rawLines[index - 1] ?? '');
}

function check(root) {
  const problems = [];
  const report = (file, rawLines, scanned, css) => {
    scanned.forEach((line, i) => {
      const colour = colourIn(line, css);
      if (colour && !allowed(rawLines, i)) problems.push(`  ${file}:${i + 1}  ${colour}`);
    });
  };
  for (const full of styleSourceFiles(root)) {
    const file = path.relative(root, full).split(path.sep).join('/');
    if (file === TOKENS_FILE) continue;
    const isCss = file.endsWith('.css');
    const isTs = /\.(?:[cm]?[jt]sx?)$/.test(file) && !file.endsWith('.d.ts');
    if (!isCss && !isTs) continue;
    const text = readFileSync(full, 'utf8');
    const rawLines = text.split('\n');
    report(file, rawLines, isCss ? cssValues(text) : stringsPerLine(text), isCss);
  }
  let html = '';
  try {
    html = readFileSync(path.join(root, 'index.html'), 'utf8');
  } catch {
    // A tree without index.html (a fixture) has nothing to scan there.
  }
  // Only the <style> blocks: blank everything else, keeping the line numbers.
  const styleOnly = html.replace(
    /([\s\S]*?)(<style>[\s\S]*?<\/style>|$)/g,
    (_, outside, style) => outside.replace(/[^\n]/g, ' ') + style,
  );
  report('index.html', html.split('\n'), cssValues(styleOnly), true);
  return problems;
}

const problems = check(repoRoot(process.argv.slice(2)));
if (problems.length > 0) {
  console.error(
    `check-colours: ${problems.length} colour literal(s) outside ${TOKENS_FILE}; add a token there and write var(--color-…):`,
  );
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('check-colours: no colour literal outside the tokens file');
