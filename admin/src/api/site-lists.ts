// The shop's editable lists for 运营: hot words, nav, footer links, focus-slot pictures
// (/api/admin/site-lists/{kind}?slot=).
import { queryOptions } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import {
  FOCUS_SLOTS,
  SITE_LIST_KINDS,
  type FocusSlot,
  type SiteListItem,
  type SiteListKind,
} from '@domain/admin-content.ts';

export interface SiteListSearch {
  kind: SiteListKind;
  slot: FocusSlot;
}

export const siteListQuery = ({ kind, slot }: SiteListSearch) =>
  queryOptions({
    queryKey: ['admin', 'site-lists', kind, kind === 'focus' ? slot : ''] as const,
    queryFn: () => adminGet<Required<SiteListItem>[]>(`/site-lists/${kind}`, kind === 'focus' ? { slot } : undefined),
  });

export const saveSiteList = ({ kind, slot }: SiteListSearch, items: SiteListItem[]) =>
  adminPost<Required<SiteListItem>[]>(`/site-lists/${kind}${kind === 'focus' ? `?slot=${slot}` : ''}`, { items });

/** ?kind=&slot= of the 站点内容 page. */
export function parseSiteListSearch(raw: Record<string, unknown>): SiteListSearch {
  return {
    kind: SITE_LIST_KINDS.find((k) => k === raw.kind) ?? 'hot_keywords',
    slot: FOCUS_SLOTS.find((s) => s === raw.slot) ?? 'index',
  };
}
