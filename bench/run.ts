// `npm run bench`: every benchmark in turn; exits 1 if any budget fails. See bench/README.md.
//   npm run bench -- --only lighthouse,bundle    (comma-separated names from BENCHES below)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatReport, measureBundle } from './bundle-size';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function bundleBudgets(): boolean {
  console.log('== Bundle size (dist/) ==');
  const report = measureBundle(path.join(ROOT, 'dist'));
  console.log(formatReport(report));
  return report.pass;
}

const BENCHES: [string, () => Promise<boolean> | boolean][] = [
  ['bundle', bundleBudgets],
  ['cart', async () => (await import('./cart')).cartBudget()],
  ['catalogue', async () => (await import('./catalogue')).catalogueBudget()],
  ['checkout', async () => (await import('./checkout')).checkoutBudget()],
  ['load', async () => (await import('./load')).loadBudget()],
  ['offline-start', async () => (await import('./offline-start')).offlineStartBudget()],
  ['sw-install', async () => (await import('./sw-install')).swInstallReport()],
  [
    'hydration',
    async () => {
      const bench = await import('./hydration');
      const shift = await bench.hydrationBudget();
      return (await bench.hydrationCost()) && shift;
    },
  ],
  ['lighthouse', async () => (await import('./lighthouse')).lighthouseBudget()],
  ['main-thread', async () => (await import('./main-thread')).mainThreadReport()],
  ['password-burst', async () => (await import('./password-burst')).passwordBurstBudget()],
  ['nginx', async () => (await import('./nginx')).nginxComparison()],
  ['integration', async () => (await import('./integration')).integrationBudget()],
  ['order-feed', async () => (await import('./order-feed')).orderFeedBudget()],
];

const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? (process.argv[onlyAt + 1] ?? '').split(',').filter(Boolean) : [];
const unknown = only.filter((name) => !BENCHES.some(([n]) => n === name));
if (unknown.length > 0)
  throw new Error(`unknown bench ${unknown.join(', ')}; known: ${BENCHES.map(([n]) => n).join(', ')}`);

const results: boolean[] = [];
for (const [name, run] of BENCHES) if (only.length === 0 || only.includes(name)) results.push(await run());
process.exitCode = results.every(Boolean) ? 0 : 1;
