// .dependency-cruiser.cjs through scripts/check-layers.mjs (what `npm run check` runs), on small
// planted trees: a clean tree passes, and each rule refuses its planted violation.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCRIPT = path.join(REPO, 'scripts/check-layers.mjs');

type Tree = Record<string, string>;

/** A tree that keeps every rule: one file per layer, each importing the layer below. */
const CLEAN: Tree = {
  'src/domain/money.ts': "import { z } from 'zod';\nexport const yuan = z.number();\n",
  'src/domain/cart-types.ts': "import type { yuan } from './money';\nexport type Line = { price: typeof yuan };\n",
  'src/http/client.ts': "import type { Line } from '../domain/cart-types';\nexport const post = (l: Line) => l;\n",
  'src/local/writes.ts': "import { post } from '../http/client';\nexport const cartAdd = post;\n",
  'src/local/index.ts': "export { cartAdd } from './writes';\n",
  'src/api/cart.ts': "import { cartAdd } from '../local';\nexport const useAddToCart = () => cartAdd;\n",
  'src/ui/button.tsx': "import { yuan } from '../domain/money';\nexport const Button = () => String(yuan);\n",
  'src/widgets/add-to-cart.tsx':
    "import { useAddToCart } from '../api/cart';\nimport { Button } from '../ui/button';\nexport const AddToCart = () => [useAddToCart, Button];\n",
  'src/features/cart/page.tsx':
    "import { AddToCart } from '../../widgets/add-to-cart';\nimport { rows } from './rows';\nexport default () => [AddToCart, rows];\n",
  'src/features/cart/rows.ts': 'export const rows = 1;\n',
  'src/features/search/page.tsx': "import { cartAdd } from '../../local';\nexport default cartAdd;\n",
  'src/routes/tree.tsx':
    "export const pages = [() => import('../features/cart/page'), () => import('../features/search/page')];\n",
  'src/app/app.tsx': "import { pages } from '../routes/tree';\nexport const App = pages;\n",
  'src/main.tsx': "import { App } from './app/app';\nexport default App;\n",
  'server/db/schema.ts': 'export const goods = 1;\n',
  'server/http/envelope.ts': 'export const ok = 1;\n',
  'server/services/cart.ts':
    "import { goods } from '../db/schema';\nimport { ok } from '../http/envelope';\nexport const cart = [goods, ok];\n",
  'server/routes/cart.ts':
    "import type { Line } from '../../src/domain/cart-types';\nimport { cart } from '../services/cart';\nexport const route = (l: Line) => [cart, l];\n",
  'server/seed/index.ts': "import { cart } from '../services/cart';\nexport const seed = cart;\n",
  'server/app.ts': "import { route } from './routes/cart';\nexport const app = route;\n",
  'server/index.ts':
    "import { app } from './app';\nimport { seed } from './seed/index';\nexport const run = [app, seed];\n",
  'sw/sw.ts':
    "import { yuan } from '../src/domain/money';\nimport { names } from './cache-names';\nexport default [yuan, names];\n",
  'sw/cache-names.ts': "export const names = ['catalogue-v1'];\n",
  'admin/src/api/client.ts': "import { yuan } from '@domain/money';\nexport const get = () => yuan;\n",
  'admin/src/widgets/table.tsx':
    "import { Button } from '@ui/button';\nimport { get } from '../api/client';\nexport const Table = [Button, get];\n",
  'admin/src/pages/companies/page.tsx': "import { Table } from '../../widgets/table';\nexport const Page = Table;\n",
  'admin/src/pages/audit/page.tsx': "import { get } from '../../api/client';\nexport const Page = get;\n",
  'admin/src/app/router.tsx':
    "import { Page } from '../pages/companies/page';\nimport { Page as Audit } from '../pages/audit/page';\nexport const router = [Page, Audit];\n",
  'tests/unit/anything.test.ts':
    "import { cartAdd } from '../../src/local/writes';\nimport { route } from '../../server/routes/cart';\nexport default [cartAdd, route];\n",
};

/** Stand-ins for the packages the tree imports, so they resolve inside it. */
const PACKAGES: Tree = Object.fromEntries(
  ['zod', 'react'].flatMap((name) => [
    [`node_modules/${name}/package.json`, JSON.stringify({ name, main: 'index.js' })],
    [`node_modules/${name}/index.js`, 'module.exports = {};\n'],
  ]),
);

let root = '';

