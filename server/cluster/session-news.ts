// With WORKERS=n each process keeps its own session memo (server/auth/session-memo.ts). A sign-out,
// a password change or an acting-store switch is made in one of them; this tells the others
// through the cluster primary, so they do not serve reads to the old session for the rest of the
// memo's TTL. Only token hashes and ids travel (never a token). Without a cluster nothing is sent.
import cluster, { type Worker } from 'node:cluster';

export const SESSIONS_CHANGED = 'sessions-changed';

/** What to forget: sessions by token hash, every session of members, of companies. */
export interface SessionNews {
  type: typeof SESSIONS_CHANGED;
  sessionIds?: string[];
  userIds?: number[];
  companyIds?: number[];
}

export const isSessionNews = (m: unknown): m is SessionNews =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === SESSIONS_CHANGED;

/** A worker tells its primary (which tells the other workers). */
export function announceSessionChange(news: Omit<SessionNews, 'type'>): void {
  if (cluster.isWorker && process.send) process.send({ type: SESSIONS_CHANGED, ...news } satisfies SessionNews);
}

/** Runs `heard` for news from another process of this start; only in a cluster worker. */
export function onSessionChangeElsewhere(heard: (news: SessionNews) => void): void {
  if (!cluster.isWorker) return;
  process.on('message', (m: unknown) => {
    if (isSessionNews(m)) heard(m);
  });
}

/** The primary: passes a worker's news on to every other worker. */
export function relaySessionNews(from: Worker, message: unknown, workers: readonly (Worker | undefined)[]): void {
  if (!isSessionNews(message)) return;
  for (const w of workers) if (w && w !== from && w.isConnected()) w.send(message);
}
