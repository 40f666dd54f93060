// The customer-service chat behind several server processes (WORKERS, docs/decisions/operations.md):
// a line posted to process A reaches a live connection held by process B, both ways, because the
// fan-out reads the database (server/services/chat/hub.ts), not an in-memory list.
// Runs only with TEST_DATABASE_URL, like tests/api/multi-process.test.ts:
//   TEST_DATABASE_URL=postgres://shopci:shopci@localhost:5432/shop_ci npx vitest run tests/api/chat-multi-process.test.ts
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.ts';
import { spawnServer, type ServerProcess } from '../helpers/server-process.ts';
import { call, overHttp, type CallOptions } from '../helpers/test-app.ts';
import { operatorCookie } from '../helpers/operators.ts';
import { readSse, type SseReader } from '../helpers/sse.ts';
import { OPERATOR_DEMO_PASSWORD } from '../../server/seed/operators.ts';
import type { ChatMessage } from '../../src/domain/chat.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('chat across two server processes', () => {
  let scratch: ScratchDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  const on = (p: ServerProcess, method: string, path: string, opts?: CallOptions) =>
    call(overHttp(p.url), method, path, opts);
  const streams: SseReader[] = [];
  const open = async (p: ServerProcess, path: string, cookie?: string) => {
    const res = await fetch(`${p.url}${path}`, {
      headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    });
    expect(res.status).toBe(200);
    const s = readSse(res);
    streams.push(s);
    await s.nextOf('ready');
    return s;
  };
  const until = async (s: SseReader, body: string): Promise<ChatMessage> => {
    for (;;) {
      const m = JSON.parse((await s.nextOf('message')).data) as ChatMessage;
      if (m.body === body) return m;
    }
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase(baseUrl!, 'shop_chat_multi');
    const env = { DATABASE_URL: scratch.url, DATABASE_POOL_SIZE: '5', CHAT_POLL_MS: '100' };
    a = await spawnServer(env);
    b = await spawnServer(env);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close()));
    await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
    await scratch?.drop();
  });

  it('a buyer line posted to A reaches the agent stream on B, and the agent reply posted to A reaches the buyer stream on B', async () => {
    const login = await on(a, 'POST', '/api/user/login', { body: { username: 'demo', password: 'demo1234' } });
    expect(login.status).toBe(200);
    const token = login.body.data.token as string;
    const frame = `username=demo&token=${encodeURIComponent(token)}`;
    const admin = await on(a, 'POST', '/api/admin/login', {
      body: { username: 'support', password: OPERATOR_DEMO_PASSWORD },
    });
    const agentCookie = operatorCookie(admin)!;
    expect(agentCookie).toBeTruthy();

    const buyerOnB = await open(b, `/api/kf/stream?${frame}`);
    const agentOnB = await open(b, '/api/admin/chat/stream', agentCookie);

    const asked = await on(a, 'POST', `/api/kf/messages?${frame}`, {
      body: { kind: 'text', content: '从A发出的咨询' },
    });
    expect(asked.status, asked.body.msg).toBe(200);
    const seenByAgent = await until(agentOnB, '从A发出的咨询');
    expect(seenByAgent.sender).toBe('buyer');
    // The buyer's own stream (on B) carries their line too: another tab of theirs stays in step.
    await until(buyerOnB, '从A发出的咨询');

    const reply = await on(a, 'POST', `/api/admin/chat/conversations/${seenByAgent.conversation_id}/messages`, {
      json: { content: '从A发出的回复' },
      cookie: agentCookie,
    });
    expect(reply.status, reply.body.msg).toBe(200);
    const seenByBuyer = await until(buyerOnB, '从A发出的回复');
    expect(seenByBuyer).toMatchObject({ sender: 'agent', conversation_id: seenByAgent.conversation_id });
  }, 60_000);
});
