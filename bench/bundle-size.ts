// Bundle budgets of DESIGN.md "Performance budgets", measured on the build in dist/:
//   - JS loaded before first paint (index.html's entry chunk + its static imports) ≤ 170 KiB gzip
//   - every other JS chunk (routes, lazily loaded libraries) ≤ 40 KiB gzip
//   - the service worker precache (what dist/sw.js lists) ≤ 2 MiB as stored (uncompressed)
// The entry and its static imports come from dist/.vite/manifest.json (vite.config.ts build.manifest).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { precacheUrls } from '../scripts/precache-pack';

export const FIRST_PAINT_JS_BUDGET_BYTES = 170 * 1024;
export const CHUNK_JS_BUDGET_BYTES = 40 * 1024;
export const PRECACHE_BUDGET_BYTES = 2 * 1024 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type ViteManifest = Record<string, ManifestChunk>;

export interface BudgetRow {
  what: string;
  files: string[];
  rawBytes: number;
  /** gzip size; null where the budget is on stored bytes (precache). */
  gzipBytes: number | null;
  budgetBytes: number | null;
  pass: boolean;
}

export interface BundleReport {
  rows: BudgetRow[];
  pass: boolean;
}

/** zlib's default level 6: what compression middleware and most servers send. */
function gzipSize(buf: Buffer): number {
  return gzipSync(buf).length;
}

function readManifest(distDir: string): ViteManifest {
  const file = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: run \`npm run build\` first (vite.config.ts must keep build.manifest: true).`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
}

/** Manifest keys reachable from the entry through static imports only. */
function firstPaintKeys(manifest: ViteManifest): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length === 0) throw new Error('dist/.vite/manifest.json has no entry chunk.');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  return [...seen];
}

function listJsFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listJsFiles(full, base));
    else if (entry.name.endsWith('.js')) out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out;
}

export function measureBundle(distDir: string): BundleReport {
  const manifest = readManifest(distDir);
  const size = (file: string) => readFileSync(path.join(distDir, file));
  const rows: BudgetRow[] = [];

  const firstPaintFiles = [...new Set(firstPaintKeys(manifest).map((key) => manifest[key].file))].filter((f) =>
    f.endsWith('.js'),
  );
  const firstPaintRaw = firstPaintFiles.reduce((sum, f) => sum + size(f).length, 0);
  const firstPaintGzip = firstPaintFiles.reduce((sum, f) => sum + gzipSize(size(f)), 0);
  rows.push({
    what: 'home: JS before first paint',
    files: firstPaintFiles,
    rawBytes: firstPaintRaw,
    gzipBytes: firstPaintGzip,
    budgetBytes: FIRST_PAINT_JS_BUDGET_BYTES,
    pass: firstPaintGzip <= FIRST_PAINT_JS_BUDGET_BYTES,
  });

  // Every other JS file of the app (manifest chunks and anything else under assets/).
  const firstPaint = new Set(firstPaintFiles);
  const names = new Map<string, string>();
  for (const chunk of Object.values(manifest)) {
    // Packages show as node_modules/<pkg>/…, not as a path relative to wherever the repo lives.
    const src = chunk.src?.replace(/^.*?node_modules\//, 'node_modules/');
    names.set(chunk.file, src ?? chunk.file);
  }
  const otherFiles = listJsFiles(path.join(distDir, 'assets'))
    .map((f) => `assets/${f}`)
    .filter((f) => !firstPaint.has(f))
    .sort();
  for (const file of otherFiles) {
    const buf = size(file);
    const gz = gzipSize(buf);
    rows.push({
      what: `chunk: ${names.get(file) ?? file}`,
      files: [file],
      rawBytes: buf.length,
      gzipBytes: gz,
      budgetBytes: CHUNK_JS_BUDGET_BYTES,
      pass: gz <= CHUNK_JS_BUDGET_BYTES,
    });
  }

  const swFile = path.join(distDir, 'sw.js');
  if (existsSync(swFile)) {
    const urls = precacheUrls(readFileSync(swFile, 'utf8'));
    const missing = urls.filter((u) => !existsSync(path.join(distDir, u)));
    const bytes = urls
      .filter((u) => !missing.includes(u))
      .reduce((sum, u) => sum + statSync(path.join(distDir, u)).size, 0);
    rows.push({
      what: `precache: ${urls.length} entries${missing.length ? ` (${missing.length} not in dist/: ${missing.join(', ')})` : ''}`,
      files: urls,
      rawBytes: bytes,
      gzipBytes: null,
      budgetBytes: PRECACHE_BUDGET_BYTES,
      pass: bytes <= PRECACHE_BUDGET_BYTES && missing.length === 0 && urls.length > 0,
    });
    const sw = readFileSync(swFile);
    rows.push({
      what: 'service worker (sw.js)',
      files: ['sw.js'],
      rawBytes: sw.length,
      gzipBytes: gzipSize(sw),
      budgetBytes: null,
      pass: true,
    });
  } else {
    rows.push({
      what: 'precache: dist/sw.js missing',
      files: [],
      rawBytes: 0,
      gzipBytes: null,
      budgetBytes: PRECACHE_BUDGET_BYTES,
      pass: false,
    });
  }

  return { rows, pass: rows.every((r) => r.pass) };
}

const kib = (bytes: number | null) => (bytes === null ? '-' : `${(bytes / 1024).toFixed(1)} KiB`);

export function formatReport(report: BundleReport): string {
  const header = ['what', 'raw', 'gzip', 'budget', 'result'];
  const body = report.rows.map((r) => [
    r.what,
    kib(r.rawBytes),
    kib(r.gzipBytes),
    r.budgetBytes === null ? '-' : `${kib(r.budgetBytes)}${r.gzipBytes === null ? ' raw' : ' gz'}`,
    r.budgetBytes === null ? 'info' : r.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((_, i) => Math.max(header[i].length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const firstPaint = report.rows[0];
  return [
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...body.map(line),
    '',
    `first paint loads: ${firstPaint.files.join(', ')}`,
    `bundle budgets: ${report.pass ? 'PASS' : 'FAIL'}`,
  ].join('\n');
}
