// scripts/check-animations.mjs on a small fixture tree: an animation of transform and opacity
// passes; one that moves anything else (the old skeleton shimmer's background-position) fails
// with file:line and the property, in the shop and in the console alike.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/check-animations.mjs');

const CLEAN: Record<string, string> = {
  'src/ui/skeleton.module.css': [
    '/* a comment naming background-position: is not an animation */',
    '.pulse { animation: pulse 1.6s infinite; background-position: 0 0; }',
    '@keyframes pulse {',
    '  50% { opacity: 0.5; }',
    '}',
  ].join('\n'),
  'src/ui/toast.module.css':
    '@keyframes toast-in {\n  from { opacity: 0; transform: translateY(-6px); }\n  to { opacity: 1; transform: none; }\n}\n',
};

let root = '';

function runOn(extra: Record<string, string>) {
  root = mkdtempSync(path.join(os.tmpdir(), 'animations-'));
  for (const [file, text] of Object.entries({ ...CLEAN, ...extra })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

it('passes animations of transform and opacity only', () => {
  const run = runOn({});
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
});

it('fails an animation of any other property, naming file, line and property', () => {
  const run = runOn({
    'src/features/catalog/list.module.css': [
      '.bone { animation: shimmer 1.2s infinite linear; }',
      '',
      '@keyframes shimmer {',
      '  from {',
      '    background-position: 100% 0;',
      '  }',
      '  to {',
      '    background-position: -100% 0;',
      '  }',
      '}',
    ].join('\n'),
    'admin/src/pages/x.module.css': '@keyframes grow {\n  to { width: 100%; opacity: 1; }\n}\n',
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(
    'src/features/catalog/list.module.css:3  @keyframes shimmer animates background-position',
  );
  expect(run.stderr).toContain('admin/src/pages/x.module.css:1  @keyframes grow animates width');
});
