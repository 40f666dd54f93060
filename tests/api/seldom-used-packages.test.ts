// A server start loads no spreadsheet, PDF or DOM package (docs/decisions/production-build.md
// "Seldom-used packages"): a fresh node process imports the server's entry module (the app, every
// route and service) and lists the packages in its module cache; then it uses each lazy loader once,
// so the same listing shows the check would see a package that is loaded.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

const PROBE = `
import { createRequire } from 'node:module';
const req = createRequire(import.meta.url);
const loaded = () => ['jsdom', 'exceljs', 'pdfkit', 'isomorphic-dompurify'].filter((name) =>
  Object.keys(req.cache).some((file) => file.includes('/node_modules/' + name + '/')));
await import('./server/index.ts');
const atStart = loaded();
const lazy = await import('./server/services/seldom-used-packages.ts');
lazy.excel(); lazy.pdfDocument(); lazy.domPurify();
console.log(JSON.stringify({ atStart, afterUse: loaded() }));
`;

describe('server start', () => {
  it('loads exceljs, pdfkit and the sanitiser with its jsdom only when first used', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], {
      cwd: ROOT,
      timeout: 60_000,
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { atStart: string[]; afterUse: string[] };
    expect(result.atStart).toEqual([]);
    expect(result.afterUse.sort()).toEqual(['exceljs', 'isomorphic-dompurify', 'jsdom', 'pdfkit']);
  });
});
