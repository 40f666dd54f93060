// The id of this start of the shop's server: one per `npm start`, shared by all of its WORKERS (the
// primary hands it to the workers it forks), new after every restart. An Idempotency-Key claim
// records it, so a claim left by a server that died mid-request can be told apart from one that is
// still being answered (server/cluster/server-starts.ts, docs/decisions/idempotency.md).
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';

export const BOOT_ID_ENV = 'SHOP_BOOT_ID';

// Only a worker takes it from the environment: any other process (a restarted server spawned by a
// test or a process manager) is a start of its own even if the variable leaked into its env.
const inherited = cluster.isWorker ? process.env[BOOT_ID_ENV]?.trim() : undefined;
const current = inherited ? inherited : randomUUID();

export function bootId(): string {
  return current;
}
