// The messages of one page. A message opens in place (its body and link); opening an unread one
// marks it read, which takes its dot off here and one off the side bar's badge.
import { useState } from 'react';
import { MESSAGE_KIND_TEXT, type Message } from '../../domain/messages';
import { formatDateTime } from '../../domain/time';
import { SpaLink } from '../../ui/spa-link';
import { messageLinkText } from './message-link';
import styles from './messages.module.css';

export interface MessageListProps {
  messages: readonly Message[];
  onRead: (id: number) => void;
}

export function MessageList({ messages, onRead }: MessageListProps) {
  const [openId, setOpenId] = useState<number | null>(null);
  const toggle = (m: Message) => {
    const opening = openId !== m.id;
    setOpenId(opening ? m.id : null);
    if (opening && m.is_read === 0) onRead(m.id);
  };
  return (
    <ul className={styles.list} aria-label="消息列表">
      {messages.map((m) => {
        const open = openId === m.id;
        const bodyId = `message-body-${m.id}`;
        return (
          <li key={m.id} className={styles.item} data-read={m.is_read === 1 ? 'yes' : 'no'}>
            <button
              type="button"
              className={styles.head}
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => toggle(m)}
            >
              <span className={styles.dot} aria-hidden="true" />
              <span className={styles.kind} data-kind={m.kind}>
                {MESSAGE_KIND_TEXT[m.kind]}
              </span>
              <span className={styles.title}>
                {m.title}
                {m.is_read === 0 && <span className={styles.srOnly}>（未读）</span>}
              </span>
              <time className={styles.time}>{formatDateTime(m.created_at)}</time>
            </button>
            <div id={bodyId} className={styles.body} hidden={!open}>
              <p>{m.body}</p>
              {m.link !== null && (
                <SpaLink href={m.link} className={styles.link}>
                  {messageLinkText(m.link)}
                </SpaLink>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
