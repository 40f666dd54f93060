// A short-lived in-process memo of the session read (docs/decisions/session-memo.md). Under load
// 97–99 % of catalogue reads are stored answers, and what each of them still paid was the session
// statement, waiting for the embedded database's one connection behind every other request
// (bench/README.md "Issue 21 §4"). A buyer seen a moment ago is recalled from here instead.
//
// Correctness rests on three things:
// - Only safe-method reads use it (server/auth/session.ts decides); every write reads fresh.
// - Anything in this process that changes a session, a user, a company or its certificates
//   forgets (forgetSession / forgetUserSessions / forgetCompanySessions; every console write
//   forgets all through onCatalogueChange), and forgetting bumps a generation so a read that was
//   already in flight cannot store what it read before the change.
// - Other WORKERS processes hear of these forgets (server/cluster/session-news.ts), and of console
//   writes as catalogue news (the epoch). SESSION_MEMO_TTL_MS bounds what nothing forgets: direct
//   SQL, another machine, news still on its way.
import type { Deps } from '../deps.ts';
import type { CertificateFacts } from '@domain/qualifications.ts';
import { catalogueEpoch, onCatalogueChange } from '../cluster/catalogue-news.ts';
import { announceSessionChange, onSessionChangeElsewhere, type SessionNews } from '../cluster/session-news.ts';

/** How long a session read is recalled before the database is asked again. */
export const SESSION_MEMO_TTL_MS = 2_000;
/** Sessions remembered at once per app (least recently used go first). */
export const SESSION_MEMO_MAX = 10_000;

/** The row sessionMiddleware selects: the member, the acting company and its facts. */
export interface SessionRow {
  userId: number;
  username: string;
  companyId: number | null;
  lastSeenAt: Date;
  expiresAt: Date;
  actingCompanyId: number | null;
  viewerCompanyId: number | null;
  reviewStatus: string | null;
  isSpecial: boolean | null;
  rank: number | null;
  kind: string | null;
  scope: string[] | null;
  certs: CertificateFacts[];
}

interface Entry {
  row: SessionRow;
  /** The app clock's ms when read from the database. */
  readAt: number;
  /** catalogueEpoch() when the read began: a console write elsewhere makes it stale. */
  epoch: number;
}

interface Memo {
  /** Token hash → entry, in least-recently-used order. */
  entries: Map<string, Entry>;
  /** Bumped by every forget: a read that began before it does not store its row. */
  generation: number;
  hits: number;
  misses: number;
}

const memos = new WeakMap<Deps, Memo>();
/** Every app's memo, so a service that only has a db handle can still forget in all of them. */
const everyMemo = new Set<WeakRef<Memo>>();

function memoOf(deps: Deps): Memo {
  let memo = memos.get(deps);
  if (!memo) {
    memo = { entries: new Map(), generation: 0, hits: 0, misses: 0 };
    memos.set(deps, memo);
    everyMemo.add(new WeakRef(memo));
  }
  return memo;
}

/** Forgets the entries that `drop` selects in every app of this process (over-forgetting is safe). */
function forgetWhere(drop: (id: string, row: SessionRow) => boolean): void {
  for (const ref of everyMemo) {
    const memo = ref.deref();
    if (!memo) {
      everyMemo.delete(ref);
      continue;
    }
    memo.generation++;
    for (const [id, e] of memo.entries) if (drop(id, e.row)) memo.entries.delete(id);
  }
}

/** Forgets in this process what `news` names (from here or from another WORKERS process). */
export function forgetSessionsNamedIn(news: Omit<SessionNews, 'type'>): void {
  const sessionIds = new Set(news.sessionIds ?? []);
  const userIds = new Set(news.userIds ?? []);
  const companyIds = new Set(news.companyIds ?? []);
  forgetWhere(
    (id, row) =>
      sessionIds.has(id) ||
      userIds.has(row.userId) ||
      (row.companyId !== null && companyIds.has(row.companyId)) ||
      (row.viewerCompanyId !== null && companyIds.has(row.viewerCompanyId)) ||
      (row.actingCompanyId !== null && companyIds.has(row.actingCompanyId)),
  );
}
onSessionChangeElsewhere(forgetSessionsNamedIn);

function forgetEverywhere(news: Omit<SessionNews, 'type'>): void {
  forgetSessionsNamedIn(news);
  announceSessionChange(news);
}

/** One session ended or changed (sign-out, a new sign-in over it, acting-store switch). */
export function forgetSession(sessionId: string): void {
  forgetEverywhere({ sessionIds: [sessionId] });
}

/** Every session of a member (password change or reset, the member's row changed). */
export function forgetUserSessions(userId: number): void {
  forgetEverywhere({ userIds: [userId] });
}

/** Every session that acts for or belongs to a company (its review, certificates, details). */
export function forgetCompanySessions(companyId: number): void {
  forgetEverywhere({ companyIds: [companyId] });
}

// A console write (any successful non-GET under /api/admin, including a company's review, rank,
// store relations) forgets the whole memo of that app, like the catalogue's stored answers.
onCatalogueChange((deps) => {
  const memo = memos.get(deps);
  if (!memo) return;
  memo.generation++;
  memo.entries.clear();
});

/** The remembered row of `sessionId`, if it was read less than SESSION_MEMO_TTL_MS ago. */
export function recallSession(deps: Deps, sessionId: string, now: number): SessionRow | undefined {
  const memo = memoOf(deps);
  const e = memo.entries.get(sessionId);
  if (e) {
    memo.entries.delete(sessionId);
    if (now - e.readAt < SESSION_MEMO_TTL_MS && now >= e.readAt && e.epoch === catalogueEpoch()) {
      memo.entries.set(sessionId, e);
      memo.hits++;
      return e.row;
    }
  }
  memo.misses++;
  return undefined;
}

/** Taken before the session statement; rememberSession stores only if nothing was forgotten since. */
export interface ReadTicket {
  generation: number;
  epoch: number;
}

export function beginSessionRead(deps: Deps): ReadTicket {
  return { generation: memoOf(deps).generation, epoch: catalogueEpoch() };
}

/** Stores a row just read from the database (never a missing session: see the decision record). */
export function rememberSession(deps: Deps, sessionId: string, row: SessionRow, ticket: ReadTicket, now: number): void {
  const memo = memoOf(deps);
  if (memo.generation !== ticket.generation || catalogueEpoch() !== ticket.epoch) return;
  memo.entries.delete(sessionId);
  memo.entries.set(sessionId, { row, readAt: now, epoch: ticket.epoch });
  if (memo.entries.size > SESSION_MEMO_MAX) memo.entries.delete(memo.entries.keys().next().value!);
}

/** Hit and miss counts of one app (tests, and a look while benchmarking). */
export function sessionMemoStats(deps: Deps): { hits: number; misses: number; size: number } {
  const memo = memos.get(deps);
  return { hits: memo?.hits ?? 0, misses: memo?.misses ?? 0, size: memo?.entries.size ?? 0 };
}
