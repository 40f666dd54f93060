// The chat frame's credential (SPEC §6: the frame loads with username and token): an HMAC-signed,
// expiring token `<user id>.<expiry, unix seconds>.<signature>` minted for the signed-in member in
// GET /api/user/base. The frame may live on another origin (VITE_CHAT_URL), so it carries no session
// cookie; the token is all it has, and it is never the session token.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a token opens the chat. The shell refetches the user base on every page load. */
export const CHAT_TOKEN_TTL_SECONDS = 12 * 60 * 60;

// Every process must share the secret (WORKERS), so the demo's default is fixed; production refuses
// to start without CHAT_TOKEN_SECRET (server/ops/shop-settings.ts).
const DEMO_SECRET = 'kangyuan-demo-chat-token-secret-not-for-production';
const secret = (): string => process.env.CHAT_TOKEN_SECRET || DEMO_SECRET;

const sign = (userId: number, exp: number): string =>
  createHmac('sha256', secret()).update(`chat:${userId}:${exp}`).digest('hex');

export function chatToken(userId: number, now: Date, ttlSeconds = CHAT_TOKEN_TTL_SECONDS): string {
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  return `${userId}.${exp}.${sign(userId, exp)}`;
}

export type TokenCheck = { ok: true; userId: number } | { ok: false; reason: 'forged' | 'expired' };

/** Checks signature first, then expiry; says nothing about the username (the caller compares it). */
export function verifyChatToken(token: string, now: Date): TokenCheck {
  const m = /^(\d{1,10})\.(\d{1,12})\.([0-9a-f]{64})$/.exec(token);
  if (!m) return { ok: false, reason: 'forged' };
  const userId = Number(m[1]);
  const exp = Number(m[2]);
  const expected = Buffer.from(sign(userId, exp), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(m[3], 'hex'))) return { ok: false, reason: 'forged' };
  if (exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId };
}
