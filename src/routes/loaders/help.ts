// First screens of the help centre: the category tree every help page needs (the help menu
// beside each page reads it too), and the article or news page the URL names. Public content (the
// worker caches it for offline reading). Not in the first bundle: the manifest loads this module
// on a route's first call (`lazyLoader`), and the api module with it.
import type { QueryClient } from '@tanstack/react-query';
import { articleCategoriesQuery, articleListQuery, articleQuery } from '../../api/articles';
import { helpArticleSearch, newsListSearch } from '../../domain/article-search';
import { ARTICLE_LIST_LIMIT_DEFAULT, type NewsType } from '../../domain/articles';
import { positiveIntParam } from '../../domain/params';
import { settled, withSearch } from '../first-screen';
import type { RouteLoader, RouteLocation } from '../types';

/** A help leaf: the tree (which names the leaf) and the article `?id=` asks for. */
export const loadHelpArticle = withSearch(helpArticleSearch, (queryClient, { search }) => {
  const id = search.id;
  return settled([
    queryClient.ensureQueryData(articleCategoriesQuery()),
    ...(typeof id === 'number' ? [queryClient.ensureQueryData(articleQuery(id))] : []),
  ]);
}).loader;

/** /news/hy, /news/company: the tree (for the title) and the page of the list. */
export function newsListLoader(code: NewsType): RouteLoader {
  return withSearch(newsListSearch, (queryClient, { search }) =>
    settled([
      queryClient.ensureQueryData(articleCategoriesQuery()),
      queryClient.ensureQueryData(articleListQuery({ code, page: search.page, limit: ARTICLE_LIST_LIMIT_DEFAULT })),
    ]),
  ).loader;
}

/** /news/info/:id/:type: the tree (the help menu beside it) and the article. */
export function loadNewsArticle(queryClient: QueryClient, { params }: RouteLocation): Promise<unknown> {
  const id = positiveIntParam(params.id);
  return settled([
    queryClient.ensureQueryData(articleCategoriesQuery()),
    ...(id === null ? [] : [queryClient.ensureQueryData(articleQuery(id))]),
  ]);
}
