// The favourites route's search schema (/star `?page=`): pure, and imported by the route manifest,
// so it is in the first bundle. Keep it that small: the hooks live in page-param.ts, loaded with
// the page.
import { positiveIntParam, searchRecord, type SearchSchema } from '../../domain/params';

const MAX_PAGE = 100_000;

export function parsePage(raw: unknown): number {
  return positiveIntParam(raw, MAX_PAGE) ?? 1;
}

export const favoritesSearch: SearchSchema<{ page: number }> = (raw) => ({ page: parsePage(searchRecord(raw).page) });
