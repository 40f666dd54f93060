// An HTTP/2 client (node:http2) for the nginx tests: one session over TLS from a chosen loopback
// address (127.0.0.2, 127.0.0.3, …: every 127.x address is this machine, so each stands for a
// different buyer), requests answered whole, and an event stream read event by event.
//   const buyer = await h2Connect(front.origin, front.ca, '127.0.0.2');
//   const res = await buyer.request('GET', '/api/health');
import http2, { type ClientHttp2Session, type ClientHttp2Stream, type IncomingHttpHeaders } from 'node:http2';
import net from 'node:net';
import tls from 'node:tls';
import { parseSseBlock, type SseEvent } from './sse.ts';

export interface H2Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body as JSON (the API's envelope). */
  json<T = { code: number; msg: string; data: unknown }>(): T;
}

export type H2Event = SseEvent;

export interface H2EventStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The next event of that name (others and comments are skipped); rejects if the stream ends. */
  nextOf(event: string): Promise<H2Event>;
  close(): void;
}

export interface H2Buyer {
  session: ClientHttp2Session;
  /** The ALPN protocol the TLS handshake agreed ('h2' for HTTP/2). */
  alpn: string | false | null;
  request(
    method: string,
    path: string,
    opts?: { headers?: Record<string, string>; body?: string | Buffer },
  ): Promise<H2Answer>;
  /** Starts a request and returns its stream as soon as the headers are sent (the body is the caller's). */
  open(method: string, path: string, headers?: Record<string, string>): ClientHttp2Stream;
  events(path: string, headers?: Record<string, string>): Promise<H2EventStream>;
  close(): void;
}

export async function h2Connect(origin: string, ca: string, localAddress: string): Promise<H2Buyer> {
  const url = new URL(origin);
  const session = http2.connect(origin, {
    createConnection: () =>
      tls.connect({
        socket: net.connect({ host: '127.0.0.1', port: Number(url.port), localAddress }),
        servername: url.hostname,
        ca,
        ALPNProtocols: ['h2'],
      }),
  });
  await new Promise<void>((resolve, reject) => {
    session.once('connect', () => resolve());
    session.once('error', reject);
  });
  const socket = session.socket as tls.TLSSocket;
  const open = (method: string, path: string, headers: Record<string, string> = {}) =>
    session.request({ ':method': method, ':path': path, ...headers }, { endStream: false });

  const request: H2Buyer['request'] = (method, path, opts = {}) =>
    new Promise((resolve, reject) => {
      const stream = session.request(
        { ':method': method, ':path': path, ...opts.headers },
        { endStream: opts.body === undefined },
      );
      const chunks: Buffer[] = [];
      let headers: IncomingHttpHeaders = {};
      stream.once('response', (h) => (headers = h));
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.once('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: Number(headers[':status']), headers, body, json: () => JSON.parse(body.toString('utf8')) });
      });
      stream.once('error', reject);
      if (opts.body !== undefined) stream.end(opts.body);
    });

  const events: H2Buyer['events'] = (path, headers = {}) =>
    new Promise((resolve, reject) => {
      const stream = session.request({ ':method': 'GET', ':path': path, accept: 'text/event-stream', ...headers });
      stream.setEncoding('utf8');
      let buffer = '';
      let ended = false;
      let wake: (() => void) | null = null;
      stream.on('data', (chunk: string) => {
        buffer += chunk;
        wake?.();
      });
      stream.once('end', () => {
        ended = true;
        wake?.();
      });
      stream.once('error', reject);
      const next = async (): Promise<H2Event> => {
        for (;;) {
          const end = buffer.indexOf('\n\n');
          if (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const ev = parseSseBlock(block);
            if (ev) return ev;
            continue;
          }
          if (ended) throw new Error('event stream ended');
          await new Promise<void>((r) => (wake = r));
          wake = null;
        }
      };
      stream.once('response', (h) =>
        resolve({
          status: Number(h[':status']),
          headers: h,
          nextOf: async (event) => {
            for (;;) {
              const ev = await next();
              if (ev.event === event) return ev;
            }
          },
          close: () => stream.close(),
        }),
      );
    });

  return { session, alpn: socket.alpnProtocol, request, open, events, close: () => session.close() };
}
