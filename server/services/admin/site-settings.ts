// Site settings in the console: read what the rules use now, change one or more of them. Two kinds
// (docs/decisions/money-settings.md): the money settings (the 对公转账 account, the payment window)
// need a fresh TOTP code, spent in the change's transaction, and are audited as
// `settings.money_update` — the row 工作台 announces to every operator; the others (shipping, the
// shop front) are audited as `settings.update`. Each audit row holds the before/after of what
// changed, in the same transaction as the change. transfer_account: null removes the console's
// account, so the TRANSFER_* environment's (or the demo's) applies again.
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { auditLog, siteConfig } from '../../db/schema.ts';
import type { AppConfig } from '../../deps.ts';
import {
  isMoneySetting,
  MONEY_SETTINGS_NOTICE_DAYS,
  MONEY_SETTINGS_TOTP_MISSING_MSG,
  MONEY_SETTINGS_TOTP_OFF_MSG,
  type MoneySettingKey,
  type MoneySettingsChange,
  type SiteSettings,
  type SiteSettingsView,
} from '@domain/admin-content.ts';
import { effectiveSettings, SETTING_KEYS, type SettingKey } from '../settings/site-settings.ts';
import { writeAudit, type Actor } from './audit.ts';
import { checkFreshTotp, forgetFreshTotpAttempts, spendFreshTotp } from './fresh-totp.ts';

export type SettingsPatch = Partial<SiteSettings>;

export const MONEY_SETTINGS_AUDIT_ACTION = 'settings.money_update';
const TOTP_FIELD = 'totp_code';
const FRESH_TOTP = {
  field: TOTP_FIELD,
  offMessage: MONEY_SETTINGS_TOTP_OFF_MSG,
  missingMessage: MONEY_SETTINGS_TOTP_MISSING_MSG,
};

/** JSON with sorted keys: jsonb gives keys back in its own order. */
const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );

type ConfigPart = Pick<AppConfig, 'demo' | 'transferAccount' | 'orderPaymentTtlMinutes'>;

/** The keys of `patch` that carry a value (null counts: it removes the console's setting). */
export const patchedKeys = (patch: SettingsPatch): SettingKey[] => SETTING_KEYS.filter((k) => patch[k] !== undefined);

/**
 * Saves `patch`. Who may change which key is the route's check (CONSOLE_ACCESS.content and
 * .moneySettings); a money key here always needs `totpCode`, a fresh code of the actor's own TOTP.
 */
export async function updateSiteSettings(
  db: Db,
  config: ConfigPart,
  actor: Actor,
  patch: SettingsPatch,
  totpCode: string | undefined,
  now: Date,
): Promise<SiteSettingsView> {
  const keys = patchedKeys(patch);
  const touchesMoney = keys.some(isMoneySetting);
  const step = touchesMoney ? await checkFreshTotp(db, actor.staffId, totpCode, now, FRESH_TOTP) : null;
  await withTx(db, async (tx) => {
    if (step !== null) await spendFreshTotp(tx, actor.staffId, step, FRESH_TOTP);
    const current = await tx.select().from(siteConfig).where(inArray(siteConfig.key, keys)).for('update');
    const beforeOf = new Map(current.map((r) => [r.key, r.value]));
    const site = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
    const money = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
    for (const key of keys) {
      const value = patch[key];
      const old = beforeOf.get(key) ?? null;
      if (stable(old) === stable(value)) continue;
      const diff = isMoneySetting(key) ? money : site;
      diff.before[key] = old;
      diff.after[key] = value;
      if (value === null) await tx.delete(siteConfig).where(eq(siteConfig.key, key));
      else
        await tx
          .insert(siteConfig)
          .values({ key, value })
          .onConflictDoUpdate({ target: siteConfig.key, set: { value } });
    }
    // Saving what is already set changes nothing and records nothing (the code is still spent).
    if (Object.keys(site.after).length > 0)
      await writeAudit(
        tx,
        actor,
        { action: 'settings.update', targetType: 'site_config', targetId: null, ...site },
        now,
      );
    if (Object.keys(money.after).length > 0)
      await writeAudit(
        tx,
        actor,
        { action: MONEY_SETTINGS_AUDIT_ACTION, targetType: 'site_config', targetId: null, ...money },
        now,
      );
  });
  if (step !== null) await forgetFreshTotpAttempts(db, actor.staffId);
  return effectiveSettings(db, config);
}

/** The money-settings changes of the last MONEY_SETTINGS_NOTICE_DAYS, newest first (工作台's announcement). */
export async function recentMoneySettingsChanges(db: Db, now: Date, limit = 5): Promise<MoneySettingsChange[]> {
  const since = new Date(now.getTime() - MONEY_SETTINGS_NOTICE_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, MONEY_SETTINGS_AUDIT_ACTION), gte(auditLog.createdAt, since)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => {
    const after = (r.after ?? {}) as MoneySettingsChange['after'];
    return {
      id: r.id,
      at: r.createdAt.getTime(),
      by: r.staffName,
      changed: Object.keys(after).filter((k): k is MoneySettingKey => isMoneySetting(k as keyof SiteSettings)),
      before: (r.before ?? {}) as MoneySettingsChange['before'],
      after,
    };
  });
}
