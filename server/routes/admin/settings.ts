// /api/admin/settings: the site settings that drive server rules (shipping fee and free-shipping
// amount, payment window, 对公转账 account, the shop front). GET answers what applies now to anyone
// who changes any of them; POST changes the fields it is given, each by the roles it belongs to:
// shipping and the shop front 运营 (CONSOLE_ACCESS.content), the money settings 财务 with a fresh
// TOTP code (CONSOLE_ACCESS.moneySettings; docs/decisions/money-settings.md), 管理员 all.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { forbidden, ok, validationError } from '../../http/envelope.ts';
import { readInput } from '../../http/validate.ts';
import { effectiveSettings } from '../../services/settings/site-settings.ts';
import { patchedKeys, updateSiteSettings } from '../../services/admin/site-settings.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { requireOperator } from '../../auth/staff-session.ts';
import { CONSOLE_ACCESS, mayOpen } from '@domain/operator-roles.ts';
import {
  isMoneySetting,
  LICENCES_MAX,
  MONEY_SETTINGS_ROLE_MSG,
  MONEY_SETTINGS_TOTP_MISSING_MSG,
  PAYMENT_WINDOW_MINUTES_MAX,
  PAYMENT_WINDOW_MINUTES_MIN,
  SHIPPING_FEN_MAX,
  SITE_SETTINGS_ROLE_MSG,
} from '@domain/admin-content.ts';

const fen = (msg: string) =>
  z.number({ error: msg }).int({ error: msg }).min(0, { error: msg }).max(SHIPPING_FEN_MAX, { error: msg });
const text = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, { error: `请填写${label}` })
    .max(60, { error: `${label}最多60个字` });
const windowMsg = `支付时限须为${PAYMENT_WINDOW_MINUTES_MIN}-${PAYMENT_WINDOW_MINUTES_MAX}分钟的整数`;

const qrTarget = z
  .string({ error: '二维码地址须为 https:// 或 http:// 开头的网址' })
  .trim()
  .max(300, { error: '二维码地址最多300个字符' })
  .regex(/^https?:\/\/\S+$/i, { error: '二维码地址须为 https:// 或 http:// 开头的网址' })
  .nullable();

const patchSchema = z.object({
  shipping: z
    .object(
      { shipping_amount: fen('包邮金额须为0或正整数（分）'), fee: fen('运费须为0或正整数（分）') },
      { error: '运费设置无效' },
    )
    .optional(),
  payment_window: z
    .object(
      {
        minutes: z
          .number({ error: windowMsg })
          .int({ error: windowMsg })
          .min(PAYMENT_WINDOW_MINUTES_MIN, { error: windowMsg })
          .max(PAYMENT_WINDOW_MINUTES_MAX, { error: windowMsg }),
      },
      { error: windowMsg },
    )
    .optional(),
  transfer_account: z
    .object(
      {
        account_name: text('户名'),
        bank: text('开户行'),
        account_no: z
          .string({ error: '请填写账号' })
          .trim()
          .regex(/^[0-9 ]{8,40}$/, { error: '账号须为8-40位数字（可含空格）' }),
      },
      { error: '收款账户无效' },
    )
    .nullable()
    .optional(),
  shop_front: z
    .object(
      {
        licences: z
          .array(z.object({ name: text('证照名称'), number: text('证照编号') }), { error: '证照列表无效' })
          .max(LICENCES_MAX, { error: `最多${LICENCES_MAX}项证照` }),
        qr_targets: z.object({ mini_program: qrTarget, wechat_official: qrTarget }, { error: '二维码设置无效' }),
      },
      { error: '证照与二维码设置无效' },
    )
    .nullable()
    .optional(),
  /** A fresh code of the operator's own TOTP: required when a money setting is among the fields. */
  totp_code: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: MONEY_SETTINGS_TOTP_MISSING_MSG })
      .regex(/^\d{6}$/, { error: MONEY_SETTINGS_TOTP_MISSING_MSG })
      .optional(),
  ),
});

export const adminSettingsRoutes = new Hono<AppEnv>();

adminSettingsRoutes.get('/', allow(CONSOLE_ACCESS.settings), async (c) => {
  const { db, config } = c.get('deps');
  return ok(c, await effectiveSettings(db, config));
});

adminSettingsRoutes.post('/', allow(CONSOLE_ACCESS.settings), async (c) => {
  const { totp_code: totpCode, ...patch } = readInput(c, patchSchema);
  const keys = patchedKeys(patch);
  if (keys.length === 0) throw validationError({ _form: ['没有要保存的设置'] });
  const { role } = requireOperator(c);
  // Every field is checked, so a save that mixes both kinds changes nothing unless all are allowed.
  if (keys.some(isMoneySetting) && !mayOpen(role, 'moneySettings')) throw forbidden(MONEY_SETTINGS_ROLE_MSG);
  if (keys.some((k) => !isMoneySetting(k)) && !mayOpen(role, 'content')) throw forbidden(SITE_SETTINGS_ROLE_MSG);
  const { db, config, clock } = c.get('deps');
  return ok(c, await updateSiteSettings(db, config, actorOf(c), patch, totpCode, clock()), '设置已保存');
});
