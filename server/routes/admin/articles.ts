// /api/admin/articles: help, news and announcements for 运营 (and 管理员): categories, list,
// read, create, edit, publish/withdraw. Bodies are sanitised by the service before storing.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { flagField, flagParam, idField, objectId, pageParams, PAGE_SIZE_DEFAULT, blank } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import {
  ARTICLE_NOT_FOUND,
  consoleArticle,
  consoleArticleCategories,
  createConsoleArticle,
  listConsoleArticles,
  setArticlePublished,
  updateConsoleArticle,
} from '../../services/admin/articles.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import {
  ARTICLE_SORT_MAX,
  ARTICLE_SORTS,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  type ArticleDraft,
} from '@domain/admin-content.ts';
import { ARTICLE_BODY_MAX } from '@domain/article-html.ts';

const listQuery = z.object({
  q: z.preprocess(blank, z.string().trim().max(60, { error: '搜索词最多60个字' }).optional()),
  category_id: z.preprocess(blank, idField('文章分类编号无效').optional()),
  published: flagParam('发布状态无效'),
  sort: z.preprocess(blank, z.enum(ARTICLE_SORTS, { error: '排序字段无效' }).optional()),
  desc: flagParam('排序方向无效'),
  ...pageParams,
});

const draftSchema = z.object({
  category_id: idField('请选择文章分类'),
  title: z
    .string({ error: '请填写标题' })
    .trim()
    .min(1, { error: '请填写标题' })
    .max(ARTICLE_TITLE_MAX, { error: `标题最多${ARTICLE_TITLE_MAX}个字` }),
  summary: z
    .string({ error: '摘要无效' })
    .trim()
    .max(ARTICLE_SUMMARY_MAX, { error: `摘要最多${ARTICLE_SUMMARY_MAX}个字` })
    .optional(),
  body: z.string({ error: '请填写正文' }).min(1, { error: '请填写正文' }).max(ARTICLE_BODY_MAX, { error: '正文过长' }),
  sort: z.coerce
    .number({ error: `排序须为0-${ARTICLE_SORT_MAX}的整数` })
    .int({ error: `排序须为0-${ARTICLE_SORT_MAX}的整数` })
    .min(0, { error: `排序须为0-${ARTICLE_SORT_MAX}的整数` })
    .max(ARTICLE_SORT_MAX, { error: `排序须为0-${ARTICLE_SORT_MAX}的整数` })
    .optional(),
  is_published: flagField('发布状态无效').optional(),
});

const readDraft = (c: Parameters<typeof readInput>[0]): ArticleDraft => {
  const d = readInput(c, draftSchema);
  return {
    category_id: d.category_id,
    title: d.title,
    summary: d.summary ?? '',
    body: d.body,
    sort: d.sort ?? 0,
    is_published: d.is_published ?? true,
  };
};

const articleId = (raw: string) => objectId(raw, ARTICLE_NOT_FOUND);

export const adminArticleRoutes = new Hono<AppEnv>();

adminArticleRoutes.get('/categories', allow(CONSOLE_ACCESS.content), async (c) =>
  ok(c, await consoleArticleCategories(c.get('deps').db)),
);

adminArticleRoutes.get('/', allow(CONSOLE_ACCESS.content), async (c) => {
  const q = readQuery(c, listQuery);
  return ok(
    c,
    await listConsoleArticles(c.get('deps').db, {
      q: q.q || undefined,
      categoryId: q.category_id,
      published: q.published,
      sort: q.sort ?? 'published_at',
      desc: q.desc ?? true,
      page: q.page ?? 1,
      size: q.page_size ?? PAGE_SIZE_DEFAULT,
    }),
  );
});

adminArticleRoutes.get('/:id', allow(CONSOLE_ACCESS.content), async (c) =>
  ok(c, await consoleArticle(c.get('deps').db, articleId(c.req.param('id')))),
);

adminArticleRoutes.post('/', allow(CONSOLE_ACCESS.content), async (c) => {
  const draft = readDraft(c);
  const { db, clock } = c.get('deps');
  return ok(c, await createConsoleArticle(db, actorOf(c), draft, clock()), '文章已创建');
});

adminArticleRoutes.post('/:id', allow(CONSOLE_ACCESS.content), async (c) => {
  const id = articleId(c.req.param('id'));
  const draft = readDraft(c);
  const { db, clock } = c.get('deps');
  return ok(c, await updateConsoleArticle(db, actorOf(c), id, draft, clock()), '文章已保存');
});

adminArticleRoutes.post('/:id/publish', allow(CONSOLE_ACCESS.content), async (c) => {
  const id = articleId(c.req.param('id'));
  const { db, clock } = c.get('deps');
  return ok(c, await setArticlePublished(db, actorOf(c), id, true, clock()), '文章已发布');
});

adminArticleRoutes.post('/:id/unpublish', allow(CONSOLE_ACCESS.content), async (c) => {
  const id = articleId(c.req.param('id'));
  const { db, clock } = c.get('deps');
  return ok(c, await setArticlePublished(db, actorOf(c), id, false, clock()), '文章已下线');
});
