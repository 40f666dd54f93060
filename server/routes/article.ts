// /api/article (SPEC §2 "Help centre", §7 GET /api/article/category, §9 category id 3): the help
// tree, article lists (news pages, help leaves) and one article. Public and the same for every
// viewer, so no session is read and nothing per-user is answered; GETs have no side effects (the
// service worker caches these answers, so a view counter here would count nothing reliably).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok, validationError } from '../http/envelope.ts';
import { readQuery } from '../http/validate.ts';
import { ID_MAX, intParam, positiveId } from '../http/params.ts';
import { ARTICLE_CATEGORY_ID } from '@domain/constants.ts';
import {
  ARTICLE_CODE_RE,
  ARTICLE_LIST_LIMIT_DEFAULT,
  ARTICLE_LIST_LIMIT_MAX,
  type ArticleCategoryNode,
  type ArticleDetail,
  type ArticlePage,
} from '@domain/articles.ts';
import { categoryTree } from '../services/articles/categories.ts';
import { listArticles, type CategorySelector } from '../services/articles/list.ts';
import { articleDetail } from '../services/articles/detail.ts';

/** Deep pages of a few dozen articles make no sense; this keeps OFFSET small. */
const PAGE_MAX = 10_000;

const categoryQuery = z.object({
  category_id: intParam('文章分类编号无效', 1, ID_MAX),
});

const listQuery = z.object({
  category_id: intParam('文章分类编号无效', 1, ID_MAX),
  code: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string({ error: '文章分类代码无效' }).regex(ARTICLE_CODE_RE, { error: '文章分类代码无效' }).optional(),
  ),
  page: intParam('页码无效', 1, PAGE_MAX),
  limit: intParam(`每页数量须在1-${ARTICLE_LIST_LIMIT_MAX}之间`, 1, ARTICLE_LIST_LIMIT_MAX),
});

const articleId = (raw: string): number => positiveId(raw, 'id', '文章编号无效');

export const articleRoutes = new Hono<AppEnv>();

articleRoutes.get('/category', async (c) => {
  const q = readQuery(c, categoryQuery);
  return ok<ArticleCategoryNode[]>(c, await categoryTree(c.get('deps').db, q.category_id ?? ARTICLE_CATEGORY_ID));
});

articleRoutes.get('/list', async (c) => {
  const q = readQuery(c, listQuery);
  let which: CategorySelector;
  if (q.category_id !== undefined) which = { id: q.category_id };
  else if (q.code !== undefined) which = { code: q.code };
  else throw validationError({ category_id: ['请选择文章分类'] });
  const page = await listArticles(c.get('deps').db, which, q.page ?? 1, q.limit ?? ARTICLE_LIST_LIMIT_DEFAULT);
  return ok<ArticlePage>(c, page);
});

articleRoutes.get('/:id', async (c) => {
  const id = articleId(c.req.param('id'));
  return ok<ArticleDetail>(c, await articleDetail(c.get('deps').db, id));
});
