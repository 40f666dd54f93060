// Checks a signed request (docs/integration-api.md "Signing") in the order that gives nothing away
// and spends nothing for a forger: the key id, the clock, the signature, and only then the nonce
// (so a request with a bad signature cannot burn a nonce the real ERP will send).
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { integrationClients, integrationNonces, integrationSecrets } from '../../db/schema.ts';
import { AppError } from '../../http/envelope.ts';
import {
  CLOCK_SKEW_SECONDS,
  INTEGRATION_REASONS,
  NONCE_PATTERN,
  type IntegrationReason,
  type IntegrationScope,
} from '@domain/integration.ts';
import { sealingKey, unseal } from './seal.ts';
import { signatureMatches, type SignedParts } from './signing.ts';

/** The client a request was signed by. */
export interface IntegrationCaller {
  clientId: number;
  keyId: string;
  name: string;
  scopes: IntegrationScope[];
}

/** A refusal with its stable reason code (data.reason) and the Chinese message. */
export function integrationRefusal(
  status: 400 | 401 | 403 | 404 | 409 | 428,
  reason: IntegrationReason,
  msg: string = INTEGRATION_REASONS[reason],
): AppError {
  return new AppError(status, status, msg, { reason });
}

export interface SignedRequest extends Omit<SignedParts, 'timestamp' | 'nonce'> {
  keyId: string | undefined;
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
}

/** Nonces are kept a little longer than a timestamp can be accepted for. */
const NONCE_KEEP_MS = 2 * CLOCK_SKEW_SECONDS * 1000 + 60_000;
const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Db, number>();

async function maybeSweepNonces(db: Db, now: Date): Promise<void> {
  if (now.getTime() - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now.getTime());
  await db.delete(integrationNonces).where(lt(integrationNonces.expiresAt, now));
}

export async function authenticate(db: Db, req: SignedRequest, now: Date): Promise<IntegrationCaller> {
  const { keyId, timestamp, nonce, signature } = req;
  if (!keyId || !timestamp || !nonce || !signature) throw integrationRefusal(401, 'missing_credentials');
  const [client] = await db
    .select()
    .from(integrationClients)
    .where(eq(integrationClients.keyId, keyId.slice(0, 100)))
    .limit(1);
  if (!client) throw integrationRefusal(401, 'unknown_key');
  if (client.revokedAt && client.revokedAt <= now) throw integrationRefusal(401, 'key_revoked');
  if (!/^\d{1,12}$/.test(timestamp)) throw integrationRefusal(401, 'bad_timestamp');
  if (Math.abs(Number(timestamp) * 1000 - now.getTime()) > CLOCK_SKEW_SECONDS * 1000)
    throw integrationRefusal(401, 'clock_skew');
  if (!NONCE_PATTERN.test(nonce)) throw integrationRefusal(401, 'bad_nonce');

  const secrets = await db
    .select({ sealed: integrationSecrets.sealed })
    .from(integrationSecrets)
    .where(
      and(
        eq(integrationSecrets.clientId, client.id),
        or(isNull(integrationSecrets.expiresAt), gt(integrationSecrets.expiresAt, now)),
      ),
    );
  const key = sealingKey();
  const parts: SignedParts = { method: req.method, target: req.target, timestamp, nonce, body: req.body };
  const signed =
    key !== null &&
    secrets.some((s) => {
      const secret = unseal(key, s.sealed);
      return secret !== null && signatureMatches(secret, parts, signature.toLowerCase());
    });
  if (!signed) throw integrationRefusal(401, 'bad_signature');

  // The primary key decides: of two requests with one nonce, exactly one inserts.
  await maybeSweepNonces(db, now);
  const claimed = await db
    .insert(integrationNonces)
    .values({ clientId: client.id, nonce, expiresAt: new Date(now.getTime() + NONCE_KEEP_MS) })
    .onConflictDoNothing()
    .returning({ nonce: integrationNonces.nonce });
  if (claimed.length === 0) throw integrationRefusal(401, 'nonce_reused');

  // Last used, moved at most once a minute (one row write per call would be the hottest row).
  await db
    .update(integrationClients)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(integrationClients.id, client.id),
        or(
          isNull(integrationClients.lastUsedAt),
          lt(integrationClients.lastUsedAt, sql`${now.toISOString()}::timestamptz - interval '1 minute'`),
        ),
      ),
    );
  return { clientId: client.id, keyId: client.keyId, name: client.name, scopes: client.scopes as IntegrationScope[] };
}
