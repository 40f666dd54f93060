// Runs dependency-cruiser with .dependency-cruiser.cjs over src/, admin/, sw/, server/ and tests/ (README
// "Layout", docs/decisions/layers.md); `npm run check` calls it. Exit code 1 on any violation.
//   node scripts/check-layers.mjs [--root <dir>]   (--root: a fixture tree, tests only)
// Through the API rather than the `depcruise` CLI: the CLI refuses Node 20 (it follows Node's
// release line), the API it wraps runs fine on it. Switch to `depcruise --config
// .dependency-cruiser.cjs src sw server tests` once the project requires Node 22.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, format } from 'dependency-cruiser';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--root');
const root = at >= 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]) : repo;
const config = createRequire(import.meta.url)(path.join(repo, '.dependency-cruiser.cjs'));
const scanned = ['src', 'admin', 'sw', 'server', 'tests'].filter((dir) => existsSync(path.join(root, dir)));
// The path aliases (@domain/…, @ui/…) of tsconfig.json, resolved inside the scanned tree, so an
// aliased import is checked like the relative one it stands for (docs/decisions/layers.md).
const { compilerOptions } = JSON.parse(readFileSync(path.join(repo, 'tsconfig.json'), 'utf8'));
const alias = Object.fromEntries(
  Object.entries(compilerOptions.paths ?? {}).map(([name, [target]]) => [
    name.replace(/\/\*$/, ''),
    path.join(root, target.replace(/\/\*$/, '')),
  ]),
);

// dependency-cruiser matches rule paths against paths relative to the working directory.
process.chdir(root);
const result = await cruise(
  scanned,
  { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } },
  { alias },
);
const report = await format(result.output, { outputType: 'err' });
process.stdout.write(report.output);
process.exitCode = report.exitCode;
