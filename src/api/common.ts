// Shell data: GET /api/focus/common (hot searches, nav, category trees, brands, server time),
// GET /api/global/links (footer links) and GET /api/global/shop_mode (demo or production). All
// are header/footer-like data: failures stay silent.
import { queryOptions } from '@tanstack/react-query';
import type { CommonData, FooterLink, ShopMode } from '../domain/contracts';
import { http } from '../http/client';

export const commonKeys = {
  all: ['common'] as const,
  focus: () => [...commonKeys.all, 'focus'] as const,
  links: () => [...commonKeys.all, 'links'] as const,
  shopMode: () => [...commonKeys.all, 'shop-mode'] as const,
  slot: (slot: ShellAdSlot) => [...commonKeys.all, 'slot', slot] as const,
};

/** An ad/focus item of GET /api/focus/{slot} (SPEC §3 "Focus and ad items"). */
export interface FocusItem {
  image: string;
  url: string;
  title: string;
}

/** The ad slots the shell shows: the top banner and the header's top-right card. */
export type ShellAdSlot = 'top' | 'right';

export const getCommonData = (): Promise<CommonData> => http.get<CommonData>('focus/common');
export const getFooterLinks = (): Promise<FooterLink[]> => http.get<FooterLink[]>('global/links');
export const getShopMode = (): Promise<ShopMode> => http.get<ShopMode>('global/shop_mode');
export const getFocusSlot = (slot: ShellAdSlot): Promise<FocusItem[]> => http.get<FocusItem[]>(`focus/${slot}`);

/** Categories and nav change with a back-office edit, not within a visit. */
const SHELL_DATA_STALE_MS = 5 * 60_000;
/** Shell data: a failure leaves a slot empty, it is not worth a toast. */
const SHELL_DATA_OPTIONS = { meta: { silentErrors: true }, staleTime: SHELL_DATA_STALE_MS } as const;

export const commonDataQuery = () =>
  queryOptions({
    queryKey: commonKeys.focus(),
    queryFn: getCommonData,
    ...SHELL_DATA_OPTIONS,
  });

export const footerLinksQuery = () =>
  queryOptions({
    queryKey: commonKeys.links(),
    queryFn: getFooterLinks,
    ...SHELL_DATA_OPTIONS,
  });

export const focusSlotQuery = (slot: ShellAdSlot) =>
  queryOptions({
    queryKey: commonKeys.slot(slot),
    queryFn: () => getFocusSlot(slot),
    ...SHELL_DATA_OPTIONS,
  });

/** The server's mode changes only with a restart: asked once per visit. */
export const shopModeQuery = () =>
  queryOptions({
    queryKey: commonKeys.shopMode(),
    queryFn: getShopMode,
    staleTime: Infinity,
    meta: { silentErrors: true },
  });
