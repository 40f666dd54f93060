// One live chat connection as server-sent events: `ready` once subscribed, then a `message` event
// per chat line (the event id is the line id, so a client reconnects with ?after=<last id>), and a
// comment every 20 s so proxies keep the connection open. Lines the viewer receives from the other
// side are marked delivered as they are written to the socket.
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../env.ts';
import type { ChatMessage } from '@domain/chat.ts';
import { AppError } from './envelope.ts';

const HEARTBEAT_MS = 20_000;

/** One connection's interest in the live lines. */
export interface LineListener<Line> {
  wants: (line: Line) => boolean;
  deliver: (lines: Line[]) => void;
  /** The process is stopping: end the connection so the client reconnects elsewhere. */
  end: () => void;
}

/** Where the live lines come from (the chat hub of this process and database). */
export interface LiveLines<Line> {
  /** Resolves, to the unsubscribe, once lines written from now on are sure to reach the listener. */
  subscribe: (listener: LineListener<Line>) => Promise<() => void>;
}

export interface ChatStreamOptions<Line> {
  hub: LiveLines<Line>;
  /** Lines after the client's cursor, read once the hub is listening (so nothing falls between). */
  catchUp: () => Promise<ChatMessage[]>;
  wants: (line: Line) => boolean;
  toMessage: (line: Line) => ChatMessage;
  /** Marks the other side's lines delivered once sent. */
  delivered: (ids: number[]) => Promise<void>;
  fromOtherSide: (m: ChatMessage) => boolean;
}

export function chatStream<Line>(c: Context<AppEnv>, opts: ChatStreamOptions<Line>): Response {
  // EventSource always asks for an event stream; anything else (a plain fetch reading the body to
  // its end) would wait forever, so it gets a plain answer instead.
  if (!(c.req.header('accept') ?? '').includes('text/event-stream')) {
    throw new AppError(406, 406, '请以事件流（text/event-stream）方式连接');
  }
  return streamSSE(c, async (stream) => {
    const queue: ChatMessage[] = [];
    const sent = new Set<number>();
    let closed = false;
    let wake: (() => void) | null = null;
    const poke = () => {
      const w = wake;
      wake = null;
      w?.();
    };
    stream.onAbort(() => {
      closed = true;
      poke();
    });
    const unsubscribe = await opts.hub.subscribe({
      wants: opts.wants,
      deliver: (lines) => {
        queue.push(...lines.map(opts.toMessage));
        poke();
      },
      end: () => {
        closed = true;
        poke();
      },
    });
    try {
      await stream.writeSSE({ event: 'ready', data: '{}' });
      queue.push(...(await opts.catchUp()));
      while (!closed) {
        const batch = queue.splice(0).filter((m) => !sent.has(m.id));
        for (const m of batch) {
          sent.add(m.id);
          await stream.writeSSE({ event: 'message', id: String(m.id), data: JSON.stringify(m) });
        }
        await opts.delivered(batch.filter(opts.fromOtherSide).map((m) => m.id));
        if (queue.length > 0 || closed) continue;
        const timedOut = await new Promise<boolean>((resolve) => {
          const t = setTimeout(() => resolve(true), HEARTBEAT_MS);
          wake = () => {
            clearTimeout(t);
            resolve(false);
          };
        });
        if (timedOut && !closed) await stream.write(': keep-alive\n\n');
      }
    } finally {
      unsubscribe();
    }
  });
}
