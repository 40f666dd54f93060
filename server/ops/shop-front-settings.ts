// The operator's licences and QR codes from the environment (docs/operations.md "Production
// settings"): optional in both modes, but one that is set and malformed stops the start, since
// otherwise the footer would silently lose a licence the law asks to be shown.
import type { Licence, ShopQrCodes } from '@domain/contracts.ts';
import { Refusal } from './refusal.ts';

type Get = (name: string) => string | undefined;

export interface ShopFrontSettings {
  licences?: Licence[];
  qrCodes?: Partial<ShopQrCodes>;
}

const QR_SETTINGS = { SHOP_QR_MINI_PROGRAM: 'mini_program', SHOP_QR_WECHAT_OFFICIAL: 'wechat_official' } as const;

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function readLicences(raw: string): Licence[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const licences = Array.isArray(parsed) ? parsed : [];
  const valid = licences.every(
    (l: unknown) => typeof l === 'object' && l !== null && isText((l as Licence).name) && isText((l as Licence).number),
  );
  if (!Array.isArray(parsed) || !valid) {
    throw new Refusal(
      'SHOP_LICENCES is not a JSON list such as [{"name":"《药品经营许可证》","number":"粤AA0000000"}].',
    );
  }
  return licences.map((l: Licence) => ({ name: l.name.trim(), number: l.number.trim() }));
}

export function readShopFrontSettings(get: Get): ShopFrontSettings {
  const settings: ShopFrontSettings = {};
  const licences = get('SHOP_LICENCES');
  if (licences) settings.licences = readLicences(licences);
  for (const [name, key] of Object.entries(QR_SETTINGS)) {
    const url = get(name);
    if (!url) continue;
    // The page's CSP allows images from the shop itself and https only.
    if (!/^(https:\/\/[^/\s]+|\/(?!\/))\S*$/.test(url)) {
      throw new Refusal(
        `${name}=${url} is not an image address: https://… or a path on the shop such as /qr/mini-program.png.`,
      );
    }
    settings.qrCodes = { ...settings.qrCodes, [key]: url };
  }
  return settings;
}
