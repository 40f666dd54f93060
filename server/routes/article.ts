// /api/article (SPEC §2 "Help centre", §7 GET /api/article/category, §9 category id 3): the help
// tree, article lists (news pages, help leaves) and one article. Public and the same for every
// viewer, so no session is read and nothing per-user is answered; GETs have no side effects (the
// service worker caches these answers, so a view counter here would count nothing reliably).
import { Hono } from 'hono';
import { and, asc, count, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import type { Db } from '../db/client.ts';
import { articleCategories, articles } from '../db/schema.ts';
import { notFound, ok, validationError } from '../http/envelope.ts';
import { readQuery } from '../http/validate.ts';
import { ID_MAX, intParam, positiveId } from '../http/params.ts';
import { ARTICLE_CATEGORY_ID } from '../../src/domain/constants.ts';
import {
  ARTICLE_CODE_RE,
  ARTICLE_LIST_LIMIT_DEFAULT,
  ARTICLE_LIST_LIMIT_MAX,
  ARTICLE_MESSAGES,
  type ArticleCategoryNode,
  type ArticleCategoryRef,
  type ArticleDetail,
  type ArticleListItem,
  type ArticleNeighbour,
  type ArticlePage,
} from '../../src/domain/articles.ts';

/** Deep pages of a few dozen articles make no sense; this keeps OFFSET small. */
const PAGE_MAX = 10_000;

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

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

const categoryRef = { id: articleCategories.id, name: articleCategories.name, code: articleCategories.code };

async function categoryById(db: Db, id: number): Promise<ArticleCategoryRef> {
  const [row] = await db.select(categoryRef).from(articleCategories).where(eq(articleCategories.id, id)).limit(1);
  if (!row) throw notFound(ARTICLE_MESSAGES.categoryMissing);
  return row;
}

/** Codes are unique in practice; should two share one, the older category wins. */
async function categoryByCode(db: Db, code: string): Promise<ArticleCategoryRef> {
  const [row] = await db
    .select(categoryRef)
    .from(articleCategories)
    .where(eq(articleCategories.code, code))
    .orderBy(asc(articleCategories.id))
    .limit(1);
  if (!row) throw notFound(ARTICLE_MESSAGES.categoryMissing);
  return row;
}

async function childrenOf(db: Db, parentIds: number[]): Promise<(ArticleCategoryRef & { parentId: number | null })[]> {
  if (parentIds.length === 0) return [];
  return db
    .select({ ...categoryRef, parentId: articleCategories.parentId })
    .from(articleCategories)
    .where(inArray(articleCategories.parentId, parentIds))
    .orderBy(asc(articleCategories.sort), asc(articleCategories.id));
}

/** The two levels under a category: its groups, each with its leaves, by sort then id. */
export async function categoryTree(db: Db, rootId: number): Promise<ArticleCategoryNode[]> {
  await categoryById(db, rootId);
  const groups = await childrenOf(db, [rootId]);
  const leaves = await childrenOf(
    db,
    groups.map((g) => g.id),
  );
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    code: g.code,
    children: leaves.filter((l) => l.parentId === g.id).map((l) => ({ id: l.id, name: l.name, code: l.code })),
  }));
}

/** A category and the categories under it (the tree is at most three levels deep). */
async function withDescendants(db: Db, id: number): Promise<number[]> {
  const ids = [id];
  let level = [id];
  for (let depth = 0; depth < 3 && level.length > 0; depth++) {
    level = (await childrenOf(db, level)).map((c) => c.id).filter((c) => !ids.includes(c));
    ids.push(...level);
  }
  return ids;
}

const listColumns = {
  id: articles.id,
  title: articles.title,
  summary: articles.summary,
  cover: articles.cover,
  publishedAt: articles.publishedAt,
  views: articles.views,
  categoryId: articles.categoryId,
};

type ListRow = { [K in keyof typeof listColumns]: (typeof articles.$inferSelect)[K] };

function toListItem(r: ListRow): ArticleListItem {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    cover: r.cover,
    published_at: seconds(r.publishedAt),
    views: r.views,
    category_id: r.categoryId,
  };
}

const articleId = (raw: string): number => positiveId(raw, 'id', '文章编号无效');

/** The neighbours of an article in its category's list order (published_at desc, id desc). */
async function neighbours(
  db: Db,
  a: { id: number; categoryId: number; publishedAt: Date },
): Promise<{ prev: ArticleNeighbour | null; next: ArticleNeighbour | null }> {
  const sameCategory = eq(articles.categoryId, a.categoryId);
  const [[prev], [next]] = await Promise.all([
    db
      .select({ id: articles.id, title: articles.title })
      .from(articles)
      .where(
        and(
          sameCategory,
          or(gt(articles.publishedAt, a.publishedAt), and(eq(articles.publishedAt, a.publishedAt), gt(articles.id, a.id))),
        ),
      )
      .orderBy(asc(articles.publishedAt), asc(articles.id))
      .limit(1),
    db
      .select({ id: articles.id, title: articles.title })
      .from(articles)
      .where(
        and(
          sameCategory,
          or(lt(articles.publishedAt, a.publishedAt), and(eq(articles.publishedAt, a.publishedAt), lt(articles.id, a.id))),
        ),
      )
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(1),
  ]);
  return { prev: prev ?? null, next: next ?? null };
}

export const articleRoutes = new Hono<AppEnv>();

articleRoutes.get('/category', async (c) => {
  const q = readQuery(c, categoryQuery);
  return ok<ArticleCategoryNode[]>(c, await categoryTree(c.get('deps').db, q.category_id ?? ARTICLE_CATEGORY_ID));
});

articleRoutes.get('/list', async (c) => {
  const q = readQuery(c, listQuery);
  const db = c.get('deps').db;
  const page = q.page ?? 1;
  const limit = q.limit ?? ARTICLE_LIST_LIMIT_DEFAULT;
  let category: ArticleCategoryRef;
  if (q.category_id !== undefined) category = await categoryById(db, q.category_id);
  else if (q.code !== undefined) category = await categoryByCode(db, q.code);
  else throw validationError({ category_id: ['请选择文章分类'] });
  const ids = await withDescendants(db, category.id);
  // A leaf (the usual case) is one equality on articles_category_idx (category_id, published_at).
  const where = ids.length === 1 ? eq(articles.categoryId, ids[0]) : inArray(articles.categoryId, ids);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(listColumns)
      .from(articles)
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return ok<ArticlePage>(c, { list: rows.map(toListItem), total: n, page, limit });
});

articleRoutes.get('/:id', async (c) => {
  const id = articleId(c.req.param('id'));
  const db = c.get('deps').db;
  const [row] = await db
    .select({
      ...listColumns,
      body: articles.body,
      categoryName: articleCategories.name,
      categoryCode: articleCategories.code,
    })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(eq(articles.id, id))
    .limit(1);
  if (!row) throw notFound(ARTICLE_MESSAGES.articleMissing);
  const { prev, next } = await neighbours(db, row);
  const data: ArticleDetail = {
    id: row.id,
    title: row.title,
    summary: row.summary,
    body: row.body,
    cover: row.cover,
    published_at: seconds(row.publishedAt),
    views: row.views,
    category: { id: row.categoryId, name: row.categoryName, code: row.categoryCode },
    prev,
    next,
  };
  return ok(c, data);
});
