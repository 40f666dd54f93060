// Reads a server-sent-events answer (the chat's live connection) event by event in tests.
export interface SseEvent {
  event: string;
  id: string;
  data: string;
}

export interface SseReader {
  /** The next event (skipping keep-alive comments); rejects if the stream ends first. */
  next: () => Promise<SseEvent>;
  /** Waits for the next event named `event`. */
  nextOf: (event: string) => Promise<SseEvent>;
  close: () => Promise<void>;
}

/** One event's block (the lines before a blank line); null for a block of comments only (keep-alive). */
export function parseSseBlock(block: string): SseEvent | null {
  const ev: SseEvent = { event: 'message', id: '', data: '' };
  let any = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const [k, ...rest] = line.split(':');
    const v = rest.join(':').replace(/^ /, '');
    if (k === 'event') ev.event = v;
    else if (k === 'id') ev.id = v;
    else if (k === 'data') ev.data += v;
    any = true;
  }
  return any ? ev : null;
}

export function readSse(res: Response): SseReader {
  if (!res.body) throw new Error('no body');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<SseEvent> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const ev = parseSseBlock(block);
        if (ev) return ev;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return {
    next,
    nextOf: async (event) => {
      for (;;) {
        const ev = await next();
        if (ev.event === event) return ev;
      }
    },
    close: async () => {
      await reader.cancel().catch(() => undefined);
    },
  };
}
