// An integration client as an actor of the audit trail (docs/decisions/integration-api.md
// "Writes go through the catalogue's services"): a staff row of its own, role operator with no
// console sign-in, named after the client, made on its first write.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { integrationClients, staff } from '../../db/schema.ts';
import type { Actor } from '../admin/audit.ts';

export const actorName = (clientName: string) => `ERP对接：${clientName}`.slice(0, 40);

export async function integrationActor(db: Db, clientId: number, ip: string, now: Date): Promise<Actor> {
  const [known] = await db
    .select({ staffId: integrationClients.staffId, name: staff.name })
    .from(integrationClients)
    .leftJoin(staff, eq(staff.id, integrationClients.staffId))
    .where(eq(integrationClients.id, clientId))
    .limit(1);
  if (known?.staffId && known.name) return { staffId: known.staffId, name: known.name, ip };
  // First write: under the client's row lock, so two first writes make one staff row.
  return withTx(db, async (tx) => {
    const [row] = await tx.select().from(integrationClients).where(eq(integrationClients.id, clientId)).for('update');
    if (row!.staffId) {
      const [s] = await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, row!.staffId));
      return { staffId: row!.staffId, name: s!.name, ip };
    }
    const name = actorName(row!.name);
    const [made] = await tx
      .insert(staff)
      .values({ name, phone: '', role: 'operator', createdAt: now })
      .returning({ id: staff.id });
    await tx.update(integrationClients).set({ staffId: made!.id }).where(eq(integrationClients.id, clientId));
    return { staffId: made!.id, name, ip };
  });
}
