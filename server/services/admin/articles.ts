// Articles in the operator console (issue 18 part C, role 运营): list, read, create, edit,
// publish/withdraw. Every body passes the server's sanitiser before it is stored, so what the shop
// answers is already clean; each change writes its audit row (before/after) in its transaction.
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { articleCategories, articles } from '../../db/schema.ts';
import { notFound, validationError } from '../../http/envelope.ts';
import type { Paged } from '@domain/admin.ts';
import type {
  ArticleDraft,
  ArticleSortKey,
  ConsoleArticle,
  ConsoleArticleCategory,
  ConsoleArticleRow,
} from '@domain/admin-content.ts';
import { isPlainTextBody, plainTextToHtml } from '@domain/article-html.ts';
import { sanitizeArticleHtml } from '../articles/sanitize.ts';
import { writeAudit, type Actor } from './audit.ts';
import { pageOf, rowsBefore } from '../../db/paging.ts';
import { escapeLike } from '../../db/like.ts';

export const ARTICLE_NOT_FOUND = '文章不存在';

/** Every category with no children (where articles live), with its path from the root. */
export async function consoleArticleCategories(db: Db): Promise<ConsoleArticleCategory[]> {
  const rows = await db
    .select()
    .from(articleCategories)
    .orderBy(asc(articleCategories.sort), asc(articleCategories.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parents = new Set(rows.map((r) => r.parentId).filter((p): p is number => p !== null));
  const path = (id: number): string => {
    const names: string[] = [];
    for (
      let at = byId.get(id), hops = 0;
      at && hops < 10;
      at = at.parentId === null ? undefined : byId.get(at.parentId), hops++
    )
      names.unshift(at.name);
    return names.join(' / ');
  };
  return rows
    .filter((r) => !parents.has(r.id))
    .map((r) => ({ id: r.id, path: path(r.id) }))
    .sort((a, b) => a.path.localeCompare(b.path, 'zh-CN'));
}

export interface ArticleQuery {
  q?: string;
  categoryId?: number;
  published?: boolean;
  sort: ArticleSortKey;
  desc: boolean;
  page: number;
  size: number;
}

const sortColumn = { published_at: articles.publishedAt, sort: articles.sort, id: articles.id } as const;

export async function listConsoleArticles(db: Db, q: ArticleQuery): Promise<Paged<ConsoleArticleRow>> {
  const where: SQL[] = [];
  if (q.q) where.push(ilike(articles.title, `%${escapeLike(q.q)}%`));
  if (q.categoryId !== undefined) where.push(eq(articles.categoryId, q.categoryId));
  if (q.published !== undefined) where.push(eq(articles.isPublished, q.published));
  const cond = where.length > 0 ? and(...where) : undefined;
  const col = sortColumn[q.sort];
  const [[{ total }], rows, cats] = await Promise.all([
    db.select({ total: count() }).from(articles).where(cond),
    db
      .select({
        id: articles.id,
        title: articles.title,
        categoryId: articles.categoryId,
        isPublished: articles.isPublished,
        sort: articles.sort,
        publishedAt: articles.publishedAt,
      })
      .from(articles)
      .where(cond)
      .orderBy(q.desc ? desc(col) : asc(col), desc(articles.id))
      .limit(q.size)
      .offset(rowsBefore(q)),
    consoleArticleCategories(db),
  ]);
  const paths = new Map(cats.map((c) => [c.id, c.path]));
  return pageOf(
    q,
    total,
    rows.map((r) => ({
      id: r.id,
      title: r.title,
      category_id: r.categoryId,
      category_path: paths.get(r.categoryId) ?? '',
      is_published: r.isPublished,
      sort: r.sort,
      published_at: r.publishedAt.getTime(),
    })),
  );
}

type ArticleRow = typeof articles.$inferSelect;

async function lockArticle(db: Db, id: number): Promise<ArticleRow> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1).for('update');
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  return row;
}

