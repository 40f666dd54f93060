// Operator accounts: signing in (password, then TOTP when the account has one) behind the same
// per-account and per-IP limits as buyers but counted separately, each attempt counted before
// the password is checked (docs/decisions/rate-limits.md), and the admin's TOTP
// requirement and reset. Buyer and operator accounts never share a row or a session.
import { and, asc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staff, staffSessions } from '../../db/schema.ts';
import { AppError, badRequest, notFound, validationError } from '../../http/envelope.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { withTx } from '../../db/tx.ts';
import { countPasswordAttempt, LOGIN_LOCKED_MSG } from '../rate-limit.ts';
import QRCode from 'qrcode';
import { acceptedStep, newTotpSecret, totpUri } from './totp.ts';
import { upgradeOperatorPasswordHash } from './password-upgrade.ts';
import { writeAudit, type Actor } from './audit.ts';
import type { Operator } from '@domain/admin.ts';
import type { OperatorRole } from '@domain/operator-roles.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export const OPERATOR_LOGIN_FAILED_MSG = '用户名或密码错误';
export const OPERATOR_LOCKED_MSG = LOGIN_LOCKED_MSG;
export const TOTP_WRONG_MSG = '动态验证码错误或已使用';
export const OPERATOR_NOT_FOUND = '运营账号不存在';

let dummy: Promise<{ hash: string; salt: string }> | null = null;
/** An unknown name costs one scrypt too, so timing does not tell which operator names exist. */
async function dummyVerify(password: string): Promise<void> {
  dummy ??= hashPassword('timing-equaliser-1');
  const { hash, salt } = await dummy;
  await verifyPassword(password, hash, salt);
}

export type SignInResult = { kind: 'signed-in'; operator: Operator } | { kind: 'totp-required' };

/**
 * Spends a TOTP step for the operator if it is later than the last one spent, in one conditional
 * update: of racing sign-ins with one code exactly one gets it. False when already spent.
 */
export async function spendTotpStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const spent = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, staffId), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id });
  return spent.length > 0;
}

export async function signInOperator(
  db: Db,
  input: { username: string; password: string; totp?: string },
  ip: string,
  now: Date,
): Promise<SignInResult> {
  // Counted before the password and the code are checked: a wrong password or a wrong code keeps
  // its place, so a parallel burst evaluates at most the limit; once locked, even the right one waits.
  const attempt = await countPasswordAttempt(db, 'console', input.username, ip, now);
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.username, input.username), isNotNull(staff.consoleRole)))
    .limit(1);
  const valid =
    row?.passwordHash && row.passwordSalt
      ? await verifyPassword(input.password, row.passwordHash, row.passwordSalt)
      : (await dummyVerify(input.password), false);
  if (!row || !valid || !row.consoleRole || !row.username) throw badRequest(OPERATOR_LOGIN_FAILED_MSG);
  if (row.disabled) {
    await attempt.withdrawn();
    throw new AppError(403, 403, '账号已停用，请联系管理员');
  }
  if (row.totpSecret !== null) {
    if (input.totp === undefined) {
      // The right password alone decides nothing yet: the console asks for the code and sends all three again.
      await attempt.withdrawn();
      return { kind: 'totp-required' };
    }
    const step = acceptedStep(row.totpSecret, input.totp, now, row.totpLastStep);
    if (step === null || !(await spendTotpStep(db, row.id, step))) throw validationError({ totp: [TOTP_WRONG_MSG] });
  }
  if (row.passwordHash) await upgradeOperatorPasswordHash(db, row.id, input.password, row.passwordHash);
  await attempt.succeeded();
  return {
    kind: 'signed-in',
    operator: {
      id: row.id,
      username: row.username,
      name: row.name,
      role: row.consoleRole,
      totp_enabled: row.totpSecret !== null,
    },
  };
}

export interface OperatorListRow extends Operator {
  phone: string;
  disabled: boolean;
  last_login_at: number | null;
}

