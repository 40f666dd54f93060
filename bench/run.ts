// `npm run bench`: every benchmark in turn; exits 1 if any budget fails. See bench/README.md.
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

const results = [bundleBudgets()];
results.push(await (await import('./cart')).cartBudget());
results.push(await (await import('./catalogue')).catalogueBudget());
results.push(await (await import('./checkout')).checkoutBudget());
results.push(await (await import('./offline-start')).offlineStartBudget());
process.exitCode = results.every(Boolean) ? 0 : 1;
