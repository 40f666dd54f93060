// /news/hy 行业新闻 and /news/company 公司新闻 (SPEC §2 help centre, news): a paged list, the page in
// the URL (?page=2), each item opening /news/info/<id>/<type>.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { articleCategoriesQuery, articleListQuery } from '../../api/articles';
import {
  ARTICLE_LIST_LIMIT_DEFAULT,
  categoryCodeForPath,
  findLeaf,
  formatArticleDate,
  isNewsType,
  NEWS_TITLES,
  newsArticleHref,
  type NewsType,
} from '../../domain/articles';
import { Pager } from '../../ui/pager/pager';
import { pageCountOf } from '../../ui/pager/pager-pages';
import { EMPTY_CATEGORY_TEXT, Empty, Failed, isOfflineFailure, Loading, Offline, OFFLINE_LIST_TEXT } from './states';
import styles from './news-list-page.module.css';
import { PageHeader } from '../../ui/page-header';
import { newsListSearch } from '../../domain/article-search';
import { useRouteSearch } from '../../widgets/route-search';

export const COVER_WIDTH = 200;
export const COVER_HEIGHT = 120;

export function useNewsType(): NewsType {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const code = categoryCodeForPath(pathname);
  return isNewsType(code) ? code : 'hy';
}

export default function NewsListPage() {
  const type = useNewsType();
  const { page } = useRouteSearch(newsListSearch);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const tree = useQuery(articleCategoriesQuery());
  const query = useQuery({
    ...articleListQuery({ code: type, page, limit: ARTICLE_LIST_LIMIT_DEFAULT }),
    placeholderData: keepPreviousData,
  });
  const title = (tree.data && findLeaf(tree.data, type)?.leaf.name) || NEWS_TITLES[type];
  const data = query.data;
  const pages = data ? pageCountOf(data.total, data.limit) : 1;

  return (
    <section className={styles.page} aria-labelledby="news-title">
      <PageHeader titleId="news-title" title={title} note={data && data.total > 0 && `共 ${data.total} 篇`} />
      {data ? (
        data.list.length === 0 ? (
          <Empty>{page > 1 ? '该页没有资讯' : EMPTY_CATEGORY_TEXT}</Empty>
        ) : (
          <>
            <ul className={styles.list} aria-busy={query.isPlaceholderData || undefined}>
              {data.list.map((item) => {
                const href = newsArticleHref(item.id, type);
                return (
                  <li key={item.id} className={styles.item}>
                    <Link to={href} className={styles.coverLink} tabIndex={-1} aria-hidden="true">
                      {item.cover ? (
                        <img
                          className={styles.cover}
                          src={item.cover}
                          alt=""
                          width={COVER_WIDTH}
                          height={COVER_HEIGHT}
                          loading="lazy"
                          decoding="async"
                        />
                      ) : (
                        <span className={styles.noCover}>{title}</span>
                      )}
                    </Link>
                    <div className={styles.text}>
                      <h2 className={styles.itemTitle}>
                        <Link to={href}>{item.title}</Link>
                      </h2>
                      {item.summary && <p className={styles.summary}>{item.summary}</p>}
                      <p className={styles.meta}>
                        <time>{formatArticleDate(item.published_at)}</time>
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
            <Pager page={page} totalPages={pages} hrefFor={(p) => (p > 1 ? `${pathname}?page=${p}` : pathname)} />
          </>
        )
      ) : isOfflineFailure(query) ? (
        <Offline text={OFFLINE_LIST_TEXT} />
      ) : query.isError ? (
        <Failed text="资讯加载失败" onRetry={() => void query.refetch()} />
      ) : (
        <Loading />
      )}
    </section>
  );
}
