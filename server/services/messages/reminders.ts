// Reminders nobody triggers by a click: a qualification certificate expiring within 30 and within
// 7 days, and a coupon expiring within 3 days. server/index.ts runs the sweep on a timer (like the
// order-expiry sweeper); each reminder carries a dedupe key, so every sweep after the first, and a
// second worker sweeping at the same time, writes nothing new.
import { aliasedTable, and, eq, gt, gte, lte, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyCoupons, couponTemplates, qualificationFiles } from '../../db/schema.ts';
import { CERTIFICATE_REMINDER_DAYS, COUPON_REMINDER_DAYS } from '@domain/messages.ts';
import { formatDate } from '@domain/time.ts';
import { QUALIFICATION_KINDS } from '../register/qualification.ts';
import { notifyCompany } from './notify.ts';
import { certificateExpiringMessage, couponExpiringMessage } from './texts.ts';

export const REMINDER_SWEEP_INTERVAL_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

export interface ReminderSweep {
  certificates: number;
  coupons: number;
}

/** The smallest reminder window a certificate `daysLeft` from expiry falls in (7 before 30). */
function certificateWindow(daysLeft: number): number {
  return (
    [...CERTIFICATE_REMINDER_DAYS].sort((a, b) => a - b).find((w) => daysLeft <= w) ?? CERTIFICATE_REMINDER_DAYS[0]
  );
}

async function remindCertificates(db: Db, now: Date): Promise<number> {
  // Calendar days in Shanghai: a certificate valid until 06-30 expires at the end of that day there.
  const today = formatDate(now.getTime());
  const horizon = formatDate(now.getTime() + Math.max(...CERTIFICATE_REMINDER_DAYS) * DAY_MS);
  const newer = aliasedTable(qualificationFiles, 'newer');
  const due = await db
    .select({
      id: qualificationFiles.id,
      companyId: qualificationFiles.companyId,
      kind: qualificationFiles.kind,
      expiresOn: qualificationFiles.expiresOn,
    })
    .from(qualificationFiles)
    .where(
      and(
        eq(qualificationFiles.status, 'approved'),
        gte(qualificationFiles.expiresOn, today),
        lte(qualificationFiles.expiresOn, horizon),
        // A renewal already approved (same kind, valid longer) replaces this one: no reminder.
        notExists(
          db
            .select({ id: newer.id })
            .from(newer)
            .where(
              and(
                eq(newer.companyId, qualificationFiles.companyId),
                eq(newer.kind, qualificationFiles.kind),
                eq(newer.status, 'approved'),
                gt(newer.expiresOn, qualificationFiles.expiresOn),
              ),
            ),
        ),
      ),
    );
  let written = 0;
  for (const f of due) {
    if (f.expiresOn === null) continue;
    const daysLeft = Math.round((Date.parse(f.expiresOn) - Date.parse(today)) / DAY_MS);
    const label = (QUALIFICATION_KINDS as Record<string, string>)[f.kind] ?? '资质证件';
    const draft = certificateExpiringMessage(
      { id: f.id, label, expiresOn: f.expiresOn },
      daysLeft,
      certificateWindow(daysLeft),
    );
    if (await notifyCompany(db, f.companyId, draft, now)) written += 1;
  }
  return written;
}

async function remindCoupons(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({
      id: companyCoupons.id,
      companyId: companyCoupons.companyId,
      expiresAt: companyCoupons.expiresAt,
      name: couponTemplates.name,
      kind: couponTemplates.kind,
    })
    .from(companyCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, companyCoupons.templateId))
    .where(
      and(
        eq(companyCoupons.status, 0),
        gt(companyCoupons.expiresAt, now),
        lte(companyCoupons.expiresAt, new Date(now.getTime() + COUPON_REMINDER_DAYS * DAY_MS)),
      ),
    );
  let written = 0;
  for (const c of due) {
    const draft = couponExpiringMessage({ id: c.id, name: c.name, kind: c.kind }, formatDate(c.expiresAt.getTime()));
    if (await notifyCompany(db, c.companyId, draft, now)) written += 1;
  }
  return written;
}

/** Writes the reminders due at `now` that were not written before; returns how many it wrote. */
export async function sweepReminders(db: Db, now: Date): Promise<ReminderSweep> {
  return { certificates: await remindCertificates(db, now), coupons: await remindCoupons(db, now) };
}

export interface ReminderSweeper {
  /** The sweep run at start (the server awaits it before it listens, so nothing due is late). */
  first: Promise<void>;
  stop: () => Promise<void>;
}

/** Runs sweepReminders at start and every `intervalMs` (never two at once); stop() waits for a running one. */
export function startReminderSweeper(
  db: Db,
  clock: () => Date,
  opts: { intervalMs?: number; onError?: (err: unknown) => void } = {},
): ReminderSweeper {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = (): Promise<void> => {
    if (stopped || running) return running ?? Promise.resolve();
    running = sweepReminders(db, clock())
      .then(() => undefined)
      .catch((err: unknown) => (opts.onError ?? ((e: unknown) => console.error('[reminders] sweep failed', e)))(err))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void tick(), opts.intervalMs ?? REMINDER_SWEEP_INTERVAL_MS);
  timer.unref();
  // Once at start, so a reminder that fell due while the shop was down is not ten minutes late.
  const first = tick();
  return {
    first,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
