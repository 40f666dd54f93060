// Help centre and news articles (SPEC §2 "Help centre", §7 GET /api/article/category, §9 article
// category id 3): the answers of /api/article* shared by the server and the page, and the pure
// rules that map a page URL to its article category.
import { formatDate } from './time';

export { positiveIntParam } from './params';

/** A category without its children: a help leaf (hyzc, gwzn …) or a news leaf (hy, company). */
export interface ArticleCategoryRef {
  id: number;
  name: string;
  code: string;
}

/** One group of the help tree (新手指南, 服务保障 …) with its leaves, by `sort`. */
export interface ArticleCategoryNode extends ArticleCategoryRef {
  children: ArticleCategoryRef[];
}

export interface ArticleListItem {
  id: number;
  title: string;
  summary: string;
  /** Image URL, '' when the article has none. */
  cover: string;
  /** Unix seconds (SPEC §9: 10 digits). */
  published_at: number;
  views: number;
  category_id: number;
}

/** GET /api/article/list */
export interface ArticlePage {
  list: ArticleListItem[];
  total: number;
  page: number;
  limit: number;
}

export interface ArticleNeighbour {
  id: number;
  title: string;
}

/** GET /api/article/:id. `body` is HTML sanitised on the server (src/domain/article-html.ts allow-list). */
export interface ArticleDetail {
  id: number;
  title: string;
  summary: string;
  body: string;
  cover: string;
  published_at: number;
  views: number;
  category: ArticleCategoryRef;
  /** The article before this one in the list order (newer), null for the first. */
  prev: ArticleNeighbour | null;
  /** The article after this one in the list order (older), null for the last. */
  next: ArticleNeighbour | null;
}

export const ARTICLE_LIST_LIMIT_DEFAULT = 10;
export const ARTICLE_LIST_LIMIT_MAX = 50;

/** Category codes are short lower-case route segments. */
export const ARTICLE_CODE_RE = /^[a-z][a-z0-9_]{0,31}$/;

export const ARTICLE_MESSAGES = {
  categoryMissing: '文章分类不存在',
  articleMissing: '文章不存在',
} as const;

/** The news leaves: their pages are /news/<type>, their articles /news/info/<id>/<type>. */
export const NEWS_TYPES = ['hy', 'company'] as const;
export type NewsType = (typeof NEWS_TYPES)[number];
/** News list names until the category tree has loaded (the tree's names win). */
export const NEWS_TITLES: Readonly<Record<NewsType, string>> = { hy: '行业新闻', company: '公司新闻' };
/** The help-tree group whose leaves are the news pages. */
export const NEWS_GROUP_CODE = 'news';

export function isNewsType(v: unknown): v is NewsType {
  return typeof v === 'string' && (NEWS_TYPES as readonly string[]).includes(v);
}

/** The paragraphs of a plain-text body: split on blank lines, each trimmed, empty ones dropped. */
export function paragraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u3000]*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The page of a leaf of the help tree: /news/<leaf> for the news group, else /help/<group>/<leaf>. */
export function leafHref(groupCode: string, leafCode: string): string {
  return groupCode === NEWS_GROUP_CODE ? `/news/${leafCode}` : `/help/${groupCode}/${leafCode}`;
}

/** A help article in its leaf page (SPEC: /help/xrzn/hyzc?id={article id}). */
export function helpArticleHref(groupCode: string, leafCode: string, articleId: number): string {
  return `${leafHref(groupCode, leafCode)}?id=${articleId}`;
}

export function newsArticleHref(id: number, type: NewsType): string {
  return `/news/info/${id}/${type}`;
}

/**
 * The category code a page URL shows: `/help/xrzn/gwzn` and its alias `/help/pay/ddzf` → the leaf
 * code (gwzn, ddzf), `/news/hy` → hy, `/news/info/12/company` → company. `/help` (and anything
 * else) → null: the first leaf of the tree.
 */
export function categoryCodeForPath(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const help = /^\/help\/[a-z0-9_]+\/([a-z0-9_]+)$/.exec(path);
  if (help) return help[1];
  const news = /^\/news\/(?:info\/[^/]+\/)?([a-z0-9_]+)$/.exec(path);
  if (news && isNewsType(news[1])) return news[1];
  return null;
}

/** The group holding the leaf `code`, and the leaf. */
export function findLeaf(
  tree: readonly ArticleCategoryNode[],
  code: string,
): { group: ArticleCategoryNode; leaf: ArticleCategoryRef } | null {
  for (const group of tree) {
    const leaf = group.children.find((c) => c.code === code);
    if (leaf) return { group, leaf };
  }
  return null;
}

/** The first leaf of the first group that has one (what /help shows). */
export function firstLeaf(
  tree: readonly ArticleCategoryNode[],
): { group: ArticleCategoryNode; leaf: ArticleCategoryRef } | null {
  for (const group of tree) {
    if (group.children.length > 0) return { group, leaf: group.children[0] };
  }
  return null;
}

/** "2025-06-02": a publish time (unix seconds or ms, SPEC §9) as its day in Asia/Shanghai (UTC+8, no DST). */
export function formatArticleDate(ts: number): string {
  return formatDate(ts);
}
