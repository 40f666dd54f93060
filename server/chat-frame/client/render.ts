// One chat line as DOM: the buyer's on the right, the agent's on the left, system notices centred.
// Text is set with textContent only: nothing a sender typed becomes markup.
import type { ChatMessage } from '@domain/chat.ts';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const clock = (seconds: number) => {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getMonth() + 1}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

function stateText(m: ChatMessage): string {
  if (m.read) return '已读';
  return m.delivered ? '已送达' : '未读';
}

export function renderLine(m: ChatMessage, imageSrc: (url: string) => string): HTMLElement {
  if (m.sender === 'system') {
    const row = el('div', 'line system');
    row.dataset.id = String(m.id);
    row.append(el('span', 'notice', m.body));
    return row;
  }
  const mine = m.sender === 'buyer';
  const row = el('div', `line ${mine ? 'mine' : 'theirs'}`);
  row.dataset.id = String(m.id);
  const meta = el('div', 'meta', `${mine ? '我' : (m.agent_name ?? '客服')} ${clock(m.created_at)}`);
  const bubble = el('div', 'bubble');
  if (m.kind === 'image' && m.image_url) {
    const img = el('img', 'photo');
    img.src = imageSrc(m.image_url);
    img.alt = '图片';
    img.loading = 'lazy';
    bubble.append(img);
  } else if (m.card?.type === 'goods') {
    const card = el('div', 'card');
    card.append(
      el('strong', 'card-title', m.card.name),
      el('span', 'card-line', m.card.spec),
      el('span', 'card-price', m.card.price_text),
    );
    bubble.append(el('span', 'card-kind', '商品咨询'), card);
  } else if (m.card?.type === 'order') {
    const card = el('div', 'card');
    card.append(
      el('strong', 'card-title', `订单号 ${m.card.sn}`),
      el('span', 'card-line', `${m.card.status_text} · 实付 ${m.card.amount_text}`),
    );
    bubble.append(el('span', 'card-kind', '订单咨询'), card);
  } else {
    bubble.append(document.createTextNode(m.body));
  }
  row.append(meta, bubble);
  if (mine) row.append(el('div', 'state', stateText(m)));
  return row;
}
