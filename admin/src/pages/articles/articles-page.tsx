// 文章管理 (运营): help, news and announcements — search by title, filter by category and state,
// sort by date, sort weight or id on the server; 编辑, 发布/下线 per row; 新建文章.
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import {
  afterArticleChange,
  articleCategoriesQuery,
  articleListQuery,
  parseArticleSearch,
  setPublished,
  type ArticleSearch,
} from '../../api/articles.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { meQuery } from '../../api/session.ts';
import { PagedTable } from '../../widgets/paged-table.tsx';
import { ACTION_COLUMN, type ServerColumn } from '../../widgets/server-table.tsx';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import type { ConsoleArticleRow } from '@domain/admin-content.ts';
import { ConsolePage } from '../../widgets/console-page.tsx';
import styles from './articles-page.module.css';

export function ArticlesPage() {
  const search = parseArticleSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'content') : false;
  const list = useQuery({ ...articleListQuery(search), enabled: allowed });
  const cats = useQuery({ ...articleCategoriesQuery, enabled: allowed });
  const [q, setQ] = useState(search.q ?? '');
  const [notice, setNotice] = useState('');

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="只有运营和管理员可以管理文章。" />;

  const go = (patch: Partial<ArticleSearch>) =>
    void navigate({ to: '/articles', search: { ...search, page: 1, ...patch } });

  const toggle = async (a: ConsoleArticleRow) => {
    try {
      await setPublished(a.id, !a.is_published);
      setNotice(`${a.is_published ? '已下线' : '已发布'}：${a.title}`);
    } catch (err) {
      setNotice(err instanceof ConsoleApiError ? err.message : '操作失败，请稍后重试');
    }
    await afterArticleChange(queryClient);
  };

  const columns: ServerColumn<ConsoleArticleRow>[] = [
    { id: 'id', accessorKey: 'id', header: '编号' },
    {
      id: 'title',
      header: '标题',
      enableSorting: false,
      enableHiding: false,
      cell: (info) => (
        <Link to="/articles/$articleId" params={{ articleId: info.row.original.id }}>
          {info.row.original.title}
        </Link>
      ),
    },
    { id: 'category', accessorKey: 'category_path', header: '分类', enableSorting: false },
    { id: 'sort', accessorKey: 'sort', header: '排序' },
    {
      id: 'published_at',
      accessorKey: 'published_at',
      header: '发布时间',
      cell: (info) => formatDateTime(info.row.original.published_at),
    },
    {
      id: 'state',
      header: '状态',
      enableSorting: false,
      cell: (info) => (info.row.original.is_published ? '已发布' : '已下线'),
    },
    {
      ...ACTION_COLUMN,
      cell: (info) => (
        <span className={styles.actions}>
          <Link
            to="/articles/$articleId"
            params={{ articleId: info.row.original.id }}
            className={buttonClass('outline', { size: 'sm' })}
          >
            编辑
          </Link>
          <button
            type="button"
            className={buttonClass('outline', { size: 'sm' })}
            onClick={() => void toggle(info.row.original)}
          >
            {info.row.original.is_published ? '下线' : '发布'}
          </button>
        </span>
      ),
    },
  ];

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    go({ q: q.trim() || undefined });
  };

  return (
    <ConsolePage
      title="文章管理"
      titleId="articles-title"
      actions={
        <Link to="/articles/new" className={buttonClass('primary')}>
          新建文章
        </Link>
      }
    >
      <form className={styles.filters} onSubmit={submitSearch} role="search" aria-label="筛选文章">
        <input aria-label="标题关键词" placeholder="标题关键词" value={q} onChange={(e) => setQ(e.target.value)} />
        <select
          aria-label="分类"
          value={search.category_id ?? ''}
          onChange={(e) => go({ category_id: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">全部分类</option>
          {(cats.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.path}
            </option>
          ))}
        </select>
        <select
          aria-label="状态"
          value={search.published === undefined ? '' : String(search.published)}
          onChange={(e) => go({ published: e.target.value === '1' ? 1 : e.target.value === '0' ? 0 : undefined })}
        >
          <option value="">全部状态</option>
          <option value="1">已发布</option>
          <option value="0">已下线</option>
        </select>
        <button type="submit" className={buttonClass('outline')}>
          搜索
        </button>
      </form>
      {notice && <p role="status">{notice}</p>}
      <PagedTable
        list={list}
        name="文章"
        columns={columns}
        rowKey={(row) => String(row.id)}
        sort={{ id: search.sort, desc: search.desc }}
        onSortChange={(s) => go({ sort: s.id === 'sort' || s.id === 'id' ? s.id : 'published_at', desc: s.desc })}
        empty="没有符合条件的文章"
        page={search.page}
        onPage={(next) => void navigate({ to: '/articles', search: { ...search, page: next } })}
      />
    </ConsolePage>
  );
}
