// A Chromium driven over its DevTools pipe (`--remote-debugging-pipe`: JSON messages ended by a NUL
// on file descriptors 3 and 4), for figures a debugger would distort. Playwright enables the
// Runtime domain on every page; with it enabled, V8 records a detailed stack trace (line and column
// of every frame) for each Error the page constructs, and a frame whose function was compiled
// without source positions — the entry's top-level code, React DOM's module body — is parsed again
// to find them. React DOM constructs one at its top level: ~28 ms of the entry's evaluation
// unthrottled (~100 ms at 4× CPU) that a buyer's browser, with no debugger attached, never spends
// (docs/decisions/first-paint.md, "A debugger's cost in the figure"). This client enables nothing on
// its own: a page session gets only what the bench sends it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

type Params = Record<string, unknown>;
type Listener = (params: Params) => void;

export interface CdpSession {
  send<T = Params>(method: string, params?: Params): Promise<T>;
  /** Calls `listener` for each `event` of this session until the returned function is called. */
  on(event: string, listener: Listener): () => void;
}

export interface PipeChromium {
  /** The browser target's session (Target, Tracing, Storage, Browser). */
  browser: CdpSession;
  /** A flat session attached to a target (a page made by `Target.createTarget`). */
  attach(targetId: string): Promise<CdpSession>;
  close(): Promise<void>;
}

export async function launchPipeChromium(exe: string, args: readonly string[]): Promise<PipeChromium> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-pipe-'));
  const child: ChildProcess = spawn(
    exe,
    [...args, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toChromium = child.stdio[3] as Writable;
  const fromChromium = child.stdio[4] as Readable;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let nextId = 0;
  const pending = new Map<number, { resolve(v: Params): void; reject(e: Error): void; method: string }>();
  const listeners = new Map<string, Set<Listener>>();
  let buffered = '';
  fromChromium.setEncoding('utf8');
  fromChromium.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end)) as {
        id?: number;
        method?: string;
        params?: Params;
        result?: Params;
        error?: { message: string };
        sessionId?: string;
      };
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) call?.reject(new Error(`${call.method}: ${message.error.message}`));
        else call?.resolve(message.result ?? {});
      } else if (message.method) {
        for (const listener of listeners.get(`${message.sessionId ?? ''}|${message.method}`) ?? [])
          listener(message.params ?? {});
      }
    }
  });
  child.once('exit', () => {
    for (const call of pending.values()) call.reject(new Error(`Chromium exited during ${call.method}`));
    pending.clear();
  });

  const session = (sessionId: string | undefined): CdpSession => ({
    send<T = Params>(method: string, params: Params = {}): Promise<T> {
      const id = ++nextId;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: Params) => void, reject, method });
        toChromium.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      });
    },
    on(event, listener) {
      const key = `${sessionId ?? ''}|${event}`;
      const set = listeners.get(key) ?? new Set<Listener>();
      listeners.set(key, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  });

  const browser = session(undefined);
  // The pipe answers once Chromium has started.
  await browser.send('Browser.getVersion');
  return {
    browser,
    async attach(targetId) {
      const { sessionId } = await browser.send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      return session(sessionId);
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        await browser.send('Browser.close').catch(() => undefined);
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}
