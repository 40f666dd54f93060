// Customer-service entry points (SPEC §6): members with is_can_chat get the chat frame, loaded
// with username and token as query parameters; everyone else gets two QQ links.

/** The chat service's address is not in the SPEC; deployments set VITE_CHAT_URL. */
const DEFAULT_CHAT_URL = '/kf/chat';

export function chatBaseUrl(): string {
  const configured: unknown = import.meta.env.VITE_CHAT_URL;
  return typeof configured === 'string' && configured !== '' ? configured : DEFAULT_CHAT_URL;
}

export function chatFrameUrl(base: string, username: string, token: string): string {
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}username=${encodeURIComponent(username)}&token=${encodeURIComponent(token)}`;
}

/** The desktop QQ client's protocol link for starting a chat with a service account. */
export function qqChatUrl(qq: string): string {
  return `tencent://message/?uin=${encodeURIComponent(qq)}&Site=&Menu=yes`;
}
