// The customer-service chat frame (SPEC §6): history, a live connection over server-sent events
// that reconnects with backoff from the last line it saw, text, images and goods/order cards.
import { reconnectDelayMs, type ChatMessage } from '@domain/chat.ts';
import { ChatCallError, loadHistory, markRead, sendImage, sendLine, withCredentials, type Credentials } from './api.ts';
import { renderLine } from './render.ts';

const params = new URLSearchParams(location.search);
const cred: Credentials = { username: params.get('username') ?? '', token: params.get('token') ?? '' };

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const log = $<HTMLElement>('log');
const statusText = $<HTMLElement>('status');
const errorBox = $<HTMLElement>('error');
const text = $<HTMLTextAreaElement>('text');
const imageInput = $<HTMLInputElement>('image');
const pending = $<HTMLElement>('card');

const seen = new Map<number, HTMLElement>();
let lastId = 0;
let oldestId = 0;
let refused = false;

const imageSrc = (url: string) => withCredentials(url, cred);

function showError(e: unknown): void {
  errorBox.textContent = e instanceof Error ? e.message : '操作失败，请稍后重试';
  errorBox.hidden = false;
  if (e instanceof ChatCallError && (e.status === 401 || e.status === 403)) refuse(e.message);
}

function refuse(msg: string): void {
  refused = true;
  statusText.textContent = msg;
  $<HTMLFormElement>('composer').hidden = true;
}

/** Puts a line in id order (history pages, the stream and our own POST answers may interleave). */
function place(m: ChatMessage): void {
  const node = renderLine(m, imageSrc);
  const old = seen.get(m.id);
  if (old) {
    old.replaceWith(node);
  } else {
    const after = [...seen.keys()].filter((id) => id > m.id).sort((a, b) => a - b)[0];
    if (after === undefined) log.append(node);
    else seen.get(after)!.before(node);
  }
  seen.set(m.id, node);
  lastId = Math.max(lastId, m.id);
  oldestId = oldestId === 0 ? m.id : Math.min(oldestId, m.id);
}

const atBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight < 40;
const toBottom = () => {
  log.scrollTop = log.scrollHeight;
};

function noteRead(): void {
  if (document.visibilityState !== 'visible' || refused) return;
  markRead(cred).then(
    () => window.parent?.postMessage({ type: 'kangyuan-chat-read' }, location.origin),
    () => undefined,
  );
}

async function loadOlder(button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  try {
    const h = await loadHistory(cred, oldestId);
    const height = log.scrollHeight;
    h.messages.forEach(place);
    log.scrollTop += log.scrollHeight - height;
    if (!h.has_more) button.remove();
    else log.prepend(button);
  } catch (e) {
    showError(e);
  } finally {
    button.disabled = false;
  }
}

async function start(): Promise<void> {
  try {
    const h = await loadHistory(cred);
    if (h.has_more) {
      const older = document.createElement('button');
      older.type = 'button';
      older.className = 'older';
      older.textContent = '查看更早的消息';
      older.addEventListener('click', () => void loadOlder(older));
      log.append(older);
    }
    if (h.messages.length === 0) {
      const hello = document.createElement('p');
      hello.className = 'hello';
      hello.textContent = '您好，欢迎咨询康源医药客服，请描述您的问题，客服将尽快为您解答。';
      log.append(hello);
    }
    h.messages.forEach(place);
    toBottom();
    noteRead();
    connect(0);
  } catch (e) {
    showError(e);
  }
}

function connect(attempt: number): void {
  if (refused) return;
  statusText.textContent = attempt === 0 ? '连接中…' : '正在重新连接…';
  const source = new EventSource(withCredentials('/api/kf/stream', cred, { after: String(lastId) }));
  let opened = false;
  source.addEventListener('ready', () => {
    opened = true;
    statusText.textContent = '已连接，客服在线为您服务';
  });
  source.addEventListener('message', (ev) => {
    const m = JSON.parse((ev as MessageEvent<string>).data) as ChatMessage;
    const stick = atBottom();
    place(m);
    if (stick || m.sender === 'buyer') toBottom();
    if (m.sender !== 'buyer') noteRead();
  });
  source.addEventListener('error', () => {
    // The browser's own retry has a fixed delay; ours backs off and resumes from lastId.
    source.close();
    const next = opened ? 0 : attempt + 1;
    const wait = reconnectDelayMs(next);
    statusText.textContent = `连接已断开，${Math.ceil(wait / 1000)}秒后重试…`;
    // A refused token is not a network problem: ask the history once to tell them apart.
    loadHistory(cred, 1).then(
      () => setTimeout(() => connect(next), wait),
      (e: unknown) => {
        if (e instanceof ChatCallError && (e.status === 401 || e.status === 403)) refuse(e.message);
        else setTimeout(() => connect(next), wait);
      },
    );
  });
}

async function submit(fields: Record<string, string>): Promise<boolean> {
  errorBox.hidden = true;
  try {
    place(await sendLine(cred, fields));
    toBottom();
    return true;
  } catch (e) {
    showError(e);
    return false;
  }
}

$<HTMLFormElement>('composer').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const content = text.value.trim();
  if (content === '') return;
  void submit({ kind: 'text', content }).then((sent) => {
    if (sent) text.value = '';
  });
});

text.addEventListener('keydown', (ev) => {
  if (ev.key === 'Enter' && !ev.shiftKey && !ev.isComposing) {
    ev.preventDefault();
    $<HTMLFormElement>('composer').requestSubmit();
  }
});

imageInput.addEventListener('change', () => {
  const file = imageInput.files?.[0];
  imageInput.value = '';
  if (!file) return;
  errorBox.hidden = true;
  sendImage(cred, file).then((m) => {
    place(m);
    toBottom();
  }, showError);
});

/** The goods detail's or an order's 咨询客服 opens the frame with ?goods= or ?order=: offer that card. */
function offerCard(): void {
  const goodsId = params.get('goods');
  const orderId = params.get('order');
  const fields: Record<string, string> | null = goodsId
    ? { kind: 'goods', goods_id: goodsId }
    : orderId
      ? { kind: 'order', order_id: orderId }
      : null;
  if (!fields) return;
  pending.hidden = false;
  const label = document.createElement('span');
  label.textContent = goodsId ? '咨询您正在浏览的商品' : '咨询这笔订单';
  const send = document.createElement('button');
  send.type = 'button';
  send.className = 'send';
  send.textContent = goodsId ? '发送商品' : '发送订单';
  send.addEventListener('click', () => {
    void submit(fields).then((sent) => {
      if (sent) pending.hidden = true;
    });
  });
  pending.append(label, send);
}

document.addEventListener('visibilitychange', noteRead);
offerCard();
void start();
