// scripts/precompress.mjs, the last step of `npm run build`: each text file of the build compressed
// beside itself, which server/http/static.ts and nginx then send as they are.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'precompress-test-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'admin', 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.ssr'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>药店</title>'.repeat(50));
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log("首页");\n'.repeat(400));
  writeFileSync(path.join(dist, 'admin', 'assets', 'console-def.css'), '.a{color:red}\n'.repeat(300));
  writeFileSync(path.join(dist, 'assets', 'logo-1.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(dist, '.ssr', 'server-render.js'), 'export {}');
  await run(process.execPath, ['scripts/precompress.mjs', dist]);
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes a brotli and a gzip copy beside every text file, the console included', () => {
    for (const file of ['index.html', 'assets/index-abc.js', 'admin/assets/console-def.css']) {
      const raw = readFileSync(path.join(dist, file));
      const br = readFileSync(path.join(dist, `${file}.br`));
      const gz = readFileSync(path.join(dist, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(raw)).toBe(true);
      expect(gunzipSync(gz).equals(raw)).toBe(true);
      expect(br.length).toBeLessThan(raw.length / 4);
    }
  });

  it('leaves pictures and the hidden folders (never served) alone', () => {
    expect(existsSync(path.join(dist, 'assets', 'logo-1.png.br'))).toBe(false);
    expect(existsSync(path.join(dist, '.ssr', 'server-render.js.br'))).toBe(false);
  });

  it('refuses a folder that is not there', async () => {
    await expect(run(process.execPath, ['scripts/precompress.mjs', path.join(dist, 'missing')])).rejects.toThrow(
      /is not a folder/,
    );
  });
});
