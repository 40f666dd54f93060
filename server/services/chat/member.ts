// Who the chat frame speaks for: the token (server/services/chat/token.ts) names a user id, the
// username must be that user's, and their company must have chat enabled (SPEC §6 is_can_chat).
// A forged, expired or other member's token never resolves to anyone.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, users } from '../../db/schema.ts';
import { AppError } from '../../http/envelope.ts';
import { verifyChatToken } from './token.ts';
import { CODE_NOT_SIGNED_IN } from '@domain/envelope.ts';

export interface ChatMember {
  userId: number;
  username: string;
  companyId: number;
  companyName: string;
  pricesVisible: boolean;
}

export const CHAT_TOKEN_REFUSED = '客服会话凭证无效或已过期，请关闭窗口后重新打开在线客服';
export const CHAT_NOT_ENABLED = '贵公司尚未开通在线客服，请通过QQ联系我们';

export type MemberCheck = { ok: true; member: ChatMember } | { ok: false; status: 401 | 403; msg: string };

export async function checkChatMember(db: Db, username: unknown, token: unknown, now: Date): Promise<MemberCheck> {
  const refused = { ok: false, status: 401, msg: CHAT_TOKEN_REFUSED } as const;
  if (typeof username !== 'string' || typeof token !== 'string' || username === '' || token === '') return refused;
  const check = verifyChatToken(token, now);
  if (!check.ok) return refused;
  const [row] = await db
    .select({ username: users.username, companyId: users.companyId, company: companies })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, check.userId))
    .limit(1);
  // Another member's token with this username (or the reverse) is the same refusal as a forged one.
  if (!row || row.username !== username || row.companyId === null || !row.company) return refused;
  if (!row.company.isCanChat) return { ok: false, status: 403, msg: CHAT_NOT_ENABLED };
  return {
    ok: true,
    member: {
      userId: check.userId,
      username: row.username,
      companyId: row.companyId,
      companyName: row.company.name,
      pricesVisible: row.company.reviewStatus === 'approved',
    },
  };
}

export async function requireChatMember(db: Db, username: unknown, token: unknown, now: Date): Promise<ChatMember> {
  const r = await checkChatMember(db, username, token, now);
  if (!r.ok) throw new AppError(r.status, r.status === 401 ? CODE_NOT_SIGNED_IN : 403, r.msg);
  return r.member;
}
