// /wdxx 我的消息 (account centre): the messages server events wrote to the company — kind tabs
// (系统/订单/促销), 全部/未读/已读, paging (all in the URL), open one to read it, mark all read.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { messagesQuery, useMarkMessagesRead } from '../../api/messages';
import {
  MESSAGE_KINDS,
  MESSAGE_KIND_TEXT,
  MESSAGE_READ_FILTERS,
  MESSAGE_READ_FILTER_TEXT,
  type MessageListSearch,
} from '../../domain/messages';
import { buttonClass } from '../../ui/button';
import { PageFrame } from '../../ui/page-frame';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager/pager';
import { pageCountOf } from '../../ui/pager/pager-pages';
import { SpaLink } from '../../ui/spa-link';
import { QueryStates, StateBlock } from '../../ui/state-block';
import { TabBar } from '../../ui/tab-bar';
import { useRouteSearch } from '../../widgets/route-search';
import { MessageList } from './message-list';
import { messagesHref, messagesSearch } from './messages-search-schema';
import styles from './messages.module.css';

export const MARK_ALL_READ_TEXT = '全部标为已读';

const KIND_TABS: { key: MessageListSearch['kind']; text: string }[] = [
  { key: 'all', text: '全部消息' },
  ...MESSAGE_KINDS.map((k) => ({ key: k, text: MESSAGE_KIND_TEXT[k] })),
];

function emptyText(s: MessageListSearch): string {
  const what = s.kind === 'all' ? '消息' : MESSAGE_KIND_TEXT[s.kind];
  if (s.status === 'unread') return `没有未读的${what}`;
  if (s.status === 'read') return `没有已读的${what}`;
  return `暂无${what}`;
}

export default function MessagesPage() {
  const search = useRouteSearch(messagesSearch);
  const query = useQuery({ ...messagesQuery(search), placeholderData: keepPreviousData });
  const markRead = useMarkMessagesRead();
  const unread = query.data?.unread ?? 0;

  let content;
  if (query.isPending || query.isError || !query.data)
    content = <QueryStates query={query} loading="正在加载消息…" failed="消息加载失败" />;
  else if (query.data.list.length === 0) content = <StateBlock kind="empty" text={emptyText(search)} />;
  else {
    content = (
      <>
        <MessageList messages={query.data.list} onRead={(id) => markRead.mutate([id])} />
        <Pager
          page={search.page}
          totalPages={pageCountOf(query.data.total, query.data.page_size)}
          hrefFor={(page) => messagesHref({ ...search, page })}
        />
      </>
    );
  }

  return (
    <PageFrame aria-labelledby="wdxx-title">
      <PageHeader
        titleId="wdxx-title"
        title="我的消息"
        liveNote
        note={query.isSuccess && (unread > 0 ? `${unread} 条未读` : '没有未读消息')}
        actions={
          <button
            type="button"
            className={buttonClass('outline', { size: 'sm' })}
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate('all')}
          >
            {MARK_ALL_READ_TEXT}
          </button>
        }
      />
      <TabBar
        label="消息类型"
        className={styles.tabs}
        tabs={KIND_TABS.map((t) => ({
          key: t.key,
          href: messagesHref({ ...search, kind: t.key, page: 1 }),
          content: t.text,
          current: t.key === search.kind,
        }))}
      />
      <nav className={styles.filters} aria-label="阅读状态">
        {MESSAGE_READ_FILTERS.map((f) => (
          <SpaLink
            key={f}
            href={messagesHref({ ...search, status: f, page: 1 })}
            className={styles.filter}
            aria-current={f === search.status ? 'page' : undefined}
          >
            {MESSAGE_READ_FILTER_TEXT[f]}
          </SpaLink>
        ))}
      </nav>
      <div aria-busy={query.isFetching}>{content}</div>
    </PageFrame>
  );
}
