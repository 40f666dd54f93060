// GET /kf/chat?username=&token= — the customer-service chat frame the side bar loads (SPEC §6).
// A small page of its own, outside the PWA's bundle and precache: the server checks the token
// before sending anything, so a forged, expired or another member's token gets a refusal page and
// never a conversation. Its script (/kf/chat.js) is bundled from server/chat-frame/client/ by
// `npm run build` and read once per process (server/chat-frame/assets.ts).
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { contentSecurityPolicy } from '../http/security-headers.ts';
import { checkChatMember } from '../services/chat/member.ts';
import { frameAsset } from '../chat-frame/assets.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/kf/chat.css">
</head>
<body>
${body}
</body>
</html>`;
}

const refusalPage = (msg: string) =>
  page(
    '无法打开在线客服',
    `<main class="refusal" role="alert"><h1>无法打开在线客服</h1><p>${escapeHtml(msg)}</p><p class="hint">如需帮助请拨打客服热线。</p></main>`,
  );

const chatPage = (companyName: string) =>
  page(
    '在线客服',
    `<main class="chat" data-company="${escapeHtml(companyName)}">
<header class="status" aria-live="polite"><span id="status">连接中…</span></header>
<section id="log" class="log" aria-label="聊天记录" aria-live="polite" tabindex="0"></section>
<div id="card" class="pending" hidden></div>
<form id="composer" class="composer">
<label class="pick" title="发送图片">图片<input id="image" type="file" accept="image/jpeg,image/png,image/webp"></label>
<textarea id="text" name="content" rows="2" maxlength="500" placeholder="请输入您要咨询的问题" aria-label="消息内容"></textarea>
<button type="submit" class="send">发送</button>
</form>
<p id="error" class="error" role="alert" hidden></p>
</main>
<script type="module" src="/kf/chat.js"></script>`,
  );

const headers = (html: string) => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': contentSecurityPolicy(html),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
});

/** Mounted on the top-level app (outside /api, whose middleware sets `deps`), so it takes them. */
export function chatFrameSite({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  const site = new Hono();
  site.get('/chat', async (c) => {
    const check = await checkChatMember(db, c.req.query('username'), c.req.query('token'), clock());
    if (!check.ok) {
      const html = refusalPage(check.msg);
      return c.body(html, check.status, headers(html));
    }
    const html = chatPage(check.member.companyName);
    return c.body(html, 200, headers(html));
  });
  site.get('/chat.js', async (c) => {
    const js = await frameAsset('js');
    return c.body(js, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
  });
  site.get('/chat.css', async (c) => {
    const css = await frameAsset('css');
    return c.body(css, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    });
  });
  return site;
}
