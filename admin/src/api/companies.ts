// Companies: the server-side list (search, filter, sort, page), one company, the review decision
// and its settings.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { CompanyDetail, CompanyRow, CompanySettingsInput, Paged } from '@domain/admin.ts';
import type { CompanySearch } from './company-search.ts';

export const companiesKey = ['admin', 'companies'] as const;

export const companyListQuery = (search: CompanySearch) =>
  queryOptions({
    queryKey: [...companiesKey, 'list', search] as const,
    queryFn: () =>
      adminGet<Paged<CompanyRow>>('/companies', {
        q: search.q,
        status: search.status,
        renewal: search.renewal ? 1 : undefined,
        sort: search.sort,
        order: search.order,
        page: search.page,
        page_size: 20,
      }),
    placeholderData: (previous) => previous,
  });

export const companyQuery = (id: number) =>
  queryOptions({
    queryKey: [...companiesKey, 'detail', id] as const,
    queryFn: () => adminGet<CompanyDetail>(`/companies/${id}`),
  });

/** After a decision: the company, the lists and the dashboard's counts are all stale. */
export async function afterCompanyChange(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: companiesKey }),
    client.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
  ]);
}

export const approveCompany = (id: number) => adminPost<{ review_status: string }>(`/companies/${id}/approve`);
export const rejectCompany = (id: number, reason: string) =>
  adminPost<{ review_status: string }>(`/companies/${id}/reject`, { reason });
export const saveCompanySettings = (id: number, input: CompanySettingsInput) =>
  adminPost<CompanySettingsInput>(`/companies/${id}/settings`, input);
