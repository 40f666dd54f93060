// One conversation for the agent: its lines (text, images, goods and order cards, notices), 接入,
// 转接 to another agent, 结束, and the composer with the canned replies and an image button.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  agentsQuery,
  applyLine,
  chatKey,
  closeConversation,
  conversationQuery,
  markConversationRead,
  sendImage,
  sendText,
  takeConversation,
  transferConversation,
} from '../../api/chat.ts';
import { ConsoleApiError } from '../../api/client.ts';
import { StateBlock } from '@ui/state-block.tsx';
import { buttonClass } from '@ui/button.ts';
import { formatDateTime } from '@domain/time.ts';
import { CHAT_STATUS_LABELS, CHAT_TEXT_MAX, type ChatMessage } from '@domain/chat.ts';
import type { Operator } from '@domain/admin.ts';
import styles from './chat-page.module.css';

function Line({ m }: { m: ChatMessage }) {
  if (m.sender === 'system') return <li className={styles.notice}>{m.body}</li>;
  const agent = m.sender === 'agent';
  return (
    <li className={agent ? styles.mine : styles.theirs} data-id={m.id}>
      <span className={styles.lineMeta}>
        {agent ? (m.agent_name ?? '客服') : '买家'} {formatDateTime(m.created_at)}
        {agent && <span className={styles.lineState}>{m.read ? '已读' : m.delivered ? '已送达' : '未读'}</span>}
      </span>
      <div className={styles.bubble}>
        {m.kind === 'image' && m.image_url ? (
          <a href={m.image_url} target="_blank" rel="noreferrer">
            <img className={styles.photo} src={m.image_url} alt="聊天图片" />
          </a>
        ) : m.card?.type === 'goods' ? (
          <div className={styles.card}>
            <span className={styles.cardKind}>商品咨询</span>
            <strong>{m.card.name}</strong>
            <span>{m.card.spec}</span>
            <span className={styles.price}>{m.card.price_text}</span>
          </div>
        ) : m.card?.type === 'order' ? (
          <div className={styles.card}>
            <span className={styles.cardKind}>订单咨询</span>
            <strong>订单号 {m.card.sn}</strong>
            <span>
              {m.card.status_text} · 实付 {m.card.amount_text}
            </span>
          </div>
        ) : (
          m.body
        )}
      </div>
    </li>
  );
}

export function ConversationPanel({ id, me }: { id: number; me: Operator }) {
  const client = useQueryClient();
  const conv = useQuery(conversationQuery(id));
  const agents = useQuery(agentsQuery);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [target, setTarget] = useState('');
  const linesRef = useRef<HTMLOListElement>(null);
  const count = conv.data?.messages.length ?? 0;

  useEffect(() => {
    void markConversationRead(id).then(
      () => client.invalidateQueries({ queryKey: [...chatKey, 'list'] }),
      () => undefined,
    );
  }, [id, client]);
  useEffect(() => {
    const el = linesRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  const act = async (fn: () => Promise<unknown>) => {
    setError('');
    setBusy(true);
    try {
      await fn();
      await client.invalidateQueries({ queryKey: chatKey });
    } catch (e) {
      setError(
        e instanceof ConsoleApiError ? (Object.values(e.fieldErrors)[0]?.[0] ?? e.message) : '操作失败，请稍后重试',
      );
    } finally {
      setBusy(false);
    }
  };

  if (conv.isPending) return <StateBlock kind="loading" text="加载中…" className={styles.conversation} />;
  if (conv.isError) return <StateBlock kind="failed" text={conv.error.message} className={styles.conversation} />;
  const c = conv.data.conversation!;
  const closed = c.status === 'closed';

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const content = text.trim();
    if (!content) return;
    void act(async () => {
      applyLine(client, await sendText(id, content));
      setText('');
    });
  };

  return (
    <section className={styles.conversation} aria-label="会话">
      <header className={styles.convHead}>
        <span>
          会话 #{c.id} · {CHAT_STATUS_LABELS[c.status]}
          {c.agent_name ? ` · 接待：${c.agent_name}` : ''}
        </span>
        {!closed && (
          <span className={styles.actions}>
            {c.status === 'waiting' && (
              <button
                type="button"
                className={buttonClass('primary', { size: 'sm' })}
                disabled={busy}
                onClick={() => void act(() => takeConversation(id))}
              >
                接入
              </button>
            )}
            <select
              aria-label="转接给"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              className={styles.select}
            >
              <option value="">转接给…</option>
              {(agents.data?.agents ?? [])
                .filter((a) => a.id !== me.id)
                .map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
            </select>
            <button
              type="button"
              className={buttonClass('outline', { size: 'sm' })}
              disabled={busy || !target}
              onClick={() => void act(() => transferConversation(id, Number(target)))}
            >
              转接
            </button>
            <button
              type="button"
              className={buttonClass('danger', { size: 'sm' })}
              disabled={busy}
              onClick={() => {
                if (window.confirm('确定结束本次会话？')) void act(() => closeConversation(id));
              }}
            >
              结束会话
            </button>
          </span>
        )}
      </header>
      <ol ref={linesRef} className={styles.lines} aria-label="聊天记录">
        {conv.data.messages.map((m) => (
          <Line key={m.id} m={m} />
        ))}
      </ol>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {closed ? (
        <p className={styles.closedNote}>会话已结束</p>
      ) : (
        <form className={styles.composer} onSubmit={submit}>
          <select
            aria-label="快捷回复"
            className={styles.select}
            value=""
            onChange={(e) => {
              if (e.target.value) setText(e.target.value);
            }}
          >
            <option value="">快捷回复…</option>
            {(agents.data?.canned ?? []).map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <textarea
            aria-label="回复内容"
            className={styles.input}
            rows={3}
            maxLength={CHAT_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
            }}
          />
          <span className={styles.composerButtons}>
            <label className={buttonClass('outline', { size: 'sm' })}>
              发送图片
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className={styles.fileInput}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void act(async () => applyLine(client, await sendImage(id, file)));
                }}
              />
            </label>
            <button type="submit" className={buttonClass('primary', { size: 'sm' })} disabled={busy || !text.trim()}>
              发送
            </button>
          </span>
        </form>
      )}
    </section>
  );
}
