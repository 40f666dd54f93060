// One of the processes `npm start` forks with WORKERS=n (server/ops/workers.ts).
import { runMain } from '../index.ts';

runMain().catch((err: unknown) => {
  console.error('failed to start', err);
  process.exit(1);
});
