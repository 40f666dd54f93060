// A help leaf (/help/xrzn/hyzc …, /help shows the first leaf; SPEC §2): finds the leaf by the code
// in the URL in the category tree, loads its articles and shows the one named by ?id= (SPEC:
// "/help/xrzn/hyzc?id={article id}") or else the leaf's newest. Other articles of the leaf are
// listed under it.
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { articleCategoriesQuery, articleListQuery, articleQuery } from '../../api/articles';
import { helpArticleSearch } from '../../domain/article-search';
import {
  ARTICLE_LIST_LIMIT_MAX,
  categoryCodeForPath,
  findLeaf,
  firstLeaf,
  formatArticleDate,
  leafHref,
} from '../../domain/articles';
import { ArticleBody } from './article-body';
import {
  EMPTY_CATEGORY_TEXT,
  Empty,
  Failed,
  isNotFound,
  isOfflineFailure,
  Loading,
  Missing,
  Offline,
  OFFLINE_LIST_TEXT,
} from './states';
import styles from './article.module.css';
import { useRouteSearch } from '../../widgets/route-search';
import { SpaLink } from '../../ui/spa-link';

/** The leaf whose page also takes a complaint or suggestion (SPEC §2 /help/us/tsjy). */
const COMPLAINTS_LEAF = 'tsjy';

/**
 * Only the complaints leaf shows the form: its validators (zod's schemas) were evaluated on every
 * help page, a 50–60 ms task at 4× CPU after the page was drawn (issue 36). The server draws it on
 * that leaf (prerender waits for lazy parts) and the page's HTML names its chunk.
 */
const FeedbackForm = lazy(() =>
  import('../../widgets/feedback/feedback-form').then((m) => ({ default: m.FeedbackForm })),
);

function useRequestedId(): number | 'invalid' | null {
  return useRouteSearch(helpArticleSearch).id;
}

export default function HelpArticlePage() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const requested = useRequestedId();
  const tree = useQuery(articleCategoriesQuery());
  const code = categoryCodeForPath(pathname);
  const found = tree.data ? (code ? findLeaf(tree.data, code) : firstLeaf(tree.data)) : null;
  const list = useQuery({
    ...articleListQuery({ category_id: found?.leaf.id ?? 0, limit: ARTICLE_LIST_LIMIT_MAX }),
    enabled: found !== null,
  });
  const articleId =
    typeof requested === 'number' ? requested : requested === null ? (list.data?.list[0]?.id ?? null) : null;
  const article = useQuery({ ...articleQuery(articleId ?? 0), enabled: articleId !== null });

  const heading = found ? (
    <header className={styles.header}>
      <p className={styles.crumbs}>
        <Link to="/help">帮助中心</Link>
        <span aria-hidden="true"> / </span>
        {found.group.name}
        <span aria-hidden="true"> / </span>
        <span>{found.leaf.name}</span>
      </p>
    </header>
  ) : null;

  let content;
  if (requested === 'invalid') content = <Missing />;
  else if (article.data) {
    const a = article.data;
    content = (
      <article className={styles.article} aria-labelledby="help-article-title">
        <h1 id="help-article-title" className={styles.title}>
          {a.title}
        </h1>
        <p className={styles.meta}>
          <span>发布时间：{formatArticleDate(a.published_at)}</span>
        </p>
        <ArticleBody body={a.body} />
      </article>
    );
  } else if (articleId !== null) {
    if (article.isError && isNotFound(article.error)) content = <Missing />;
    else if (isOfflineFailure(article)) content = <Offline />;
    else if (article.isError)
      content = <Failed text={article.error.message || '文章加载失败'} onRetry={() => void article.refetch()} />;
    else content = <Loading />;
  } else if (isOfflineFailure(tree) || isOfflineFailure(list)) content = <Offline text={OFFLINE_LIST_TEXT} />;
  else if (tree.isError) content = <Failed text="帮助中心加载失败" onRetry={() => void tree.refetch()} />;
  else if (tree.isSuccess && !found) content = <Missing />;
  else if (list.isError) content = <Failed text="文章加载失败" onRetry={() => void list.refetch()} />;
  else if (list.isSuccess && list.data.list.length === 0) content = <Empty>{EMPTY_CATEGORY_TEXT}</Empty>;
  else content = <Loading />;

  const leafPath = found ? leafHref(found.group.code, found.leaf.code) : null;
  const others = leafPath && list.data && list.data.list.length > 1 ? list.data.list : null;
  const shownId = article.data?.id ?? articleId;

  return (
    <section className={styles.page}>
      {heading}
      {content}
      {code === COMPLAINTS_LEAF && (
        <section className={styles.related} aria-labelledby="tsjy-form-title">
          <h2 id="tsjy-form-title" className={styles.relatedTitle}>
            提交投诉建议
          </h2>
          <Suspense fallback={null}>
            <FeedbackForm defaultCategory="complaint" />
          </Suspense>
          <p className={styles.date}>
            提交后可在 <SpaLink href="/yjfk">意见反馈</SpaLink> 中查看处理进度和回复。
          </p>
        </section>
      )}
      {others && leafPath && (
        <nav className={styles.related} aria-label="本栏目文章">
          <h2 className={styles.relatedTitle}>本栏目文章</h2>
          <ul>
            {others.map((item) => (
              <li key={item.id}>
                <Link to={leafPath} search={{ id: item.id }} aria-current={item.id === shownId ? 'page' : undefined}>
                  {item.title}
                </Link>
                <span className={styles.date}>{formatArticleDate(item.published_at)}</span>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
