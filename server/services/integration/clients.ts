// Integration clients (issue 34 §1 "Credentials"): created, rotated and revoked by a 管理员 in the
// console, each change in the audit log. A key id is public; the secret is shown once, in the
// answer that made it, and stored sealed (seal.ts).
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { integrationCalls, integrationClients, integrationSecrets } from '../../db/schema.ts';
import { notFound, validationError } from '../../http/envelope.ts';
import { writeAudit, type Actor } from '../admin/audit.ts';
import {
  ROTATION_OVERLAP_DEFAULT_MINUTES,
  type IntegrationCallView,
  type IntegrationClientView,
  type IntegrationCredentials,
  type IntegrationScope,
} from '@domain/integration.ts';
import { SEALING_KEY_MISSING_MSG, seal, sealingKey } from './seal.ts';

export const CLIENT_NOT_FOUND = '对接凭证不存在';

const newKeyId = () => `kyk_${randomBytes(12).toString('hex')}`;
const newSecret = () => `kys_${randomBytes(32).toString('base64url')}`;

type ClientRow = typeof integrationClients.$inferSelect;

function view(row: ClientRow, previousExpiresAt: Date | null): IntegrationClientView {
  return {
    id: row.id,
    name: row.name,
    key_id: row.keyId,
    scopes: row.scopes as IntegrationScope[],
    note: row.note,
    created_at: row.createdAt.getTime(),
    revoked_at: row.revokedAt?.getTime() ?? null,
    last_used_at: row.lastUsedAt?.getTime() ?? null,
    previous_secret_expires_at: previousExpiresAt?.getTime() ?? null,
  };
}

function requireSealingKey(): Buffer {
  const key = sealingKey();
  if (!key) throw validationError({ _form: [SEALING_KEY_MISSING_MSG] });
  return key;
}

export interface NewClient {
  name: string;
  scopes: IntegrationScope[];
  note: string;
}

/** Inserts a client and its first secret in `tx`; the caller writes the audit row. */
export async function insertClient(
  tx: Db,
  input: NewClient,
  createdBy: number | null,
  now: Date,
  bootstrap = false,
): Promise<IntegrationCredentials> {
  const key = requireSealingKey();
  const secret = newSecret();
  const [row] = await tx
    .insert(integrationClients)
    .values({
      name: input.name,
      keyId: newKeyId(),
      scopes: [...new Set(input.scopes)],
      note: input.note,
      createdBy,
      createdAt: now,
      bootstrap,
    })
    .returning();
  await tx.insert(integrationSecrets).values({ clientId: row!.id, sealed: seal(key, secret), createdAt: now });
  return { client: view(row!, null), key_id: row!.keyId, secret };
}

export async function createClient(db: Db, actor: Actor, input: NewClient, now: Date): Promise<IntegrationCredentials> {
  return withTx(db, async (tx) => {
    const created = await insertClient(tx, input, actor.staffId, now);
    await writeAudit(
      tx,
      actor,
      {
        action: 'integration_client.create',
        targetType: 'integration_client',
        targetId: created.client.id,
        after: { name: input.name, key_id: created.key_id, scopes: created.client.scopes },
      },
      now,
    );
    return created;
  });
}

async function lockedClient(tx: Db, id: number): Promise<ClientRow> {
  const [row] = await tx.select().from(integrationClients).where(eq(integrationClients.id, id)).for('update');
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return row;
}

/**
 * A new secret; the ones valid now keep working `overlapMinutes` more (0: stop at once), so the
 * ERP can switch without a gap. Returns the new secret, shown this once.
 */
export async function rotateSecret(
  db: Db,
  actor: Actor,
  id: number,
  overlapMinutes: number = ROTATION_OVERLAP_DEFAULT_MINUTES,
  now: Date,
): Promise<IntegrationCredentials> {
  const key = requireSealingKey();
  return withTx(db, async (tx) => {
    const row = await lockedClient(tx, id);
    if (row.revokedAt) throw validationError({ _form: ['该对接凭证已停用，不能轮换密钥'] });
    const until = new Date(now.getTime() + overlapMinutes * 60_000);
    // Secrets still valid now end at `until` (never later than they would have).
    await tx
      .update(integrationSecrets)
      .set({ expiresAt: until })
      .where(
        and(
          eq(integrationSecrets.clientId, id),
          or(isNull(integrationSecrets.expiresAt), gt(integrationSecrets.expiresAt, until)),
        ),
      );
    const secret = newSecret();
    await tx.insert(integrationSecrets).values({ clientId: id, sealed: seal(key, secret), createdAt: now });
    await writeAudit(
      tx,
      actor,
      {
        action: 'integration_client.rotate',
        targetType: 'integration_client',
        targetId: id,
        after: { overlap_minutes: overlapMinutes, previous_valid_until: until.toISOString() },
      },
      now,
    );
    return { client: view(row, overlapMinutes > 0 ? until : null), key_id: row.keyId, secret };
  });
}

/** Stops the client at once: every request with its key id is refused from now on. */
export async function revokeClient(db: Db, actor: Actor, id: number, now: Date): Promise<IntegrationClientView> {
  return withTx(db, async (tx) => {
    const row = await lockedClient(tx, id);
    if (row.revokedAt) return view(row, null);
    const [updated] = await tx
      .update(integrationClients)
      .set({ revokedAt: now })
      .where(eq(integrationClients.id, id))
      .returning();
    await writeAudit(
      tx,
      actor,
      {
        action: 'integration_client.revoke',
        targetType: 'integration_client',
        targetId: id,
        before: { revoked_at: null },
        after: { revoked_at: now.toISOString() },
      },
      now,
    );
    return view(updated!, null);
  });
}

export async function listClients(db: Db, now: Date): Promise<IntegrationClientView[]> {
  const rows = await db.select().from(integrationClients).orderBy(desc(integrationClients.id));
  if (rows.length === 0) return [];
  const older = await db
    .select({ clientId: integrationSecrets.clientId, expiresAt: integrationSecrets.expiresAt })
    .from(integrationSecrets)
    .where(
      and(
        inArray(
          integrationSecrets.clientId,
          rows.map((r) => r.id),
        ),
        gt(integrationSecrets.expiresAt, now),
      ),
    );
  const previous = new Map<number, Date>();
  for (const s of older) {
    const at = previous.get(s.clientId);
    if (s.expiresAt && (!at || s.expiresAt > at)) previous.set(s.clientId, s.expiresAt);
  }
  return rows.map((r) => view(r, r.revokedAt ? null : (previous.get(r.id) ?? null)));
}

/** The latest calls of one client, newest first. */
export async function clientCalls(db: Db, id: number, limit: number): Promise<IntegrationCallView[]> {
  const rows = await db
    .select()
    .from(integrationCalls)
    .where(eq(integrationCalls.clientId, id))
    .orderBy(desc(integrationCalls.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    method: r.method,
    route: r.route,
    path: r.path,
    status: r.status,
    reason: r.reason,
    result: r.result,
    request_id: r.requestId,
    ip: r.ip,
    created_at: r.createdAt.getTime(),
  }));
}
