// The companies list's URL state (?q=&status=&renewal=1&sort=&order=&page=): the list lives in
// the URL so a filtered view can be bookmarked and the back button works. Anything unknown falls
// back to the default rather than failing the page.
import type { CompanyReviewStatus } from '@domain/admin.ts';

export const COMPANY_SORT_FIELDS = ['id', 'name', 'created_at', 'rank', 'review_status'] as const;
export type CompanySortField = (typeof COMPANY_SORT_FIELDS)[number];
const STATUSES: readonly CompanyReviewStatus[] = ['draft', 'pending', 'approved', 'rejected'];

export interface CompanySearch {
  q?: string;
  status?: CompanyReviewStatus;
  renewal?: boolean;
  sort: CompanySortField;
  order: 'asc' | 'desc';
  page: number;
}

export const DEFAULT_COMPANY_SEARCH: CompanySearch = { sort: 'id', order: 'desc', page: 1 };

export function parseCompanySearch(raw: Record<string, unknown>): CompanySearch {
  const q = typeof raw.q === 'string' && raw.q.trim() !== '' ? raw.q.trim().slice(0, 50) : undefined;
  const status = STATUSES.find((s) => s === raw.status);
  const renewal = raw.renewal === true || raw.renewal === 1 || raw.renewal === '1' ? true : undefined;
  const sort = COMPANY_SORT_FIELDS.find((s) => s === raw.sort) ?? DEFAULT_COMPANY_SEARCH.sort;
  const order = raw.order === 'asc' ? 'asc' : 'desc';
  const pageNumber = Number(raw.page);
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 100_000 ? pageNumber : 1;
  return { q, status, renewal, sort, order, page };
}
