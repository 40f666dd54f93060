// /news/info/$id/$type 资讯详情 (SPEC §2): title, date, views, the body's paragraphs, the previous
// and next article of the same list, and the way back to the list.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { articleQuery } from '../../api/articles';
import {
  formatArticleDate,
  isNewsType,
  NEWS_TITLES,
  newsArticleHref,
  positiveIntParam,
  type NewsType,
} from '../../domain/articles';
import { ArticleBody } from './article-body';
import { Failed, isNotFound, isOfflineFailure, Loading, Missing, Offline } from './states';
import styles from './article.module.css';

export default function NewsDetailPage() {
  const params: { id?: string; type?: string } = useParams({ strict: false });
  const id = positiveIntParam(params.id);
  const query = useQuery({ ...articleQuery(id ?? 0), enabled: id !== null });
  const a = query.data;
  // The list this article belongs to: its own category when that is a news list, else the URL's.
  const type: NewsType = isNewsType(a?.category.code) ? a.category.code : isNewsType(params.type) ? params.type : 'hy';
  const listHref = `/news/${type}`;
  const listName = NEWS_TITLES[type];
  const back = (
    <Link to={listHref} className={styles.back}>
      返回{listName}列表
    </Link>
  );

  let content;
  if (id === null) content = <Missing backTo={listHref} backText={`返回${listName}`} />;
  else if (a) {
    content = (
      <article className={styles.article} aria-labelledby="news-article-title">
        <h1 id="news-article-title" className={styles.title}>
          {a.title}
        </h1>
        <p className={styles.meta}>
          <span>发布时间：{formatArticleDate(a.published_at)}</span>
          <span>浏览：{a.views} 次</span>
        </p>
        <ArticleBody body={a.body} />
        <nav className={styles.neighbours} aria-label="上下篇">
          <p>
            上一篇：
            {a.prev ? (
              <Link to={newsArticleHref(a.prev.id, type)}>{a.prev.title}</Link>
            ) : (
              <span className={styles.none}>没有了</span>
            )}
          </p>
          <p>
            下一篇：
            {a.next ? (
              <Link to={newsArticleHref(a.next.id, type)}>{a.next.title}</Link>
            ) : (
              <span className={styles.none}>没有了</span>
            )}
          </p>
        </nav>
      </article>
    );
  } else if (query.isError && isNotFound(query.error))
    content = <Missing backTo={listHref} backText={`返回${listName}`} />;
  else if (isOfflineFailure(query)) content = <Offline />;
  else if (query.isError)
    content = <Failed text={query.error.message || '文章加载失败'} onRetry={() => void query.refetch()} />;
  else content = <Loading />;

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <p className={styles.crumbs}>
          <Link to="/help">帮助中心</Link>
          <span aria-hidden="true"> / </span>
          <Link to={listHref}>{listName}</Link>
          <span aria-hidden="true"> / </span>
          <span>资讯详情</span>
        </p>
        {back}
      </header>
      {content}
    </section>
  );
}
