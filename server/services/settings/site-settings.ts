// The site settings that drive server rules (issue 18 part C; docs/decisions/console-content.md):
// shipping (cart shipping_data, checkout), the online-payment window (a new order's expires_at)
// and the 对公转账 receiving account. Each is a site_config row an operator sets in the console;
// without one the defaults apply: for the payment window ORDER_PAYMENT_TTL_MINUTES (else 30
// minutes), for the account the TRANSFER_* environment (production refuses to start without it),
// else the demo's account. The console's value wins over the environment: the environment is the
// floor the shop can always start on, the console is where it is run from.
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { siteConfig } from '../../db/schema.ts';
import type { AppConfig } from '../../deps.ts';
import type { SiteSettings, SiteSettingsView } from '@domain/admin-content.ts';
import { paymentTtlMs } from '../orders/status.ts';

export const SETTING_KEYS = ['shipping', 'payment_window', 'transfer_account', 'shop_front'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

const shippingSchema = z.object({
  shipping_amount: z.number().int().nonnegative(),
  fee: z.number().int().nonnegative(),
});
const paymentWindowSchema = z.object({ minutes: z.number().int().positive() });
export const transferAccountSchema = z.object({
  account_name: z.string().min(1),
  bank: z.string().min(1),
  account_no: z.string().min(1),
});
const shopFrontSchema = z.object({
  licences: z.array(z.object({ name: z.string().min(1), number: z.string().min(1) })),
  qr_targets: z.object({ mini_program: z.string().min(1).nullable(), wechat_official: z.string().min(1).nullable() }),
});

/** Without a 'shipping' row nothing is charged (the cart's rule before the console existed). */
const NO_SHIPPING_RULE = { shipping_amount: 0, fee: 0 };

type ConfigPart = Pick<AppConfig, 'demo' | 'transferAccount' | 'orderPaymentTtlMinutes'>;

async function rows(db: Db, keys: readonly SettingKey[]): Promise<Map<string, unknown>> {
  const found = await db
    .select()
    .from(siteConfig)
    .where(inArray(siteConfig.key, [...keys]));
  return new Map(found.map((r) => [r.key, r.value]));
}

/** The settings as stored (null where no valid row is set). */
export async function storedSettings(db: Db): Promise<{ [K in SettingKey]: SiteSettings[K] | null }> {
  const got = await rows(db, SETTING_KEYS);
  const parse = <T>(schema: z.ZodType<T>, key: SettingKey): T | null => {
    const r = schema.safeParse(got.get(key));
    return r.success ? r.data : null;
  };
  return {
    shipping: parse(shippingSchema, 'shipping'),
    payment_window: parse(paymentWindowSchema, 'payment_window'),
    transfer_account: parse(transferAccountSchema, 'transfer_account'),
    shop_front: parse(shopFrontSchema, 'shop_front'),
  };
}

/** What the rules use now, and where the transfer account comes from. */
export async function effectiveSettings(db: Db, config: ConfigPart): Promise<SiteSettingsView> {
  const s = await storedSettings(db);
  return {
    shipping: s.shipping ?? NO_SHIPPING_RULE,
    payment_window: s.payment_window ?? { minutes: paymentTtlMs(config) / 60_000 },
    transfer_account: s.transfer_account,
    shop_front: s.shop_front,
    transfer_account_source: s.transfer_account ? 'console' : config.transferAccount ? 'environment' : 'demo',
  };
}

/** The console's licences and QR targets, when set (shop-front.ts falls back to the environment). */
export async function storedShopFront(db: Db): Promise<SiteSettings['shop_front']> {
  const [row] = await db
    .select({ value: siteConfig.value })
    .from(siteConfig)
    .where(eq(siteConfig.key, 'shop_front'))
    .limit(1);
  const r = shopFrontSchema.safeParse(row?.value);
  return r.success ? r.data : null;
}

/** How long a new online-payment order may stay unpaid: the console's window, else the environment's. */
export async function paymentWindowMs(db: Db, config: Pick<AppConfig, 'orderPaymentTtlMinutes'>): Promise<number> {
  const s = await storedSettings(db);
  return s.payment_window ? s.payment_window.minutes * 60_000 : paymentTtlMs(config);
}
