// SMS verification codes in `phone_codes`: a code is stored only once its SMS was sent (the
// provider adapters, or the demo's outbox, GET /api/dev/outbox: server/services/account/deliver-code.ts).
// Only the newest code of a phone and purpose is valid, for 5 minutes and 5 guesses (each counted
// before it is compared).
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { phoneCodes } from '../db/schema.ts';
import { validationError } from '../http/envelope.ts';

export type CodePurpose = 'register' | 'reset_password' | 'change_password' | 'change_phone';
export const CODE_TTL_MS = 5 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const WRONG_CODE_MSG = '验证码错误或已过期';

/** A fresh 6-digit code, to be sent before it is stored. */
export const newPhoneCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Stores a code that was sent; older codes of the phone and purpose stop working. */
export async function storeSentCode(
  db: Db,
  phone: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<{ expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await db.transaction(async (tx) => {
    // Older codes stop working the moment a new one is sent.
    await tx
      .update(phoneCodes)
      .set({ usedAt: now })
      .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose), isNull(phoneCodes.usedAt)));
    await tx.insert(phoneCodes).values({ phone, purpose, code, createdAt: now, expiresAt });
  });
  return { expiresAt };
}

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Uses up the phone's current code if `code` matches; otherwise throws 422. Each guess is counted
 * before it is compared, in one conditional update, so a parallel burst compares at most
 * CODE_MAX_ATTEMPTS guesses with the code.
 */
export async function consumePhoneCode(
  db: Db,
  phone: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<void> {
  const [row] = await db
    .select({ id: phoneCodes.id })
    .from(phoneCodes)
    .where(
      and(
        eq(phoneCodes.phone, phone),
        eq(phoneCodes.purpose, purpose),
        isNull(phoneCodes.usedAt),
        gt(phoneCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(phoneCodes.id))
    .limit(1);
  const fail = () => validationError({ code: [WRONG_CODE_MSG] });
  if (!row) throw fail();
  const [counted] = await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(and(eq(phoneCodes.id, row.id), isNull(phoneCodes.usedAt), lt(phoneCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ code: phoneCodes.code });
  if (!counted || !sameCode(counted.code, code)) throw fail();
  // Marking it used only if still unused makes two racing requests with one code spend it once.
  const used = await db
    .update(phoneCodes)
    .set({ usedAt: now })
    .where(and(eq(phoneCodes.id, row.id), isNull(phoneCodes.usedAt)))
    .returning({ id: phoneCodes.id });
  if (used.length === 0) throw fail();
}

/** The newest codes sent, newest first: the demo's outbox (its SMS adapter sends nothing). */
export function latestCodes(db: Db, limit: number) {
  return db
    .select({
      phone: phoneCodes.phone,
      purpose: phoneCodes.purpose,
      code: phoneCodes.code,
      created_at: phoneCodes.createdAt,
    })
    .from(phoneCodes)
    .orderBy(desc(phoneCodes.id))
    .limit(limit);
}
