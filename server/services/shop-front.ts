// What the shell shows of the operator (GET /api/global/shop_mode): licence numbers and QR codes.
// The console's setting (site_config 'shop_front') wins; else the environment (SHOP_LICENCES,
// SHOP_QR_*); production shows only what is configured, the demo falls back to its invented
// licences. A console QR target is drawn by the server as an SVG (GET /api/global/qr/{kind}).
import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import type { AppConfig } from '../deps.ts';
import type { Db } from '../db/client.ts';
import type { Licence, ShopQrCodes } from '@domain/contracts.ts';
import { storedShopFront } from './settings/site-settings.ts';

// 演示: invented for the demo operator; a shop sets SHOP_LICENCES from its own certificates.
export const DEMO_LICENCES: readonly Licence[] = [
  { name: '《药品经营许可证》', number: '粤AA0200618' },
  { name: '《互联网药品信息服务资格证书》', number: '（粤）-经营性-2023-0168' },
  { name: '《医疗器械经营许可证》', number: '粤穗食药监械经营许20230618号' },
];

export function shopLicences(config: AppConfig): Licence[] {
  return [...(config.licences ?? (config.demo ? DEMO_LICENCES : []))];
}

export function shopQrCodes(config: AppConfig): ShopQrCodes {
  return {
    mini_program: config.qrCodes?.mini_program ?? null,
    wechat_official: config.qrCodes?.wechat_official ?? null,
  };
}

/** The licences and QR image addresses the shell shows, console setting first. */
export async function shopFront(db: Db, config: AppConfig): Promise<{ licences: Licence[]; qr_codes: ShopQrCodes }> {
  const stored = await storedShopFront(db);
  const env = shopQrCodes(config);
  // The target's hash in the address: a new target is a new URL, so no cache shows the old code.
  const drawn = (kind: keyof ShopQrCodes): string | null => {
    const target = stored?.qr_targets[kind];
    return target ? `/api/global/qr/${kind}?v=${createHash('sha256').update(target).digest('hex').slice(0, 12)}` : null;
  };
  return {
    licences: stored && stored.licences.length > 0 ? stored.licences : shopLicences(config),
    qr_codes: {
      mini_program: drawn('mini_program') ?? env.mini_program,
      wechat_official: drawn('wechat_official') ?? env.wechat_official,
    },
  };
}

/** The console's QR target of `kind` drawn as an SVG; null when none is set. */
export async function shopQrSvg(db: Db, kind: keyof ShopQrCodes): Promise<string | null> {
  const target = (await storedShopFront(db))?.qr_targets[kind];
  return target ? QRCode.toString(target, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) : null;
}
