// The search params of the help centre's pages: a help leaf's `?id=` (SPEC:
// "/help/xrzn/hyzc?id={article id}") and a news list's `?page=`.
import { positiveIntParam, searchRecord, type SearchSchema } from './params';

const NEWS_PAGE_MAX = 10_000;

/** `?id=` as the router parsed it (a number) or as typed: absent → null, not an id → 'invalid'. */
export function requestedArticleId(raw: unknown): number | 'invalid' | null {
  if (raw === undefined || raw === '') return null;
  return positiveIntParam(raw) ?? 'invalid';
}

export const helpArticleSearch: SearchSchema<{ id: number | 'invalid' | null }> = (raw) => ({
  id: requestedArticleId(searchRecord(raw).id),
});

export const newsListSearch: SearchSchema<{ page: number }> = (raw) => ({
  page: positiveIntParam(searchRecord(raw).page, NEWS_PAGE_MAX) ?? 1,
});
