// scripts/check-colours.mjs on a small fixture tree: each kind of colour literal outside the
// tokens file fails the check with file:line; tokens, comments, non-colour words and the
// theme-color meta do not.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/check-colours.mjs');

const CLEAN: Record<string, string> = {
  'src/ui/tokens.css': ':root {\n  --color-brand: #087a54;\n  --color-white: white;\n}\n',
  'src/ui/button.module.css': [
    '/* brand green #087a54, as a token */',
    '.primary {',
    '  background: var(--color-brand);',
    '  color: var(--color-white);',
    '  border: 1px solid transparent;',
    '  fill: currentColor;',
    '}',
    '.grid { grid-template-areas: "red green"; }',
  ].join('\n'),
  'src/features/home/zones.tsx': [
    '// #c2410c is the orange tag',
    "export const ZONE = { color: 'var(--color-tag-orange)', href: '/red' };",
    '// colour-check: allow (canvas pixels, not a style)',
    "ctx.fillStyle = '#fff';",
  ].join('\n'),
  'index.html': [
    '<meta name="theme-color" content="#0b8a5f" />',
    '<style>',
    '  body { background: var(--color-page-bg); }',
    '</style>',
  ].join('\n'),
};

let root = '';

function runOn(extra: Record<string, string>) {
  root = mkdtempSync(path.join(os.tmpdir(), 'colours-'));
  for (const [file, text] of Object.entries({ ...CLEAN, ...extra })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

it('passes a tree whose colours are all tokens', () => {
  const run = runOn({});
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
});

it('fails on a planted colour literal of each kind, naming file:line', () => {
  const run = runOn({
    'src/features/cart/cart.module.css': [
      '.row {',
      '  color: #087a54;',
      '  background: rgba(0, 0, 0, 0.2);',
      '  border-color: hsl(120 50% 50%);',
      '  outline: 1px solid white;',
      '}',
    ].join('\n'),
    'src/ui/logo.tsx': '<rect style={{ fill: "#087A54" }} />',
    'index.html': '<meta name="theme-color" content="#0b8a5f" />\n<style>\n  body { color: #333; }\n</style>',
  });
  expect(run.status).toBe(1);
  const located = run.stderr
    .split('\n')
    .map((line) => /^\s+(\S+:\d+)\s/.exec(line)?.[1])
    .filter(Boolean)
    .sort();
  expect(located).toEqual([
    'index.html:3',
    'src/features/cart/cart.module.css:2',
    'src/features/cart/cart.module.css:3',
    'src/features/cart/cart.module.css:4',
    'src/features/cart/cart.module.css:5',
    'src/ui/logo.tsx:1',
  ]);
});
