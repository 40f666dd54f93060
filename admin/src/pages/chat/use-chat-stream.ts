// The console's live connection: every chat line as it is written, over server-sent events,
// reconnecting with backoff (src/domain/chat.ts reconnectDelayMs). On reconnect the lists and the
// open conversation are reloaded, so nothing written while disconnected is missed.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { applyLine, chatKey, CHAT_STREAM_URL } from '../../api/chat.ts';
import { reconnectDelayMs, type ChatMessage } from '@domain/chat.ts';

export type StreamState = 'connecting' | 'live' | 'retrying';

export function useChatStream(onLine: (m: ChatMessage) => void): StreamState {
  const client = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    const open = () => {
      source = new EventSource(CHAT_STREAM_URL);
      source.addEventListener('ready', () => {
        if (attempt > 0) void client.invalidateQueries({ queryKey: chatKey });
        attempt = 0;
        setState('live');
      });
      source.addEventListener('message', (ev) => {
        const m = JSON.parse((ev as MessageEvent<string>).data) as ChatMessage;
        applyLine(client, m);
        onLine(m);
      });
      source.addEventListener('error', () => {
        source?.close();
        if (stopped) return;
        setState('retrying');
        timer = setTimeout(open, reconnectDelayMs(attempt));
        attempt += 1;
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
    // onLine is read through a ref by the caller; the connection lives as long as the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client]);
  return state;
}
