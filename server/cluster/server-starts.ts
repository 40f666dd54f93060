// Which starts of the shop's server are still running, so an Idempotency-Key claim left by one
// that died is taken over without waiting out the stale-claim timeout (docs/decisions/idempotency.md).
// Each start (all WORKERS of one `npm start` share its boot id) keeps a row with a heartbeat; a start
// is gone when its heartbeat is older than START_GONE_AFTER_MS, or when a new start took its place
// (the same host and port — two live starts cannot listen there), or, on the embedded database,
// as soon as any other start opens it (one process per data directory).
import os from 'node:os';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverStarts } from '../db/schema.ts';

export const START_HEARTBEAT_MS = 10_000;
export const START_GONE_AFTER_MS = 3 * START_HEARTBEAT_MS;

export interface StartRegistration {
  bootId: string;
  /** hostname:port of this start. */
  place: string;
  /** True on the embedded database: no other start can be running. */
  exclusive: boolean;
}

/** hostname:port; a start on a port the system picks (0) has a place of its own. */
export function startPlace(port: number, bootId: string): string {
  return port === 0 ? `${os.hostname()}:0:${bootId}` : `${os.hostname()}:${port}`;
}

/** Records this start (and forgets the ones it replaced). Safe to call from every worker. */
export async function registerStart(db: Db, start: StartRegistration, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const replaced = start.exclusive
      ? ne(serverStarts.bootId, start.bootId)
      : and(eq(serverStarts.place, start.place), ne(serverStarts.bootId, start.bootId));
    await tx.delete(serverStarts).where(replaced);
    await tx
      .insert(serverStarts)
      .values({ bootId: start.bootId, place: start.place, startedAt: now, lastSeenAt: now })
      .onConflictDoUpdate({ target: serverStarts.bootId, set: { lastSeenAt: now } });
  });
}

/** True while the start `bootId` may still be answering a request. */
export async function startIsRunning(db: Db, bootId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ lastSeenAt: serverStarts.lastSeenAt })
    .from(serverStarts)
    .where(eq(serverStarts.bootId, bootId))
    .limit(1);
  return row !== undefined && row.lastSeenAt.getTime() > now.getTime() - START_GONE_AFTER_MS;
}

/** Keeps this start's row fresh until stopped; a failed beat is logged and retried next time. */
export function startHeartbeat(
  db: Db,
  start: StartRegistration,
  clock: () => Date,
  intervalMs = START_HEARTBEAT_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = registerStart(db, { ...start, exclusive: false }, clock())
      .catch((err: unknown) => console.error('[server-starts] heartbeat failed', err))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
