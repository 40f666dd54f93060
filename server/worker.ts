// One of the processes `npm start` forks with WORKERS=n (server/ops/workers.ts); built, it is
// dist-server/worker.js (scripts/build-server.mjs), whose errors name the TypeScript lines.
process.setSourceMapsEnabled(true);
import { runMain } from './index.ts';
import { Refusal } from './ops/refusal.ts';

runMain().catch((err: unknown) => {
  console.error(...(err instanceof Refusal ? [`refusing to start: ${err.message}`] : ['failed to start', err]));
  process.exit(1);
});
