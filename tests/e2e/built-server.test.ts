// Production runs built JavaScript (issue 30 §1): `npm run build` compiles the server into
// dist-server/ (scripts/build-server.mjs), and plain node runs it, with no tsx loader and no esbuild
// at run time. One server process as built (dist-server/worker.js, what `npm start` runs in each
// process) on a fresh embedded database serves the API, the shop, the console and the chat frame's
// script and stylesheet as the build made them. Needs `npm run build`, like every file here; no
// Chromium (the other tests here use tsx on purpose: docs/decisions/production-build.md).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT, spawnServer, type ServerProcess } from '../helpers/server-process.ts';

const BUILT = path.join(REPO_ROOT, 'dist-server');
/** Migrating and seeding PGlite beside other work on a 2-core machine: a ceiling, not a timing. */
const READY_TIMEOUT_MS = 170_000;

let server: ServerProcess;
let base = '';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'built-server-'));

beforeAll(async () => {
  // Plain node on the built entry (spawnServer runs a .js entry without the tsx loader).
  server = await spawnServer({ DATA_DIR: dataDir }, 'dist-server/worker.js', READY_TIMEOUT_MS);
  base = server.url;
}, READY_TIMEOUT_MS + 10_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('answers the API, with the demo data seeded on first start', async () => {
  const health = await fetch(`${base}/api/health`);
  expect(health.status).toBe(200);
  expect(((await health.json()) as { code: number }).code).toBe(10000);
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  expect(((await login.json()) as { code: number }).code).toBe(10000);
});

it('serves the shop and the console from dist/', async () => {
  const shop = await fetch(`${base}/`);
  expect(shop.status).toBe(200);
  expect(await shop.text()).toContain('<div id="root"');
  const admin = await fetch(`${base}/admin/`);
  expect(admin.status).toBe(200);
  expect(admin.headers.get('content-type')).toContain('text/html');
});

it("serves the chat frame's script and stylesheet the build made", async () => {
  const js = await fetch(`${base}/kf/chat.js`);
  expect(js.status).toBe(200);
  expect(js.headers.get('content-type')).toContain('text/javascript');
  expect(await js.text()).toBe(readFileSync(path.join(BUILT, 'chat-frame.js'), 'utf8'));
  const css = await fetch(`${base}/kf/chat.css`);
  expect(css.status).toBe(200);
  const text = await css.text();
  // The shop's tokens first (src/ui/tokens.css), then the frame's own rules.
  expect(text).toBe(readFileSync(path.join(BUILT, 'chat-frame.css'), 'utf8'));
  expect(text.indexOf(':root')).toBeLessThan(text.indexOf('.composer'));
});

it('stops cleanly on SIGTERM', async () => {
  expect(await server.stop('SIGTERM')).toBe(0);
});