const snapshot = (r: Pick<ArticleRow, 'categoryId' | 'title' | 'summary' | 'body' | 'sort' | 'isPublished'>) => ({
  category_id: r.categoryId,
  title: r.title,
  summary: r.summary,
  body: r.body,
  sort: r.sort,
  is_published: r.isPublished,
});

export async function consoleArticle(db: Db, id: number): Promise<ConsoleArticle> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  const paths = new Map((await consoleArticleCategories(db)).map((c) => [c.id, c.path]));
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    // The editor gets HTML even for a body still in pre-console plain text.
    body: isPlainTextBody(row.body) ? plainTextToHtml(row.body) : row.body,
    category_id: row.categoryId,
    category_path: paths.get(row.categoryId) ?? '',
    is_published: row.isPublished,
    sort: row.sort,
    published_at: row.publishedAt.getTime(),
  };
}

async function checkCategory(db: Db, categoryId: number): Promise<void> {
  const leaves = await consoleArticleCategories(db);
  if (!leaves.some((c) => c.id === categoryId)) throw validationError({ category_id: ['请选择文章所在的末级分类'] });
}

/** The sanitised body; a body with nothing left to show (only a script, say) is refused. */
function cleanBody(body: string): string {
  const clean = sanitizeArticleHtml(body);
  if (clean.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(clean))
    throw validationError({ body: ['请填写正文'] });
  return clean;
}

export async function createConsoleArticle(
  db: Db,
  actor: Actor,
  draft: ArticleDraft,
  now: Date,
): Promise<ConsoleArticle> {
  const body = cleanBody(draft.body);
  const id = await withTx(db, async (tx) => {
    await checkCategory(tx, draft.category_id);
    const values = {
      categoryId: draft.category_id,
      title: draft.title,
      summary: draft.summary,
      body,
      sort: draft.sort,
      isPublished: draft.is_published,
    };
    const [row] = await tx
      .insert(articles)
      .values({ ...values, publishedAt: now, views: 0 })
      .returning({ id: articles.id });
    await writeAudit(
      tx,
      actor,
      { action: 'article.create', targetType: 'article', targetId: row.id, after: snapshot(values) },
      now,
    );
    return row.id;
  });
  return consoleArticle(db, id);
}

export async function updateConsoleArticle(
  db: Db,
  actor: Actor,
  id: number,
  draft: ArticleDraft,
  now: Date,
): Promise<ConsoleArticle> {
  const body = cleanBody(draft.body);
  await withTx(db, async (tx) => {
    const before = await lockArticle(tx, id);
    await checkCategory(tx, draft.category_id);
    const values = {
      categoryId: draft.category_id,
      title: draft.title,
      summary: draft.summary,
      body,
      sort: draft.sort,
      isPublished: draft.is_published,
    };
    await tx.update(articles).set(values).where(eq(articles.id, id));
    await writeAudit(
      tx,
      actor,
      {
        action: 'article.update',
        targetType: 'article',
        targetId: id,
        before: snapshot(before),
        after: snapshot(values),
      },
      now,
    );
  });
  return consoleArticle(db, id);
}

/** Publish or withdraw; asking for the state it is already in changes nothing and writes no row. */
export async function setArticlePublished(
  db: Db,
  actor: Actor,
  id: number,
  published: boolean,
  now: Date,
): Promise<ConsoleArticle> {
  await withTx(db, async (tx) => {
    const before = await lockArticle(tx, id);
    if (before.isPublished === published) return;
    await tx.update(articles).set({ isPublished: published }).where(eq(articles.id, id));
    await writeAudit(
      tx,
      actor,
      {
        action: published ? 'article.publish' : 'article.unpublish',
        targetType: 'article',
        targetId: id,
        before: { is_published: before.isPublished },
        after: { is_published: published },
      },
      now,
    );
  });
  return consoleArticle(db, id);
}
