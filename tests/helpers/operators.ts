// Operator console fixtures for API tests: sign an operator in and keep the `admin_sid` cookie.
//   const cookie = await operatorSignIn(t, 'reviewer');
//   const admin = await operatorSignIn(t, 'admin', { totpSecret: ADMIN_DEMO_TOTP_SECRET });
import { Secret, TOTP } from 'otpauth';
import { call, type CallResult, type TestApp } from './test-app.ts';
import { eq } from 'drizzle-orm';
import { OPERATOR_DEMO_PASSWORD } from '../../server/seed/operators.ts';
import { afterSales, staff } from '../../server/db/schema.ts';
import type { AfterSale } from '../../src/domain/orders.ts';
import { createOperator } from '../../server/services/admin/operators.ts';
import type { Actor } from '../../server/services/admin/audit.ts';
import type { OperatorRole } from '../../src/domain/operator-roles.ts';

/** The `admin_sid=…` cookie an answer set, '' when it cleared it, null when untouched. */
export function operatorCookie(res: CallResult): string | null {
  for (const line of res.headers.getSetCookie()) {
    const m = /^admin_sid=([^;]*)/.exec(line);
    if (m) return m[1] && !/max-age=0/i.test(line) ? `admin_sid=${m[1]}` : '';
  }
  return null;
}

export function totpCode(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: at.getTime(),
  });
}

export async function operatorSignIn(
  t: TestApp,
  username: string,
  opts: { password?: string; totpSecret?: string } = {},
): Promise<string> {
  const body: Record<string, string> = { username, password: opts.password ?? OPERATOR_DEMO_PASSWORD };
  if (opts.totpSecret) body.totp = totpCode(opts.totpSecret, t.clock.now());
  const res = await call(t.app, 'POST', '/api/admin/login', { body });
  const cookie = operatorCookie(res);
  if (res.status !== 200 || !cookie)
    throw new Error(`operatorSignIn(${username}) failed: ${res.status} ${res.body.msg}`);
  return cookie;
}

/**
 * An operator with `role` on an unseeded test app (created once per app and role), signed in:
 * for tests that move orders, after-sales and invoices without the demo seed.
 */
export async function roleOperator(t: TestApp, role: OperatorRole): Promise<{ cookie: string; actor: Actor }> {
  const username = `test-${role}`;
  let [row] = await t.db.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.username, username));
  if (!row) {
    const created = await createOperator(
      t.db,
      { username, password: OPERATOR_DEMO_PASSWORD, name: `测试${role}`, phone: '', role, totp: false },
      t.clock.now(),
    );
    row = { id: created.id, name: `测试${role}` };
  }
  return { cookie: await operatorSignIn(t, username), actor: { staffId: row.id, name: row.name, ip: '127.0.0.1' } };
}

/**
 * A new operator with `role` and a TOTP second factor, signed in with a code. `code()` moves the
 * clock on one 30 s step and answers that step's code: a fresh code, as the sign-in spent the
 * current one (a money setting needs one: docs/decisions/money-settings.md).
 */
export async function totpOperator(
  t: TestApp,
  role: OperatorRole,
  username: string,
): Promise<{ cookie: string; secret: string; code: () => string }> {
  await createOperator(
    t.db,
    { username, password: OPERATOR_DEMO_PASSWORD, name: `测试${username}`, phone: '', role, totp: true },
    t.clock.now(),
  );
  const [row] = await t.db.select({ secret: staff.totpSecret }).from(staff).where(eq(staff.username, username));
  const secret = row.secret!;
  return {
    cookie: await operatorSignIn(t, username, { totpSecret: secret }),
    secret,
    code: () => {
      t.clock.advance(TOTP_STEP_MS);
      return totpCode(secret, t.clock.now());
    },
  };
}

const TOTP_STEP_MS = 30_000;

/**
 * Moves after-sale `id` one step on through the console's API as an admin, the step chosen from
 * its status and kind like an operator would (accept → receive → refund; close for exchanges);
 * `reject` rejects instead. An ended request gets 'accept', which the console refuses (409).
 */
export async function consoleAfterSaleStep(
  t: TestApp,
  id: number,
  opts: { reject?: string; route?: 'balance' | 'original' } = {},
): Promise<CallResult<AfterSale>> {
  const { cookie } = await roleOperator(t, 'admin');
  const [row] = await t.db
    .select({ status: afterSales.status, kind: afterSales.kind })
    .from(afterSales)
    .where(eq(afterSales.id, id));
  const step = opts.reject
    ? 'reject'
    : row?.status === 'submitted'
      ? 'accept'
      : row?.status === 'returning' || (row?.status === 'approved' && row.kind === 'refund')
        ? 'refund'
        : row?.status === 'approved' && row.kind === 'return'
          ? 'receive'
          : row?.status === 'approved'
            ? 'close'
            : 'accept';
  const body =
    step === 'reject' ? { reason: opts.reject } : step === 'refund' ? { route: opts.route ?? 'original' } : {};
  return call<AfterSale>(t.app, 'POST', `/api/admin/after_sales/${id}/${step}`, { body, cookie });
}
