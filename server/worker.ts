// One of the processes `npm start` forks with WORKERS=n (server/ops/workers.ts).
import { runMain } from './index.ts';
import { Refusal } from './ops/refusal.ts';

runMain().catch((err: unknown) => {
  console.error(...(err instanceof Refusal ? [`refusing to start: ${err.message}`] : ['failed to start', err]));
  process.exit(1);
});
