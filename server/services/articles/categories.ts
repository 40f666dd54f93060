// The help-centre / news category tree: a category by id or code, its two levels for the menu,
// and the categories under it for a list.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articleCategories } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';
import { ARTICLE_MESSAGES, type ArticleCategoryNode, type ArticleCategoryRef } from '@domain/articles.ts';

const categoryRef = { id: articleCategories.id, name: articleCategories.name, code: articleCategories.code };

export async function categoryById(db: Db, id: number): Promise<ArticleCategoryRef> {
  const [row] = await db.select(categoryRef).from(articleCategories).where(eq(articleCategories.id, id)).limit(1);
  if (!row) throw notFound(ARTICLE_MESSAGES.categoryMissing);
  return row;
}

/** Codes are unique in practice; should two share one, the older category wins. */
export async function categoryByCode(db: Db, code: string): Promise<ArticleCategoryRef> {
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
export async function withDescendants(db: Db, id: number): Promise<number[]> {
  const ids = [id];
  let level = [id];
  for (let depth = 0; depth < 3 && level.length > 0; depth++) {
    level = (await childrenOf(db, level)).map((c) => c.id).filter((c) => !ids.includes(c));
    ids.push(...level);
  }
  return ids;
}
