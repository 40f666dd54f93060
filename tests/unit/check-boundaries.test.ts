// scripts/check-boundaries.mjs on a small fixture tree: every rule fires with file:line, and
// comments, strings and regex literals that merely look like imports do not.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/check-boundaries.mjs');

const FIXTURE: Record<string, string> = {
  'src/features/cart/page.tsx': [
    "import { a } from '../search/hooks';",
    "import type { B } from '../../domain/money';",
    'import {',
    '  c,',
    "} from '../search/multi';",
    "// import { x } from '../search/commented';",
    'const s = "import y from \'../search/in-string\'";',
    "const re = /import z from '..\\/search\\/re'/;",
    "const lazy = () => import('../search/lazy');",
    "export * from '../search/reexport';",
    "import { own } from './own';",
    "const url = 'http://example.com//x'; import { Button } from '../../ui/button';",
  ].join('\n'),
  'src/domain/money.ts': [
    "import { z } from 'zod';",
    "import { readFileSync } from 'node:fs';",
    "import { ladder } from './pricing';",
    "import { api } from '../api/client';",
    "import React from 'react';",
  ].join('\n'),
  'server/routes/cart.ts': [
    "import { CODE_OK } from '../../src/domain/envelope.ts';",
    "import { api } from '../../src/http/client.ts';",
    "import { Hono } from 'hono';",
  ].join('\n'),
};

let root = '';

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(FIXTURE)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

it('reports each violation with file:line and exits 1', () => {
  const run = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
  expect(run.status).toBe(1);
  const located = run.stderr
    .split('\n')
    .map((line) => /^\s+(\S+:\d+)\s/.exec(line)?.[1])
    .filter(Boolean)
    .sort();
  expect(located).toEqual(
    [
      'src/features/cart/page.tsx:1', // ../search/hooks
      'src/features/cart/page.tsx:5', // multi-line import, reported at its specifier
      'src/features/cart/page.tsx:9', // dynamic import
      'src/features/cart/page.tsx:10', // re-export
      'src/domain/money.ts:2', // node:fs
      'src/domain/money.ts:4', // ../api/client
      'src/domain/money.ts:5', // react
      'server/routes/cart.ts:2', // src/api from the server
    ].sort(),
  );
});

it('passes a clean tree', () => {
  const clean = mkdtempSync(path.join(os.tmpdir(), 'boundaries-clean-'));
  try {
    mkdirSync(path.join(clean, 'src/features/cart'), { recursive: true });
    writeFileSync(path.join(clean, 'src/features/cart/page.tsx'), "import { x } from '../../domain/money';\n");
    const run = spawnSync(process.execPath, [SCRIPT, '--root', clean], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Boundaries OK');
  } finally {
    rmSync(clean, { recursive: true, force: true });
  }
});
