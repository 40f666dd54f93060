// Article lists (news pages, help leaves): published only, the operator's order (sort) then newest first, a category with everything under it.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articles } from '../../db/schema.ts';
import type { ArticleCategoryRef, ArticleListItem, ArticlePage } from '@domain/articles.ts';
import { categoryByCode, categoryById, withDescendants } from './categories.ts';

export const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

export const listColumns = {
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

/** Which category: by id, or by code when no id is given. */
export type CategorySelector = { id: number } | { code: string };

export async function listArticles(db: Db, which: CategorySelector, page: number, limit: number): Promise<ArticlePage> {
  const category: ArticleCategoryRef =
    'id' in which ? await categoryById(db, which.id) : await categoryByCode(db, which.code);
  const ids = await withDescendants(db, category.id);
  // A leaf (the usual case) is one equality on articles_category_idx (category_id, published_at).
  const where = and(
    ids.length === 1 ? eq(articles.categoryId, ids[0]) : inArray(articles.categoryId, ids),
    eq(articles.isPublished, true),
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(listColumns)
      .from(articles)
      .where(where)
      .orderBy(desc(articles.sort), desc(articles.publishedAt), desc(articles.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { list: rows.map(toListItem), total: n, page, limit };
}
