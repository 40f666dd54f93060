// A fresh TOTP code for one sensitive change (the money settings: docs/decisions/money-settings.md).
// The operator's own second factor, not their session, vouches for the change: a stolen or
// left-open console cannot redirect buyers' money. Each attempt is counted before it is checked
// (at most the limit is ever evaluated), and a step is spent with a conditional update, so one
// code serves one change (or one sign-in) even when two requests race with it.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staff } from '../../db/schema.ts';
import { AppError, forbidden, notFound, validationError } from '../../http/envelope.ts';
import { consume, LIMITS, resetLimit } from '../rate-limit.ts';
import { acceptedStep } from './totp.ts';
import { OPERATOR_NOT_FOUND, TOTP_WRONG_MSG } from './operators.ts';

export const FRESH_TOTP_LOCKED_MSG = '动态验证码错误次数过多，请15分钟后再试';

const attemptsKey = (staffId: number) => `admin-fresh-totp:${staffId}`;

export interface FreshTotpCheck {
  /** The operator has no second factor: they turn it on at 我的账号 first. */
  offMessage: string;
  /** Under this field name a missing or wrong code is reported. */
  field: string;
  missingMessage: string;
}

/**
 * Counts the attempt, then checks `code` against the operator's own TOTP secret. Call before the
 * change's transaction; `spendFreshTotp` then marks the step used inside it.
 */
export async function checkFreshTotp(
  db: Db,
  staffId: number,
  code: string | undefined,
  now: Date,
  check: FreshTotpCheck,
): Promise<number> {
  const [row] = await db
    .select({ secret: staff.totpSecret, lastStep: staff.totpLastStep })
    .from(staff)
    .where(eq(staff.id, staffId))
    .limit(1);
  if (!row) throw notFound(OPERATOR_NOT_FOUND);
  if (row.secret === null) throw forbidden(check.offMessage);
  if (code === undefined || code === '') throw validationError({ [check.field]: [check.missingMessage] });
  // Counted outside the change's transaction, so a refused code stays counted.
  const hit = await consume(db, attemptsKey(staffId), LIMITS.loginPerAccount, now);
  if (!hit.allowed) throw new AppError(429, 429, FRESH_TOTP_LOCKED_MSG, { retry_after: hit.retryAfterS });
  const step = acceptedStep(row.secret, code, now, row.lastStep);
  if (step === null) throw validationError({ [check.field]: [TOTP_WRONG_MSG] });
  return step;
}

/** Marks `step` used, inside the change's transaction; a code already spent by a racing request is refused. */
export async function spendFreshTotp(
  tx: Db,
  staffId: number,
  step: number,
  check: Pick<FreshTotpCheck, 'field'>,
): Promise<void> {
  const spent = await tx
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, staffId), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id });
  if (spent.length === 0) throw validationError({ [check.field]: [TOTP_WRONG_MSG] });
}

/** After a change went through: the operator's wrong codes before it no longer count. */
export async function forgetFreshTotpAttempts(db: Db, staffId: number): Promise<void> {
  await resetLimit(db, attemptsKey(staffId));
}
