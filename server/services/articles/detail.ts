// One article with its category and its neighbours in the category's list order.
import { and, asc, desc, eq, gt, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articleCategories, articles } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';
import { ARTICLE_MESSAGES, type ArticleDetail, type ArticleNeighbour } from '../../../src/domain/articles.ts';
import { listColumns, seconds } from './list.ts';

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

export async function articleDetail(db: Db, id: number): Promise<ArticleDetail> {
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
  return {
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
}
