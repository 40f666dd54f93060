// Site settings in the console (issue 18 part C, role 运营): read what the rules use now, change
// one or more of them. One audit row per save with the before/after of what changed, in the same
// transaction as the change. transfer_account: null removes the console's account, so the
// TRANSFER_* environment's (or the demo's) applies again.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { siteConfig } from '../../db/schema.ts';
import type { AppConfig } from '../../deps.ts';
import type { SiteSettings, SiteSettingsView } from '@domain/admin-content.ts';
import { effectiveSettings, SETTING_KEYS, type SettingKey } from '../settings/site-settings.ts';
import { writeAudit, type Actor } from './audit.ts';

export type SettingsPatch = Partial<SiteSettings>;

/** JSON with sorted keys: jsonb gives keys back in its own order. */
const stable = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : x,
  );

type ConfigPart = Pick<AppConfig, 'demo' | 'transferAccount' | 'orderPaymentTtlMinutes'>;

export async function updateSiteSettings(db: Db, config: ConfigPart, actor: Actor, patch: SettingsPatch, now: Date): Promise<SiteSettingsView> {
  const keys = SETTING_KEYS.filter((k) => patch[k] !== undefined);
  await withTx(db, async (tx) => {
    const current = await tx.select().from(siteConfig).where(inArray(siteConfig.key, keys)).for('update');
    const beforeOf = new Map(current.map((r) => [r.key, r.value]));
    const before: Partial<Record<SettingKey, unknown>> = {};
    const after: Partial<Record<SettingKey, unknown>> = {};
    for (const key of keys) {
      const value = patch[key];
      const old = beforeOf.get(key) ?? null;
      if (stable(old) === stable(value)) continue;
      before[key] = old;
      after[key] = value;
      if (value === null) await tx.delete(siteConfig).where(eq(siteConfig.key, key));
      else await tx.insert(siteConfig).values({ key, value }).onConflictDoUpdate({ target: siteConfig.key, set: { value } });
    }
    // Saving what is already set changes nothing and records nothing.
    if (Object.keys(after).length > 0) await writeAudit(tx, actor, { action: 'settings.update', targetType: 'site_config', targetId: null, before, after }, now);
  });
  return effectiveSettings(db, config);
}
