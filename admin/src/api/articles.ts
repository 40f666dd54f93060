// Articles for 运营: categories, the list (search, filters, sort, page in the URL), one article,
// create, save, publish/withdraw (/api/admin/articles).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { Paged } from '@domain/admin.ts';
import {
  ARTICLE_SORTS,
  type ArticleDraft,
  type ArticleSortKey,
  type ConsoleArticle,
  type ConsoleArticleCategory,
  type ConsoleArticleRow,
} from '@domain/admin-content.ts';

export const articlesKey = ['admin', 'articles'] as const;

export interface ArticleSearch {
  q?: string;
  category_id?: number;
  /** 1 published, 0 withdrawn, absent both. */
  published?: 0 | 1;
  sort: ArticleSortKey;
  desc: boolean;
  page: number;
}

export const articleCategoriesQuery = queryOptions({
  queryKey: [...articlesKey, 'categories'] as const,
  queryFn: () => adminGet<ConsoleArticleCategory[]>('/articles/categories'),
  staleTime: 60_000,
});

export const articleListQuery = (s: ArticleSearch) =>
  queryOptions({
    queryKey: [...articlesKey, 'list', s] as const,
    queryFn: () =>
      adminGet<Paged<ConsoleArticleRow>>('/articles', {
        q: s.q,
        category_id: s.category_id,
        published: s.published,
        sort: s.sort,
        desc: s.desc ? 1 : 0,
        page: s.page,
        page_size: 20,
      }),
    placeholderData: (previous) => previous,
  });

export const articleQuery = (id: number) =>
  queryOptions({
    queryKey: [...articlesKey, 'one', id] as const,
    queryFn: () => adminGet<ConsoleArticle>(`/articles/${id}`),
  });

export const createArticle = (draft: ArticleDraft) => adminPost<ConsoleArticle>('/articles', draft);
export const saveArticle = (id: number, draft: ArticleDraft) => adminPost<ConsoleArticle>(`/articles/${id}`, draft);
export const setPublished = (id: number, published: boolean) =>
  adminPost<ConsoleArticle>(`/articles/${id}/${published ? 'publish' : 'unpublish'}`);

export const afterArticleChange = (client: QueryClient) => client.invalidateQueries({ queryKey: articlesKey });

/** ?q=&category_id=&published=&sort=&desc=&page= of the articles list. */
export function parseArticleSearch(raw: Record<string, unknown>): ArticleSearch {
  const n = Number(raw.page);
  const cat = Number(raw.category_id);
  const q = typeof raw.q === 'string' && raw.q.trim() !== '' ? raw.q.trim().slice(0, 60) : undefined;
  const published =
    raw.published === 1 || raw.published === '1' ? 1 : raw.published === 0 || raw.published === '0' ? 0 : undefined;
  return {
    q,
    category_id: Number.isInteger(cat) && cat >= 1 && cat <= 2_147_483_647 ? cat : undefined,
    published,
    sort: ARTICLE_SORTS.find((s) => s === raw.sort) ?? 'published_at',
    desc: !(raw.desc === false || raw.desc === 0 || raw.desc === '0' || raw.desc === 'false'),
    page: Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1,
  };
}
