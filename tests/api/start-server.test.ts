// server/index.ts: a real listening server over an on-disk PGlite, seeded on first start only.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/index.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'start-server-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('startServer', () => {
  it('migrates, seeds once, serves the API and shuts down cleanly', { timeout: 90_000 }, async () => {
    const lines: string[] = [];
    const opts = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      seedGoods: 30,
      nodeEnv: 'test',
      staticDir: dataDir,
      log: (l: string) => lines.push(l),
    };
    const first = await startServer(opts);
    expect(lines.some((l) => l.startsWith('seeding demo data'))).toBe(true);
    expect(lines).toContain(`listening on http://localhost:${first.port}`);
    const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
    expect((await health.json()).code).toBe(10000);
    // Idle connections outlive nginx's upstream keep-alive (60 s): a pooled POST is never reset.
    expect(health.headers.get('keep-alive')).toBe('timeout=65');
    const login = await fetch(`http://127.0.0.1:${first.port}/api/user/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'demo', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toMatch(/^sid=/);
    await first.close();

    lines.length = 0;
    const second = await startServer(opts);
    expect(lines.some((l) => l.startsWith('seeding'))).toBe(false);
    await second.close();
  });
});
