// The operator behind a request, as the audit trail records them.
import type { Context } from 'hono';
import type { AppEnv } from '../../env.ts';
import { requireOperator } from '../../auth/staff-session.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { Actor } from '../../services/admin/audit.ts';

export function actorOf(c: Context<AppEnv>): Actor {
  const op = requireOperator(c);
  return { staffId: op.staffId, name: op.name, ip: clientIp(c) };
}
