// The server process bench/load.ts measures: what `npm start` runs after its build check
// (server/start.ts), i.e. one process, or WORKERS=n cluster workers on PostgreSQL. The build check
// is left out on purpose: the bench must not spend its time (or the shared cores) rebuilding dist/.
import { runWorkers, workerCount } from '../server/ops/workers.ts';
import { Refusal } from '../server/ops/refusal.ts';

async function main(): Promise<void> {
  const workers = workerCount(process.env);
  if (workers > 1) {
    runWorkers(workers);
    return;
  }
  const { runMain } = await import('../server/index.ts');
  await runMain();
}

main().catch((err: unknown) => {
  console.error(err instanceof Refusal ? `refusing to start: ${err.message}` : err);
  process.exit(1);
});
