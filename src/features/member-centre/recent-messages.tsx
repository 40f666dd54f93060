// 最新消息 in the member centre: the company's five newest messages (unread marked), each opening
// /wdxx, where reading happens. Its own query, so a slow message list never holds the card back.
import { useQuery } from '@tanstack/react-query';
import { messagesQuery } from '../../api/messages';
import { MESSAGE_KIND_TEXT } from '../../domain/messages';
import { formatDate } from '../../domain/time';
import { SpaLink } from '../../ui/spa-link';
import styles from './member-centre.module.css';

const RECENT_SEARCH = { kind: 'all', status: 'all', page: 1 } as const;
const RECENT_COUNT = 5;

export function RecentMessages() {
  const messages = useQuery(messagesQuery(RECENT_SEARCH));
  const list = messages.data?.list.slice(0, RECENT_COUNT) ?? [];
  return (
    <section className={styles.block} aria-labelledby="member-messages-title">
      <header className={styles.blockHead}>
        <h2 id="member-messages-title">
          最新消息{messages.data && messages.data.unread > 0 ? `（${messages.data.unread}条未读）` : ''}
        </h2>
        <SpaLink href="/wdxx" className={styles.more}>
          全部消息 ›
        </SpaLink>
      </header>
      {messages.isPending && <p className={styles.muted}>正在加载消息…</p>}
      {messages.isError && <p className={styles.muted}>消息加载失败，请稍后再试</p>}
      {messages.data && list.length === 0 && <p className={styles.muted}>暂无消息</p>}
      {list.length > 0 && (
        <ul className={styles.messages}>
          {list.map((m) => (
            <li key={m.id} data-unread={m.is_read === 0 ? '' : undefined}>
              <span className={styles.kindTag}>{MESSAGE_KIND_TEXT[m.kind]}</span>
              <SpaLink href="/wdxx">{m.title}</SpaLink>
              <span className={styles.muted}>{formatDate(m.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
