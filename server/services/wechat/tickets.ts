// WeChat QR tickets: one-time, expiring tokens shown as a QR code. There is no WeChat gateway, so
// the QR encodes our own confirmation page (/wechat/confirm?ticket=…), which stands in for the
// scan: confirming gives the ticket an openid-like id and a nickname. A `bind` ticket then binds
// that WeChat to its user at once; a `register` ticket waits for registration step 1 to spend it.
// Only SHA-256 of a ticket is stored, like sessions.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { users, wechatTickets } from '../../db/schema.ts';
import { badRequest, notFound, validationError } from '../../http/envelope.ts';
import { consumeOrThrow, LIMITS } from '../rate-limit.ts';

export const WECHAT_TICKET_TTL_MS = 5 * 60 * 1000;
/** After a registration scan, the buyer has this long to fill in the account form. */
export const REGISTER_FORM_TTL_MS = 30 * 60 * 1000;
export const CONFIRM_PAGE_PATH = '/wechat/confirm';

export const WECHAT_MESSAGES = {
  unknown: '二维码无效，请在页面上刷新二维码',
  expired: '二维码已过期，请在页面上刷新二维码',
  used: '二维码已使用，请在页面上刷新二维码',
  alreadyBound: '您已绑定微信，如需更换请先解绑',
  notBound: '尚未绑定微信',
  registerTicket: '微信授权已失效，请重新扫码',
} as const;

export type TicketPurpose = 'bind' | 'register';
export type TicketRow = typeof wechatTickets.$inferSelect;

export const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** An id shaped like a WeChat openid (28 characters, `o` first); unique per confirmation. */
function newOpenid(): string {
  return 'o' + randomBytes(20).toString('base64url').slice(0, 27);
}

export interface IssuedTicket {
  ticket: string;
  /**
   * The stand-in: the confirmation page the QR encodes (same origin as the shop; the page makes it
   * absolute). Real WeChat: WeChat's authorisation page, where the browser goes (`redirect`).
   */
  url: string;
  expires_in: number;
  /** True when `url` is WeChat's own page to send the browser to, not a QR to draw. */
  redirect: boolean;
}

/**
 * `ip` limits how many QR tickets one address asks for (registration tickets need no session).
 * `authorizeUrl`: real WeChat sign-in, the ticket is the OAuth `state` (wechat/callback.ts).
 */
export async function issueTicket(
  db: Db,
  purpose: TicketPurpose,
  userId: number | null,
  ip: string,
  now: Date,
  authorizeUrl?: (state: string) => string,
): Promise<IssuedTicket> {
  await consumeOrThrow(db, `wechat-ticket:${ip}`, LIMITS.wechatTicketsPerIp, now, '二维码获取过于频繁，请稍后再试');
  if (userId !== null) {
    const [user] = await db.select({ openid: users.wechatOpenid }).from(users).where(eq(users.id, userId)).limit(1);
    if (user?.openid) throw badRequest(WECHAT_MESSAGES.alreadyBound);
  }
  const ticket = randomBytes(24).toString('base64url');
  await db.insert(wechatTickets).values({
    id: hashTicket(ticket),
    purpose,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + WECHAT_TICKET_TTL_MS),
  });
  return {
    ticket,
    url: authorizeUrl ? authorizeUrl(ticket) : `${CONFIRM_PAGE_PATH}?ticket=${ticket}`,
    expires_in: WECHAT_TICKET_TTL_MS / 1000,
    redirect: authorizeUrl !== undefined,
  };
}

export async function findTicket(db: Db, ticket: string): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(wechatTickets)
    .where(eq(wechatTickets.id, hashTicket(ticket)))
    .limit(1);
  return row;
}

export type TicketState = 'waiting' | 'scanned' | 'done' | 'expired';

export function stateOf(row: TicketRow, now: Date): TicketState {
  if (row.usedAt) return 'done';
  if (row.expiresAt <= now) return 'expired';
  return row.scannedAt ? 'scanned' : 'waiting';
}

