// What the shell shows of the operator (GET /api/global/shop_mode): licence numbers and QR codes.
// Production shows only what is configured; the demo falls back to its invented licences.
import type { AppConfig } from '../deps.ts';
import type { Licence, ShopQrCodes } from '../../src/domain/contracts.ts';

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
  return { mini_program: config.qrCodes?.mini_program ?? null, wechat_official: config.qrCodes?.wechat_official ?? null };
}
