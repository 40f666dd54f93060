// The operator's licences and QR codes, from GET /api/global/shop_mode. Nothing shows until the
// answer is known, so a production shop never flashes the demo's invented numbers or codes.
import { useQuery } from '@tanstack/react-query';
import { shopModeQuery } from '../../api/common';
import type { Licence, ShopQrCodes } from '../../domain/contracts';

/** A QR code to show: the configured image, else (demo only) a placeholder drawn from `seed`. */
export interface ShopQr {
  image?: string;
  seed: string;
}

/** The demo's placeholders, one look per code. */
const DEMO_SEEDS: Record<keyof ShopQrCodes, string> = {
  mini_program: 'mini-program',
  wechat_official: 'wechat-official',
};

const NO_LICENCES: Licence[] = [];

export function useShopLicences(): Licence[] {
  return useQuery(shopModeQuery()).data?.licences ?? NO_LICENCES;
}

/** undefined while the shop's mode is unknown; null: this shop shows no such code. */
export function useShopQr(kind: keyof ShopQrCodes): ShopQr | null | undefined {
  const mode = useQuery(shopModeQuery()).data;
  if (!mode) return undefined;
  const image = mode.qr_codes?.[kind];
  if (image) return { image, seed: DEMO_SEEDS[kind] };
  return mode.demo ? { seed: DEMO_SEEDS[kind] } : null;
}
