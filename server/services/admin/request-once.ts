// Console actions a double click must not repeat (a balance adjustment, a grant) carry the
// console's request id. The action's audit row is written FIRST, with that id in its unique
// `request_key`: a second request with the same id finds the row (on PostgreSQL its INSERT waits
// for the first transaction and then conflicts) and answers what the first one did, changing
// nothing. A refused or failed first attempt rolls its row back, so a retry runs for real.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { validationError } from '../../http/envelope.ts';
import type { Actor } from './audit.ts';

export interface OnceTarget {
  action: string;
  targetType: string;
  targetId: number | null;
}

export type Claim = { claimed: true; auditId: number } | { claimed: false; after: unknown };

export const REQUEST_ID_REUSED = '请求编号已用于其他操作，请刷新后重试';

export async function claimRequest(
  tx: Db,
  actor: Actor,
  requestKey: string,
  target: OnceTarget,
  now: Date,
): Promise<Claim> {
  const [row] = await tx
    .insert(auditLog)
    .values({ staffId: actor.staffId, staffName: actor.name, ...target, ip: actor.ip, requestKey, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: auditLog.id });
  if (row) return { claimed: true, auditId: row.id };
  const [first] = await tx.select().from(auditLog).where(eq(auditLog.requestKey, requestKey)).limit(1);
  if (
    !first ||
    first.staffId !== actor.staffId ||
    first.action !== target.action ||
    first.targetType !== target.targetType ||
    first.targetId !== target.targetId
  ) {
    throw validationError({ request_id: [REQUEST_ID_REUSED] });
  }
  return { claimed: false, after: first.after };
}

/** Completes the claimed audit row with the change it records. */
export async function finishAudit(tx: Db, auditId: number, before: unknown, after: unknown): Promise<void> {
  await tx
    .update(auditLog)
    .set({ before: before ?? null, after: after ?? null })
    .where(eq(auditLog.id, auditId));
}
