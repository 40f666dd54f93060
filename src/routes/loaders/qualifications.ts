// First screens of /zzzj (资质证照) and /jybg (药检报告): member-only rows, loaded on the route's first
// call (`lazyLoader`), so neither this module nor its api modules are in the first bundle.
import type { QueryClient } from '@tanstack/react-query';
import { businessScopeQuery, certificatesQuery } from '../../api/qualifications';
import { inspectionReportsQuery } from '../../api/quality-reports';
import { userBaseQuery } from '../../api/user';
import { qualityReportsSearch } from '../../features/quality-reports/quality-reports-search';
import { settled, withSearch } from '../first-screen';

/** /zzzj: the certificates and the 经营范围 beside them. */
export function loadCertificates(queryClient: QueryClient): Promise<unknown> {
  return settled([queryClient.ensureQueryData(certificatesQuery()), queryClient.ensureQueryData(businessScopeQuery())]);
}

/** /jybg: the results for the keywords in the URL (none before a search). */
export const loadQualityReports = withSearch(qualityReportsSearch, (queryClient, { search }) =>
  settled([
    queryClient.ensureQueryData(userBaseQuery()),
    ...(search.keywords === ''
      ? []
      : [queryClient.ensureQueryData(inspectionReportsQuery(search.keywords, search.page))]),
  ]),
).loader;
