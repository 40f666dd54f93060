// The console's 在线客服 page (issue 19) with the real router, the server replaced by a fetch stub
// and EventSource by a fake the test drives: 客服 sees the waiting conversation, opens it with the
// buyer beside it, a canned reply fills the input and is sent, a buyer line arriving on the live
// connection appears at once and is marked read, transfer sends the chosen agent; other roles are
// told they may not.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Operator } from '../../src/domain/admin';
import {
  CHAT_CANNED_REPLIES,
  type ChatBuyerContext,
  type ChatConversationRow,
  type ChatHistory,
  type ChatMessage,
} from '../../src/domain/chat';
import { openAt, operator } from './console-harness';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

class FakeEventSource {
  static last: FakeEventSource | null = null;
  private listeners = new Map<string, ((ev: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (ev: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {}
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) });
  }
}

let calls: Call[];
/** The conversation's lines as the stub server holds them. */
let stored: ChatMessage[];
let signedIn: Operator;
const nowSec = Math.floor(Date.now() / 1000);

const line = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation_id: 3,
  sender: 'buyer',
  kind: 'text',
  body: '请问今天能发货吗？',
  image_url: null,
  card: null,
  agent_name: null,
  delivered: true,
  read: false,
  created_at: nowSec - 60,
  ...over,
});

const row: ChatConversationRow = {
  id: 3,
  status: 'waiting',
  company_id: 9,
  company_name: '广州市康宁大药房有限公司',
  username: 'demo',
  agent_id: null,
  agent_name: null,
  last_message: '请问今天能发货吗？',
  unread: 1,
  last_message_at: nowSec - 60,
};

const context: ChatBuyerContext = {
  company: {
    id: 9,
    name: '广州市康宁大药房有限公司',
    contact: '陈建华',
    phone: '13800138000',
    rank: 2,
    address: '广东省广州市',
  },
  orders: [{ id: 41, sn: '202611250001', amount_text: '¥604.35', status_text: '待付款', created_at: nowSec - 3_600 }],
  cart: [{ goods_id: 12, name: '清肺抑火丸', spec: '6g*10袋', number: 3 }],
};

beforeEach(() => {
  calls = [];
  stored = [line(10)];
  signedIn = operator('support', false, { id: 5, name: '冯晓' });
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const key = `${call.method} ${url.pathname}`;
      let data: unknown = null;
      if (key === 'GET /api/admin/me') data = signedIn;
      else if (key === 'GET /api/admin/chat/conversations')
        data = url.searchParams.get('status') === 'waiting' ? [row] : [];
      else if (key === 'GET /api/admin/chat/conversations/3')
        data = {
          conversation: { id: 3, status: 'waiting', agent_name: null },
          messages: stored,
          has_more: false,
        } satisfies ChatHistory;
      else if (key === 'GET /api/admin/chat/conversations/3/context') data = context;
      else if (key === 'GET /api/admin/chat/agents')
        data = {
          agents: [
            { id: 5, name: '冯晓', role: 'support' },
            { id: 1, name: '系统管理员', role: 'admin' },
          ],
          canned: CHAT_CANNED_REPLIES,
        };
      else if (key === 'POST /api/admin/chat/conversations/3/messages') {
        data = line(11, { sender: 'agent', body: (call.body as { content: string }).content, agent_name: '冯晓' });
        stored = [...stored, data as ChatMessage];
      } else if (
        key === 'POST /api/admin/chat/conversations/3/read' ||
        key === 'POST /api/admin/chat/conversations/3/transfer'
      )
        data = null;
      else throw new Error(`unexpected ${key}`);
      return new Response(JSON.stringify({ code: 10000, msg: 'ok', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('console chat', () => {
  it('opens the waiting conversation with the buyer beside it, sends a canned reply, shows a live line and marks it read', async () => {
    openAt('/admin/chat');
    const link = await screen.findByRole('link', { name: /广州市康宁大药房有限公司/ });
    expect(within(link).getByLabelText('1条未读')).toBeTruthy();
    fireEvent.click(link);
    const log = await screen.findByRole('list', { name: '聊天记录' });
    await within(log).findByText('请问今天能发货吗？');
    const buyer = await screen.findByRole('complementary', { name: '买家信息' });
    await within(buyer).findByText('202611250001');
    expect(within(buyer).getByText('清肺抑火丸')).toBeTruthy();
    expect(screen.getByRole('button', { name: '接入' })).toBeTruthy();

    const canned = await screen.findByRole('option', { name: CHAT_CANNED_REPLIES[1] });
    fireEvent.change(screen.getByLabelText('快捷回复'), { target: { value: canned.getAttribute('value') } });
    expect((screen.getByLabelText('回复内容') as HTMLTextAreaElement).value).toBe(CHAT_CANNED_REPLIES[1]);
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await within(log).findByText(CHAT_CANNED_REPLIES[1]);
    expect(calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/messages'))?.body).toEqual({
      content: CHAT_CANNED_REPLIES[1],
    });

    const reads = () => calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/read')).length;
    const before = reads();
    stored = [...stored, line(12, { body: '好的，麻烦尽快' })];
    act(() => {
      FakeEventSource.last!.emit('ready', {});
      FakeEventSource.last!.emit('message', line(12, { body: '好的，麻烦尽快' }));
    });
    await within(log).findByText('好的，麻烦尽快');
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    expect(screen.getByText('实时连接正常')).toBeTruthy();
  });

  it('transfers to the chosen agent', async () => {
    openAt('/admin/chat?status=waiting&id=3');
    const select = await screen.findByLabelText('转接给');
    await screen.findByRole('option', { name: '系统管理员' });
    // Oneself is not offered.
    expect(within(select).queryByRole('option', { name: '冯晓' })).toBeNull();
    fireEvent.change(select, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: '转接' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname.endsWith('/transfer'))?.body).toEqual({ staff_id: 1 }));
  });

  it('tells other roles they may not', async () => {
    signedIn = operator('finance', false, { id: 5, name: '冯晓' });
    openAt('/admin/chat');
    await screen.findByText('只有客服和管理员可以接待在线咨询。');
    expect(
      within(screen.getByRole('navigation', { name: '后台导航' })).queryByRole('link', { name: '在线客服' }),
    ).toBeNull();
  });
});
