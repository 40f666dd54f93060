// One published article with its category and its neighbours in the category's list order. The
// body is HTML that was sanitised when stored (server/services/articles/sanitize.ts).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { isPlainTextBody, plainTextToHtml } from '@domain/article-html.ts';
import type { Db } from '../../db/client.ts';
import { articleCategories, articles } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';
import { ARTICLE_MESSAGES, type ArticleDetail, type ArticleNeighbour } from '@domain/articles.ts';
import { listColumns, seconds } from './list.ts';

/** The neighbours of an article in its category's list order (sort desc, published_at desc, id desc). */
async function neighbours(
  db: Db,
  a: { id: number; categoryId: number; publishedAt: Date; sort: number },
): Promise<{ prev: ArticleNeighbour | null; next: ArticleNeighbour | null }> {
  const visible = and(eq(articles.categoryId, a.categoryId), eq(articles.isPublished, true));
  // Row comparison: the list order is the tuple (sort, published_at, id) descending.
  const key = sql`(${articles.sort}, ${articles.publishedAt}, ${articles.id})`;
  const here = sql`(${a.sort}, ${a.publishedAt.toISOString()}::timestamptz, ${a.id})`;
  const [[prev], [next]] = await Promise.all([
    db
      .select({ id: articles.id, title: articles.title })
      .from(articles)
      .where(and(visible, sql`${key} > ${here}`))
      .orderBy(asc(articles.sort), asc(articles.publishedAt), asc(articles.id))
      .limit(1),
    db
      .select({ id: articles.id, title: articles.title })
      .from(articles)
      .where(and(visible, sql`${key} < ${here}`))
      .orderBy(desc(articles.sort), desc(articles.publishedAt), desc(articles.id))
      .limit(1),
  ]);
  return { prev: prev ?? null, next: next ?? null };
}

export async function articleDetail(db: Db, id: number): Promise<ArticleDetail> {
  const [row] = await db
    .select({
      ...listColumns,
      body: articles.body,
      sort: articles.sort,
      categoryName: articleCategories.name,
      categoryCode: articleCategories.code,
    })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(and(eq(articles.id, id), eq(articles.isPublished, true)))
    .limit(1);
  if (!row) throw notFound(ARTICLE_MESSAGES.articleMissing);
  const { prev, next } = await neighbours(db, row);
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    // Stored bodies are sanitised HTML (console); one still in pre-console plain text becomes paragraphs.
    body: isPlainTextBody(row.body) ? plainTextToHtml(row.body) : row.body,
    cover: row.cover,
    published_at: seconds(row.publishedAt),
    views: row.views,
    category: { id: row.categoryId, name: row.categoryName, code: row.categoryCode },
    prev,
    next,
  };
}
