// 在线客服 (客服, 管理员): the conversation lists on the left (待接入, mine, all open, ended), the
// open conversation in the middle, the buyer's company, recent orders and cart on the right. New
// lines arrive over the console's live connection.
import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { conversationListQuery, CONVERSATION_FILTERS, markConversationRead, parseChatSearch } from '../../api/chat.ts';
import { meQuery } from '../../api/session.ts';
import { StateBlock } from '@ui/state-block.tsx';
import { formatDateTime } from '@domain/time.ts';
import { mayOpen } from '@domain/operator-roles.ts';
import { CHAT_STATUS_LABELS, type ChatMessage } from '@domain/chat.ts';
import { useChatStream } from './use-chat-stream.ts';
import { ConversationPanel } from './conversation-panel.tsx';
import { BuyerPanel } from './buyer-panel.tsx';
import styles from './chat-page.module.css';

const STREAM_TEXT = { connecting: '正在连接…', live: '实时连接正常', retrying: '连接已断开，正在重连…' } as const;

export function ChatPage() {
  const search = parseChatSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const { data: me } = useQuery(meQuery);
  const allowed = me ? mayOpen(me.role, 'chat') : false;
  const list = useQuery({ ...conversationListQuery(search.status), enabled: allowed });
  const selected = useRef(search.id);
  selected.current = search.id;
  const stream = useChatStream((m: ChatMessage) => {
    // A buyer line in the conversation on screen is read as it arrives.
    if (m.sender === 'buyer' && m.conversation_id === selected.current)
      void markConversationRead(m.conversation_id).catch(() => undefined);
  });

  if (!allowed) return <StateBlock kind="empty" title="无权访问" text="只有客服和管理员可以接待在线咨询。" />;

  return (
    <div className={styles.page}>
      <aside className={styles.lists} aria-label="会话列表">
        <nav className={styles.filters} aria-label="会话分类">
          {CONVERSATION_FILTERS.map((f) => (
            <Link
              key={f.key}
              to="/chat"
              search={{ status: f.key, id: search.id || undefined }}
              className={styles.filter}
              aria-current={f.key === search.status ? 'page' : undefined}
            >
              {f.label}
            </Link>
          ))}
        </nav>
        <p className={styles.stream} data-state={stream}>
          {STREAM_TEXT[stream]}
        </p>
        {list.isPending ? (
          <StateBlock kind="loading" text="加载中…" />
        ) : list.isError ? (
          <StateBlock kind="failed" text={list.error.message} />
        ) : list.data.length === 0 ? (
          <StateBlock kind="empty" text="暂无会话" />
        ) : (
          <ul className={styles.rows}>
            {list.data.map((c) => (
              <li key={c.id}>
                <Link
                  to="/chat"
                  search={{ status: search.status, id: c.id }}
                  className={styles.row}
                  aria-current={c.id === search.id ? 'true' : undefined}
                >
                  <span className={styles.rowHead}>
                    <strong className={styles.company}>{c.company_name}</strong>
                    {c.unread > 0 && (
                      <span className={styles.unread} aria-label={`${c.unread}条未读`}>
                        {c.unread}
                      </span>
                    )}
                  </span>
                  <span className={styles.preview}>{c.last_message || '（无消息）'}</span>
                  <span className={styles.rowMeta}>
                    {c.username} · {c.agent_name ?? CHAT_STATUS_LABELS[c.status]} · {formatDateTime(c.last_message_at)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </aside>
      {search.id > 0 ? (
        <>
          <ConversationPanel key={search.id} id={search.id} me={me!} />
          <BuyerPanel id={search.id} />
        </>
      ) : (
        <section className={styles.placeholder}>
          <StateBlock kind="empty" title="请选择会话" text="从左侧列表选择一个会话开始接待。" />
        </section>
      )}
    </div>
  );
}