/** What the confirmation page shows before the "scan" is confirmed. Unknown → 404; spent/expired → 400. */
export async function describeTicket(db: Db, ticket: string, now: Date) {
  const row = await findTicket(db, ticket);
  if (!row) throw notFound(WECHAT_MESSAGES.unknown);
  const state = stateOf(row, now);
  if (state === 'expired') throw badRequest(WECHAT_MESSAGES.expired);
  if (state !== 'waiting') throw badRequest(WECHAT_MESSAGES.used);
  let account = '';
  if (row.userId !== null) {
    const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, row.userId)).limit(1);
    account = user?.username ?? '';
  }
  return {
    purpose: row.purpose,
    account,
    expires_in: Math.max(0, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

/**
 * The stand-in for WeChat's callback after a scan. A ticket works once: the update that claims it
 * also checks it, so two confirmations racing for one ticket cannot both succeed.
 */
export async function confirmTicket(
  db: Db,
  ticket: string,
  nickname: string,
  now: Date,
): Promise<{ purpose: TicketPurpose }> {
  const row = await findTicket(db, ticket);
  if (!row) throw notFound(WECHAT_MESSAGES.unknown);
  const state = stateOf(row, now);
  if (state === 'expired') throw badRequest(WECHAT_MESSAGES.expired);
  if (state !== 'waiting') throw badRequest(WECHAT_MESSAGES.used);
  const openid = newOpenid();
  return withTx(db, async (tx) => {
    const claimed = await tx
      .update(wechatTickets)
      .set({
        scannedAt: now,
        openid,
        nickname,
        ...(row.purpose === 'bind' ? { usedAt: now } : { expiresAt: new Date(now.getTime() + REGISTER_FORM_TTL_MS) }),
      })
      .where(
        and(
          eq(wechatTickets.id, row.id),
          isNull(wechatTickets.scannedAt),
          isNull(wechatTickets.usedAt),
          gt(wechatTickets.expiresAt, now),
        ),
      )
      .returning({ id: wechatTickets.id });
    if (claimed.length === 0) throw badRequest(WECHAT_MESSAGES.used);
    if (row.purpose === 'bind' && row.userId !== null) {
      const bound = await tx
        .update(users)
        .set({ wechatOpenid: openid, wechatNickname: nickname, updatedAt: now })
        .where(and(eq(users.id, row.userId), isNull(users.wechatOpenid)))
        .returning({ id: users.id });
      if (bound.length === 0) throw badRequest(WECHAT_MESSAGES.alreadyBound);
    }
    return { purpose: row.purpose };
  });
}

/** The bind page polls its ticket: only the user it was issued to may (another's → 404). */
export async function bindTicketState(db: Db, ticket: string, userId: number, now: Date) {
  const row = await findTicket(db, ticket);
  if (!row || row.purpose !== 'bind' || row.userId !== userId) throw notFound(WECHAT_MESSAGES.unknown);
  return { status: stateOf(row, now), nickname: row.nickname };
}

/** The WeChat registration page polls its ticket (whoever holds the ticket is the one registering). */
export async function registerTicketState(db: Db, ticket: string, now: Date) {
  const row = await findTicket(db, ticket);
  if (!row || row.purpose !== 'register') throw notFound(WECHAT_MESSAGES.unknown);
  return { status: stateOf(row, now), nickname: row.nickname };
}

/** Registration step 1 checks its ticket before spending the phone code (field error otherwise). */
export async function assertRegisterTicket(db: Db, ticket: string, now: Date): Promise<void> {
  const row = await findTicket(db, ticket);
  if (!row || row.purpose !== 'register' || stateOf(row, now) !== 'scanned') {
    throw validationError({ wechat_ticket: [WECHAT_MESSAGES.registerTicket] });
  }
}

/** Spends a scanned register ticket inside the registration's transaction; its WeChat identity. */
export async function spendRegisterTicket(
  tx: Db,
  ticket: string,
  now: Date,
): Promise<{ openid: string; nickname: string }> {
  const [row] = await tx
    .update(wechatTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(wechatTickets.id, hashTicket(ticket)),
        eq(wechatTickets.purpose, 'register'),
        isNotNull(wechatTickets.scannedAt),
        isNull(wechatTickets.usedAt),
        gt(wechatTickets.expiresAt, now),
      ),
    )
    .returning({ openid: wechatTickets.openid, nickname: wechatTickets.nickname });
  if (!row?.openid) throw validationError({ wechat_ticket: [WECHAT_MESSAGES.registerTicket] });
  return { openid: row.openid, nickname: row.nickname };
}

export async function unbindWechat(db: Db, userId: number, now: Date): Promise<void> {
  const done = await db
    .update(users)
    .set({ wechatOpenid: null, wechatNickname: '', updatedAt: now })
    .where(and(eq(users.id, userId), isNotNull(users.wechatOpenid)))
    .returning({ id: users.id });
  if (done.length === 0) throw badRequest(WECHAT_MESSAGES.notBound);
}
