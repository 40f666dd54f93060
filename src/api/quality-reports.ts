// Quality inspection reports (药检报告, /jybg): GET /api/jybg/filter (docs/api.md "Quality inspection reports").
import { queryOptions } from '@tanstack/react-query';
import type { InspectionSearchResult } from '../domain/quality-reports';
import { http } from '../http/client';

export const qualityReportKeys = {
  all: ['quality-reports'] as const,
  search: (keywords: string, page: number) => [...qualityReportKeys.all, 'search', keywords, page] as const,
};

export const getInspectionReports = (keywords: string, page: number): Promise<InspectionSearchResult> =>
  http.get<InspectionSearchResult>('jybg/filter', { keywords, page });

/** Reports do not change while a buyer reads them: cached for five minutes. */
export const inspectionReportsQuery = (keywords: string, page: number) =>
  queryOptions({
    queryKey: qualityReportKeys.search(keywords, page),
    queryFn: () => getInspectionReports(keywords, page),
    staleTime: 300_000,
    enabled: keywords !== '',
  });
