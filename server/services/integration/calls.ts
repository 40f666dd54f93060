// The integration call log: one row per request to /api/integration/v1, passed or refused
// (docs/decisions/integration-api.md "Call log"). Written after the answer is decided, outside the
// request's own transaction, so a refused or failed call is logged too.
import type { Db } from '../../db/client.ts';
import { integrationCalls } from '../../db/schema.ts';

export interface CallRecord {
  clientId: number | null;
  keyId: string;
  method: string;
  route: string;
  path: string;
  status: number;
  reason: string;
  result: unknown;
  requestId: string;
  ip: string;
}

export async function recordCall(db: Db, call: CallRecord, now: Date): Promise<void> {
  await db.insert(integrationCalls).values({
    ...call,
    keyId: call.keyId.slice(0, 100),
    path: call.path.slice(0, 500),
    result: call.result ?? null,
    createdAt: now,
  });
}
