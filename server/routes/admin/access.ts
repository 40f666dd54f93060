// Every admin endpoint declares who may call it, as the first handler of its route:
//   adminCompanies.post('/:id/approve', allow(CONSOLE_ACCESS.companiesReview), async (c) => …)
// The declaration is readable from the app (`access` on the middleware), so
// tests/api/admin-roles.test.ts walks every /api/admin route with every role, a buyer session
// and a visitor, and fails on a route that declares nothing.
//
// In production a session of an operator without TOTP is for enrolment only: `allow` and
// `signedIn` refuse it (403), only the routes guarded by `enrolling` (who am I, enrol, sign out)
// answer it (docs/decisions/money-settings.md).
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, OperatorSession } from '../../env.ts';
import { forbidden } from '../../http/envelope.ts';
import { requireOperator } from '../../auth/staff-session.ts';
import type { OperatorRole } from '@domain/operator-roles.ts';
import { TOTP_ENROLMENT_REQUIRED_MSG } from '@domain/admin.ts';

/** 'public': anyone (the login itself); 'signed-in': any operator; else the roles listed. */
export type Access = 'public' | 'signed-in' | readonly OperatorRole[];

export type AccessGuard = MiddlewareHandler<AppEnv> & { access: Access };

function guard(access: Access, fn: MiddlewareHandler<AppEnv>): AccessGuard {
  return Object.assign(fn, { access });
}

/** The signed-in operator whose session is not confined to TOTP enrolment; 401 / 403 otherwise. */
function requireEnrolledOperator(c: Context<AppEnv>): OperatorSession {
  const op = requireOperator(c);
  if (op.enrolmentOnly) throw forbidden(TOTP_ENROLMENT_REQUIRED_MSG);
  return op;
}

/** Operators whose role is in `roles` (管理员 is always listed by CONSOLE_ACCESS); 401 / 403 otherwise. */
export function allow(roles: readonly OperatorRole[]): AccessGuard {
  return guard(roles, async (c, next) => {
    const op = requireEnrolledOperator(c);
    if (!roles.includes(op.role)) throw forbidden('当前角色无权进行此操作');
    await next();
  });
}

/** Any signed-in operator (their own session, the dashboard's shell). */
export const signedIn: AccessGuard = guard('signed-in', async (c, next) => {
  requireEnrolledOperator(c);
  await next();
});

/** Any signed-in operator, a session confined to TOTP enrolment too: who am I, enrolling, signing out. */
export const enrolling: AccessGuard = guard('signed-in', async (c, next) => {
  requireOperator(c);
  await next();
});

/** No session needed: the login. */
export const open: AccessGuard = guard('public', async (_c, next) => {
  await next();
});
