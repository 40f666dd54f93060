// Operator accounts managed by an admin from the console (运营账号): a new account, and an
// account's role and whether it may sign in. An admin cannot demote or stop their own account, so
// the console never loses its last way in by a slip; stopping an account ends its sessions at once.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { staff, staffSessions } from '../../db/schema.ts';
import { notFound, validationError } from '../../http/envelope.ts';
import { writeAudit, type Actor } from './audit.ts';
import { createOperator, OPERATOR_NOT_FOUND, type NewOperator } from './operators.ts';
import type { OperatorRole } from '@domain/operator-roles.ts';

export const NOT_YOURSELF_ROLE = '不能修改自己的角色';
export const NOT_YOURSELF_DISABLE = '不能停用自己的账号';

export async function addOperator(
  db: Db,
  actor: Actor,
  input: NewOperator,
  now: Date,
): Promise<{ id: number; otpauth_uri: string | null }> {
  return withTx(db, async (tx) => {
    const created = await createOperator(tx, input, now);
    await writeAudit(
      tx,
      actor,
      {
        action: 'staff.create',
        targetType: 'staff',
        targetId: created.id,
        after: { username: input.username, name: input.name, role: input.role, totp: input.totp },
      },
      now,
    );
    return created;
  });
}

export interface OperatorSettings {
  role: OperatorRole;
  disabled: boolean;
}

export async function updateOperator(
  db: Db,
  actor: Actor,
  id: number,
  input: OperatorSettings,
  now: Date,
): Promise<OperatorSettings> {
  return withTx(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(staff)
      .where(and(eq(staff.id, id), isNotNull(staff.consoleRole)))
      .for('update');
    if (!row || !row.consoleRole) throw notFound(OPERATOR_NOT_FOUND);
    const before: OperatorSettings = { role: row.consoleRole, disabled: row.disabled };
    if (id === actor.staffId && input.role !== before.role) throw validationError({ role: [NOT_YOURSELF_ROLE] });
    if (id === actor.staffId && input.disabled) throw validationError({ disabled: [NOT_YOURSELF_DISABLE] });
    await tx.update(staff).set({ consoleRole: input.role, disabled: input.disabled }).where(eq(staff.id, id));
    // A stopped account, or one whose role changed, signs in again: no session keeps old rights.
    if (input.disabled || input.role !== before.role)
      await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
    await writeAudit(
      tx,
      actor,
      { action: 'staff.update', targetType: 'staff', targetId: id, before, after: input },
      now,
    );
    return input;
  });
}