function run(plant: Tree): { status: number | null; out: string } {
  root = mkdtempSync(path.join(os.tmpdir(), 'layers-'));
  for (const [file, text] of Object.entries({ ...PACKAGES, ...CLEAN, ...plant })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const result = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
  return { status: result.status, out: result.stdout + result.stderr };
}

/**
 * Each case starts dependency-cruiser in a process of its own: a few seconds on a busy 2-core
 * machine. A generous ceiling, not a timing assertion.
 */
const CRUISE_TIMEOUT_MS = 60_000;

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

it(
  'passes a tree that keeps every rule',
  () => {
    const { status, out } = run({});
    expect(out).toContain('no dependency violations found');
    expect(status).toBe(0);
  },
  CRUISE_TIMEOUT_MS,
);

describe('refuses', () => {
  const cases: { name: string; rule: string; plant: Tree; edge: string }[] = [
    {
      name: 'an import cycle made of type-only imports',
      rule: 'no-circular',
      plant: {
        'src/domain/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
        'src/domain/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
      },
      edge: 'src/domain/a.ts → ',
    },
    {
      name: 'an upward import (local/ → api/)',
      rule: 'layer-local',
      plant: {
        'src/local/writes.ts': "import { useAddToCart } from '../api/cart';\nexport const cartAdd = useAddToCart;\n",
      },
      edge: 'src/local/writes.ts → src/api/cart.ts',
    },
    {
      name: 'a feature importing another feature',
      rule: 'feature-isolation',
      plant: { 'src/features/search/page.tsx': "import { rows } from '../cart/rows';\nexport default rows;\n" },
      edge: 'src/features/search/page.tsx → src/features/cart/rows.ts',
    },
    {
      name: 'ui/ importing api/',
      rule: 'ui-pure',
      plant: {
        'src/ui/button.tsx': "import { useAddToCart } from '../api/cart';\nexport const Button = useAddToCart;\n",
      },
      edge: 'src/ui/button.tsx → src/api/cart.ts',
    },
    {
      name: 'domain/ importing react',
      rule: 'domain-pure',
      plant: { 'src/domain/money.ts': "import { useState } from 'react';\nexport const yuan = useState;\n" },
      edge: 'src/domain/money.ts → node_modules/react',
    },
    {
      name: 'server/ importing src/api',
      rule: 'server-only-domain',
      plant: {
        'server/http/envelope.ts':
          "import { useAddToCart } from '../../src/api/cart';\nexport const ok = useAddToCart;\n",
      },
      edge: 'server/http/envelope.ts → src/api/cart.ts',
    },
    {
      name: 'server/http/ importing a service (upward)',
      rule: 'server-rank-http',
      plant: { 'server/http/stored.ts': "import { cart } from '../services/cart';\nexport const stored = cart;\n" },
      edge: 'server/http/stored.ts → server/services/cart.ts',
    },
    {
      name: 'server/db/ importing the demo data (upward)',
      rule: 'server-rank-db',
      plant: { 'server/db/client.ts': "import { seed } from '../seed/index';\nexport const client = seed;\n" },
      edge: 'server/db/client.ts → server/seed/index.ts',
    },
    {
      name: 'a route importing the demo data (same rank)',
      rule: 'server-rank-routes',
      plant: { 'server/routes/dev.ts': "import { seed } from '../seed/index';\nexport const dev = seed;\n" },
      edge: 'server/routes/dev.ts → server/seed/index.ts',
    },
    {
      name: 'a server file in no rank',
      rule: 'server-ranked',
      plant: { 'server/misc/helper.ts': "import { goods } from '../db/schema';\nexport const helper = goods;\n" },
      edge: 'server/misc/helper.ts → server/db/schema.ts',
    },
    {
      name: 'sw/ importing src/local',
      rule: 'sw-only-domain',
      plant: { 'sw/cache-names.ts': "import { cartAdd } from '../src/local';\nexport const names = [cartAdd];\n" },
      edge: 'sw/cache-names.ts → src/local/index.ts',
    },
    {
      name: "the console importing the shop's api/",
      rule: 'console-shares-pure-code-only',
      plant: {
        'admin/src/api/client.ts':
          "import { useAddToCart } from '../../../src/api/cart';\nexport const get = useAddToCart;\n",
      },
      edge: 'admin/src/api/client.ts → src/api/cart.ts',
    },
    {
      name: 'an upward import in the console (api/ → pages/)',
      rule: 'console-layer-api',
      plant: {
        'admin/src/api/client.ts': "import { Page } from '../pages/audit/page';\nexport const get = () => Page;\n",
      },
      edge: 'admin/src/api/client.ts → admin/src/pages/audit/page.tsx',
    },
    {
      name: 'a console page importing another page',
      rule: 'console-pages-isolated',
      plant: {
        'admin/src/pages/audit/page.tsx':
          "import { Page as Other } from '../companies/page';\nexport const Page = Other;\n",
      },
      edge: 'admin/src/pages/audit/page.tsx → admin/src/pages/companies/page.tsx',
    },
    {
      name: 'the shop importing the console',
      rule: 'nothing-imports-console',
      plant: {
        'src/app/app.tsx':
          "import { pages } from '../routes/tree';\nimport { router } from '../../admin/src/app/router';\nexport const App = [pages, router];\n",
      },
      edge: 'src/app/app.tsx → admin/src/app/router.tsx',
    },
    {
      name: 'an aliased import, checked as the file it names (domain/ → @ui/)',
      rule: 'domain-pure',
      plant: { 'src/domain/money.ts': "import { Button } from '@ui/button';\nexport const yuan = Button;\n" },
      edge: 'src/domain/money.ts → src/ui/button.tsx',
    },
    {
      name: 'an aliased import the check cannot follow',
      rule: 'resolvable',
      plant: { 'admin/src/api/client.ts': "import { yuan } from '@domain/monee';\nexport const get = () => yuan;\n" },
      edge: 'admin/src/api/client.ts → @domain/monee',
    },
    {
      name: "an import of local/'s internals from outside it",
      rule: 'local-entry',
      plant: {
        'src/api/cart.ts': "import { cartAdd } from '../local/writes';\nexport const useAddToCart = () => cartAdd;\n",
      },
      edge: 'src/api/cart.ts → src/local/writes.ts',
    },
  ];

  it.each(cases)(
    '$name ($rule)',
    ({ rule, plant, edge }) => {
      const { status, out } = run(plant);
      // The exit code is the number of violations (an upward import may also close a cycle).
      expect(status).toBeGreaterThan(0);
      const reported = out.split('\n').filter((line) => line.includes(`error ${rule}:`));
      expect(reported.join('\n')).toContain(edge);
    },
    CRUISE_TIMEOUT_MS,
  );
});
