// Site settings for 运营: what applies now, and saving changes (/api/admin/settings).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { SiteSettings, SiteSettingsView } from '@domain/admin-content.ts';

export const siteSettingsKey = ['admin', 'settings'] as const;

export const siteSettingsQuery = queryOptions({
  queryKey: siteSettingsKey,
  queryFn: () => adminGet<SiteSettingsView>('/settings'),
});

export const saveSiteSettings = (patch: Partial<SiteSettings>) => adminPost<SiteSettingsView>('/settings', patch);

export const afterSettingsChange = (client: QueryClient, saved: SiteSettingsView) =>
  client.setQueryData(siteSettingsKey, saved);
