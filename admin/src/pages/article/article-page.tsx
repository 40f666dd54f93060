// /articles/new and /articles/$articleId: the article form for 运营, loading the categories (and
// the article); after saving, the page shows the stored (sanitised) body and a link to the shop.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import {
  afterArticleChange,
  articleCategoriesQuery,
  articleQuery,
  createArticle,
  saveArticle,
} from '../../api/articles.ts';
import { meQuery } from '../../api/session.ts';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import type { ConsoleArticle } from '@domain/admin-content.ts';
import { ArticleForm } from './article-form.tsx';
import { ConsolePage } from '../../widgets/console-page.tsx';
import styles from './article-page.module.css';

export function ArticlePage() {
  const params = useParams({ strict: false }) as { articleId?: number };
  const id = params.articleId ?? 0;
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'content') : false;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cats = useQuery({ ...articleCategoriesQuery, enabled: allowed });
  const one = useQuery({ ...articleQuery(id), enabled: allowed && id > 0 });
  const [notice, setNotice] = useState('');
  // Bumped after a save so the form shows what the server stored (the sanitised body).
  const [version, setVersion] = useState(0);

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="只有运营和管理员可以管理文章。" />;
  const failed = cats.isError ? cats.error : one.isError ? one.error : null;
  if (failed) return <StateBlock kind="failed" text={failed.message} />;
  if (cats.data === undefined || (id > 0 && one.data === undefined))
    return <StateBlock kind="loading" text="正在加载…" />;

  const saved = async (a: ConsoleArticle) => {
    queryClient.setQueryData(articleQuery(a.id).queryKey, a);
    await afterArticleChange(queryClient);
    setNotice(`已保存：${a.title}`);
    setVersion((v) => v + 1);
    if (id === 0) void navigate({ to: '/articles/$articleId', params: { articleId: a.id } });
  };

  return (
    <ConsolePage
      className={styles.page}
      title={id > 0 ? '编辑文章' : '新建文章'}
      titleId="article-title"
      actions={
        <Link to="/articles" className={buttonClass('outline')}>
          返回文章列表
        </Link>
      }
    >
      {notice && (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      )}
      <ArticleForm
        key={`${one.data?.id ?? 'new'}-${version}`}
        article={id > 0 ? (one.data ?? null) : null}
        categories={cats.data}
        onSubmit={(draft) => (id > 0 ? saveArticle(id, draft) : createArticle(draft))}
        onSaved={(a) => void saved(a)}
      />
    </ConsolePage>
  );
}
