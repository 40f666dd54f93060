// The integration client as the actor of the order moves' audit rows (audit_log needs a staff
// row): a staff row named after the client, role operator, no console sign-in, found by that name
// or made on the first move. The erp-api branch brings its own integrationActor keyed by
// integration_clients.staff_id (migration 0028); when both are merged, this file gives way to it.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { integrationClients, staff } from '../../db/schema.ts';
import type { Actor } from '../admin/audit.ts';

export const actorName = (clientName: string) => `ERP对接：${clientName}`.slice(0, 40);

export async function integrationActor(db: Db, clientId: number, ip: string, now: Date): Promise<Actor> {
  return withTx(db, async (tx) => {
    // The client's row lock: two first moves make one staff row.
    const [client] = await tx.select({ name: integrationClients.name }).from(integrationClients).where(eq(integrationClients.id, clientId)).for('update');
    const name = actorName(client?.name ?? `#${clientId}`);
    const [known] = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.name, name), isNull(staff.username))).limit(1);
    if (known) return { staffId: known.id, name, ip };
    const [made] = await tx.insert(staff).values({ name, phone: '', role: 'operator', createdAt: now }).returning({ id: staff.id });
    return { staffId: made!.id, name, ip };
  });
}
