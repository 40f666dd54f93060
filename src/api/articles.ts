// Help centre and news articles (SPEC §2 "Help centre", §7 GET /api/article/category with
// category_id fixed at 3): the menu tree, article lists and one article. Public content, the same
// for every viewer; the service worker keeps the answers (help-v1) for offline reading.
import { queryOptions } from '@tanstack/react-query';
import {
  ARTICLE_LIST_LIMIT_DEFAULT,
  ARTICLE_LIST_LIMIT_MAX,
  NEWS_GROUP_CODE,
  isNewsType,
  type ArticleCategoryNode,
  type ArticleDetail,
  type ArticlePage,
} from '../domain/articles';
import { ARTICLE_CATEGORY_ID } from '../domain/constants';
import { http } from '../http/client';

/** `category_id` or a category `code` (hy, company …), with the page. */
export interface ArticleListParams {
  category_id?: number;
  code?: string;
  page?: number;
  limit?: number;
}

/** Articles change rarely: keep them fresh for a few minutes instead of refetching on every visit. */
const ARTICLE_STALE_MS = 5 * 60_000;

export const articleKeys = {
  all: ['article'] as const,
  categories: (categoryId: number = ARTICLE_CATEGORY_ID) => [...articleKeys.all, 'category', categoryId] as const,
  lists: () => [...articleKeys.all, 'list'] as const,
  list: (params: ArticleListParams) => [...articleKeys.lists(), params] as const,
  detail: (id: number) => [...articleKeys.all, 'detail', id] as const,
};

export const getArticleCategories = (categoryId: number = ARTICLE_CATEGORY_ID): Promise<ArticleCategoryNode[]> =>
  http.get<ArticleCategoryNode[]>('article/category', { category_id: categoryId });

export const getArticleList = (params: ArticleListParams): Promise<ArticlePage> => {
  const query: Record<string, number | string> = {};
  if (params.category_id !== undefined) query.category_id = params.category_id;
  if (params.code !== undefined) query.code = params.code;
  if (params.page !== undefined && params.page > 1) query.page = params.page;
  if (params.limit !== undefined) query.limit = params.limit;
  return http.get<ArticlePage>('article/list', query);
};

export const getArticle = (id: number): Promise<ArticleDetail> => http.get<ArticleDetail>(`article/${id}`);

export const articleCategoriesQuery = (categoryId: number = ARTICLE_CATEGORY_ID) =>
  queryOptions({
    queryKey: articleKeys.categories(categoryId),
    queryFn: () => getArticleCategories(categoryId),
    staleTime: ARTICLE_STALE_MS,
  });

export const articleListQuery = (params: ArticleListParams) =>
  queryOptions({
    queryKey: articleKeys.list(params),
    queryFn: () => getArticleList(params),
    staleTime: ARTICLE_STALE_MS,
  });

/**
 * One article. Silent: the page shows "文章不存在", the offline note or the failure in place of the
 * article, so the shared presenter must not also open a dialog for it.
 */
export const articleQuery = (id: number) =>
  queryOptions({
    queryKey: articleKeys.detail(id),
    queryFn: () => getArticle(id),
    staleTime: ARTICLE_STALE_MS,
    meta: { silentErrors: true },
  });

/**
 * Reads the whole help centre once: the tree, every help leaf's list and the first page of each
 * news list, then every article in them, with the same URLs the pages ask for, so the service
 * worker keeps the answers (help-v1) for offline reading. Resolves the number of articles read.
 */
export async function downloadHelpCentre(signal?: AbortSignal): Promise<number> {
  const tree = await getArticleCategories();
  const ids = new Set<number>();
  for (const group of tree) {
    for (const leaf of group.children) {
      if (signal?.aborted) return 0;
      const params: ArticleListParams =
        group.code === NEWS_GROUP_CODE && isNewsType(leaf.code)
          ? { code: leaf.code, page: 1, limit: ARTICLE_LIST_LIMIT_DEFAULT }
          : { category_id: leaf.id, limit: ARTICLE_LIST_LIMIT_MAX };
      for (const a of (await getArticleList(params)).list) ids.add(a.id);
    }
  }
  let read = 0;
  for (const id of ids) {
    if (signal?.aborted) break;
    await getArticle(id);
    read += 1;
  }
  return read;
}
