// The audit trail: every operator action writes one row, in the same transaction as the change it
// records, so a row exists exactly when the change does. Admins search it (GET /api/admin/audit).
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { AuditEntry, Paged } from '@domain/admin.ts';
import { pageOf, rowsBefore } from '../../db/paging.ts';
import { escapeLike } from '../../db/like.ts';

export interface Actor {
  staffId: number;
  name: string;
  ip: string;
}

export interface AuditWrite {
  action: string;
  targetType: string;
  targetId: number | null;
  before?: unknown;
  after?: unknown;
}

export async function writeAudit(db: Db, actor: Actor, entry: AuditWrite, now: Date): Promise<void> {
  await db.insert(auditLog).values({
    staffId: actor.staffId,
    staffName: actor.name,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
    createdAt: now,
  });
}

export interface AuditQuery {
  staffId?: number;
  action?: string;
  targetType?: string;
  targetId?: number;
  /** Free text over the operator's name and the action. */
  q?: string;
  from?: Date;
  to?: Date;
  page: number;
  size: number;
}

export async function searchAudit(db: Db, query: AuditQuery): Promise<Paged<AuditEntry>> {
  const where: SQL[] = [];
  if (query.staffId !== undefined) where.push(eq(auditLog.staffId, query.staffId));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.targetType) where.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId !== undefined) where.push(eq(auditLog.targetId, query.targetId));
  if (query.from) where.push(gte(auditLog.createdAt, query.from));
  if (query.to) where.push(lt(auditLog.createdAt, query.to));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const text = or(ilike(auditLog.staffName, pattern), ilike(auditLog.action, pattern));
    if (text) where.push(text);
  }
  const cond = where.length > 0 ? and(...where) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(cond);
  const rows = await db
    .select()
    .from(auditLog)
    .where(cond)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.size)
    .offset(rowsBefore(query));
  return pageOf(
    query,
    total,
    rows.map((r) => ({
      id: r.id,
      staff_id: r.staffId,
      staff_name: r.staffName,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      before: r.before,
      after: r.after,
      ip: r.ip,
      created_at: r.createdAt.getTime(),
    })),
  );
}
