// The loading pages' search schemas: their targets come from the URL, so only same-site paths.
import { searchRecord, type SearchSchema } from '../domain/params';
import { safeInternalHref } from '../domain/safe-href';

/** /loading?to=<url>: the same-site page to go on to, else null. */
export const loadingSearch: SearchSchema<{ to: string | null }> = (raw) => ({
  to: safeInternalHref(searchRecord(raw).to),
});

/** /loading/activity?url=<path>: the activity's same-site path, else null. */
export const activityLoadingSearch: SearchSchema<{ url: string | null }> = (raw) => ({
  url: safeInternalHref(searchRecord(raw).url),
});
