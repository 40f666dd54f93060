// An operator's own account (console 我的账号): changing their password with the current one —
// every other session of theirs ends, so a password someone else learnt stops working at once —
// and enrolling their own TOTP second factor. Enrolment keeps the new secret pending until a
// first code from it is confirmed; only then does sign-in ask for codes, so scanning into the
// wrong app or closing the dialog halfway never locks anyone out.
import { and, eq, ne } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { staff, staffSessions } from '../../db/schema.ts';
import { AppError, notFound, validationError } from '../../http/envelope.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { countAttempt, LIMITS } from '../rate-limit.ts';
import { writeAudit, type Actor } from './audit.ts';
import { OPERATOR_LOCKED_MSG, OPERATOR_NOT_FOUND, TOTP_WRONG_MSG } from './operators.ts';
import { acceptedStep, newTotpSecret, totpUri } from './totp.ts';

export const CURRENT_PASSWORD_WRONG = '当前密码不正确';
export const PASSWORD_UNCHANGED = '新密码不能与当前密码相同';
export const TOTP_ALREADY_ON = '已启用动态验证码；如需更换，请联系管理员重置';
export const TOTP_NOT_STARTED = '请先生成动态验证码密钥';

/** Wrong current passwords count like failed sign-ins, so a left-open console is no oracle. */
const failKey = (staffId: number) => `admin-password:${staffId}`;

async function ownRow(db: Db, staffId: number) {
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId)).limit(1);
  if (!row || !row.username) throw notFound(OPERATOR_NOT_FOUND);
  return { ...row, username: row.username };
}

export async function changeOwnPassword(
  db: Db,
  actor: Actor,
  sessionId: string,
  input: { current: string; next: string },
  now: Date,
): Promise<{ sessions_ended: number }> {
  // Counted before the check, so parallel guesses evaluate at most the limit.
  const attempt = await countAttempt(
    db,
    [{ key: failKey(actor.staffId), window: LIMITS.loginPerAccount, onSuccess: 'clear' }],
    now,
    OPERATOR_LOCKED_MSG,
  );
  const row = await ownRow(db, actor.staffId);
  const valid =
    row.passwordHash && row.passwordSalt
      ? await verifyPassword(input.current, row.passwordHash, row.passwordSalt)
      : false;
  if (!valid) throw validationError({ current_password: [CURRENT_PASSWORD_WRONG] });
  if (input.current === input.next) {
    await attempt.withdrawn();
    throw validationError({ new_password: [PASSWORD_UNCHANGED] });
  }
  const { hash, salt } = await hashPassword(input.next);
  const ended = await withTx(db, async (tx) => {
    await tx.update(staff).set({ passwordHash: hash, passwordSalt: salt }).where(eq(staff.id, actor.staffId));
    const gone = await tx
      .delete(staffSessions)
      .where(and(eq(staffSessions.staffId, actor.staffId), ne(staffSessions.id, sessionId)))
      .returning({ id: staffSessions.id });
    await writeAudit(
      tx,
      actor,
      {
        action: 'staff.password_change',
        targetType: 'staff',
        targetId: actor.staffId,
        after: { sessions_ended: gone.length },
      },
      now,
    );
    return gone.length;
  });
  await attempt.succeeded();
  return { sessions_ended: ended };
}

/** A new pending secret (any earlier pending one is replaced) and the QR to scan. */
export async function startTotpEnrolment(
  db: Db,
  staffId: number,
): Promise<{ secret: string; otpauth_uri: string; qr_data_url: string }> {
  const row = await ownRow(db, staffId);
  if (row.totpSecret !== null) throw new AppError(409, 409, TOTP_ALREADY_ON);
  const secret = newTotpSecret();
  await db.update(staff).set({ totpPendingSecret: secret }).where(eq(staff.id, staffId));
  const uri = totpUri(secret, row.username);
  return { secret, otpauth_uri: uri, qr_data_url: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/** The first code from the pending secret turns it on; the operator's other sessions end. */
export async function confirmTotpEnrolment(
  db: Db,
  actor: Actor,
  sessionId: string,
  code: string,
  now: Date,
): Promise<{ totp_enabled: true }> {
  return withTx(db, async (tx) => {
    const [row] = await tx.select().from(staff).where(eq(staff.id, actor.staffId)).for('update');
    if (!row) throw notFound(OPERATOR_NOT_FOUND);
    if (row.totpSecret !== null) throw new AppError(409, 409, TOTP_ALREADY_ON);
    if (row.totpPendingSecret === null) throw new AppError(409, 409, TOTP_NOT_STARTED);
    const step = acceptedStep(row.totpPendingSecret, code, now, null);
    if (step === null) throw validationError({ code: [TOTP_WRONG_MSG] });
    await tx
      .update(staff)
      .set({ totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpLastStep: step })
      .where(eq(staff.id, actor.staffId));
    await tx
      .delete(staffSessions)
      .where(and(eq(staffSessions.staffId, actor.staffId), ne(staffSessions.id, sessionId)));
    await writeAudit(
      tx,
      actor,
      {
        action: 'staff.totp_enrol',
        targetType: 'staff',
        targetId: actor.staffId,
        before: { totp_enabled: false },
        after: { totp_enabled: true },
      },
      now,
    );
    return { totp_enabled: true as const };
  });
}