export async function listOperators(db: Db): Promise<OperatorListRow[]> {
  const rows = await db.select().from(staff).where(isNotNull(staff.consoleRole)).orderBy(asc(staff.id));
  return rows.flatMap((r) =>
    r.consoleRole && r.username
      ? [
          {
            id: r.id,
            username: r.username,
            name: r.name,
            role: r.consoleRole,
            totp_enabled: r.totpSecret !== null,
            phone: r.phone,
            disabled: r.disabled,
            last_login_at: r.lastLoginAt?.getTime() ?? null,
          },
        ]
      : [],
  );
}

async function operatorRow(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.id, id), isNotNull(staff.consoleRole)))
    .limit(1);
  if (!row || !row.username) throw notFound(OPERATOR_NOT_FOUND);
  return { ...row, username: row.username };
}

/**
 * Requires a second factor of the operator: a new secret (any earlier one stops working), their
 * sessions end so the next sign-in asks for a code. The URI is shown once, to be scanned.
 */
export async function requireTotp(
  db: Db,
  actor: Actor,
  id: number,
  now: Date,
): Promise<{ otpauth_uri: string; secret: string; qr_data_url: string }> {
  const result = await withTx(db, async (tx) => {
    const row = await operatorRow(tx, id);
    const secret = newTotpSecret();
    await tx
      .update(staff)
      .set({ totpSecret: secret, totpLastStep: null, totpPendingSecret: null })
      .where(eq(staff.id, id));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
    await writeAudit(
      tx,
      actor,
      {
        action: 'staff.totp_require',
        targetType: 'staff',
        targetId: id,
        before: { totp_enabled: row.totpSecret !== null },
        after: { totp_enabled: true },
      },
      now,
    );
    return { otpauth_uri: totpUri(secret, row.username), secret };
  });
  // The QR the operator scans, drawn here so the console needs no QR code of its own.
  return { ...result, qr_data_url: await QRCode.toDataURL(result.otpauth_uri, { margin: 1, width: 220 }) };
}

/** Drops the operator's second factor (a lost phone); the admin requires a new one afterwards. */
export async function resetTotp(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  await withTx(db, async (tx) => {
    const row = await operatorRow(tx, id);
    await tx
      .update(staff)
      .set({ totpSecret: null, totpLastStep: null, totpPendingSecret: null })
      .where(eq(staff.id, id));
    await writeAudit(
      tx,
      actor,
      {
        action: 'staff.totp_reset',
        targetType: 'staff',
        targetId: id,
        before: { totp_enabled: row.totpSecret !== null },
        after: { totp_enabled: false },
      },
      now,
    );
  });
}

export interface NewOperator {
  username: string;
  name: string;
  phone: string;
  role: OperatorRole;
  password: string;
  /** Require a second factor from the start (the answer carries the URI to scan). */
  totp: boolean;
}

export const OPERATOR_USERNAME = /^[a-z][a-z0-9_.-]{2,39}$/;
export const OPERATOR_PASSWORD_MIN = 10;

/**
 * Creates an operator account (the first admin of a production shop comes from here, through
 * `npm run operator`). Refuses a malformed name, a short password and a name in use.
 */
export async function createOperator(
  db: Db,
  input: NewOperator,
  now: Date,
): Promise<{ id: number; otpauth_uri: string | null }> {
  if (!OPERATOR_USERNAME.test(input.username))
    throw validationError({ username: ['用户名为3-40位小写字母、数字或 _ . -，以字母开头'] });
  if (input.password.length < OPERATOR_PASSWORD_MIN)
    throw validationError({ password: [`密码至少${OPERATOR_PASSWORD_MIN}位`] });
  if (input.name.trim() === '') throw validationError({ name: ['请填写姓名'] });
  const { hash, salt } = await hashPassword(input.password);
  const secret = input.totp ? newTotpSecret() : null;
  try {
    const [row] = await db
      .insert(staff)
      .values({
        name: input.name.trim(),
        phone: input.phone,
        role: 'operator',
        username: input.username,
        passwordHash: hash,
        passwordSalt: salt,
        consoleRole: input.role,
        totpSecret: secret,
        createdAt: now,
      })
      .returning({ id: staff.id });
    return { id: row.id, otpauth_uri: secret ? totpUri(secret, input.username) : null };
  } catch (err) {
    if (isUniqueViolation(err)) throw validationError({ username: ['该用户名已存在'] });
    throw err;
  }
}
