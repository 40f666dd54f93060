// WeChat's answer to a website sign-in (GET /api/wechat/callback?code&state): the `state` is a
// bind or register ticket (tickets.ts) issued to this browser. It must be the one this browser
// holds in its `wx_state` cookie (so a link with someone else's state does nothing here), it is
// claimed once in a conditional UPDATE before WeChat is asked anything (so a replay, even a racing
// one, is refused), and a bind ticket binds only for the member it was issued to. Then the code is
// traded for the buyer's WeChat identity: a bind ticket binds it at once; a register ticket waits
// 30 minutes for registration step 1 to spend it, as the stand-in's did.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users, wechatTickets } from '../../db/schema.ts';
import { WechatFailure, type WechatLogin } from '../../wechat-login.ts';
import type { LogWriter } from '../../log.ts';
import { findTicket, REGISTER_FORM_TTL_MS, stateOf, WECHAT_MESSAGES, type TicketPurpose } from './tickets.ts';

export const CALLBACK_MESSAGES = {
  foreign: '微信授权已失效，请重新扫码',
  failed: '微信授权失败，请稍后再试',
  cancelled: '已取消微信授权',
  boundElsewhere: '该微信已绑定其他账号',
  registered: '该微信已注册，请直接登录',
} as const;

export type CallbackResult =
  | { ok: true; purpose: TicketPurpose; ticket: string }
  | { ok: false; purpose: TicketPurpose | null; message: string };

export interface CallbackInput {
  state: string;
  /** Absent when the buyer refused on the phone. */
  code: string;
  /** The `wx_state` cookie of this browser ('' when none). */
  browserState: string;
  /** The signed-in member, if any. */
  userId: number | null;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function completeWechatCallback(
  db: Db,
  wechat: WechatLogin,
  log: LogWriter,
  input: CallbackInput,
  now: Date,
): Promise<CallbackResult> {
  const refuse = (purpose: TicketPurpose | null, message: string, why: string): CallbackResult => {
    log({ event: 'wechat.callback', outcome: 'refused', purpose, why });
    return { ok: false, purpose, message };
  };
  if (!input.state || !input.browserState || !sameText(input.state, input.browserState))
    return refuse(null, CALLBACK_MESSAGES.foreign, 'state not this browser');
  const row = await findTicket(db, input.state);
  if (!row) return refuse(null, CALLBACK_MESSAGES.foreign, 'unknown state');
  const status = stateOf(row, now);
  if (status === 'expired') return refuse(row.purpose, WECHAT_MESSAGES.expired, 'expired');
  if (status !== 'waiting') return refuse(row.purpose, WECHAT_MESSAGES.used, 'replayed');
  if (row.purpose === 'bind' && row.userId !== input.userId)
    return refuse(row.purpose, CALLBACK_MESSAGES.foreign, 'another member');

  // Claimed before the code is traded: of two callbacks with one state, one gets here.
  const claimed = await db
    .update(wechatTickets)
    .set({ scannedAt: now })
    .where(
      and(
        eq(wechatTickets.id, row.id),
        isNull(wechatTickets.scannedAt),
        isNull(wechatTickets.usedAt),
        gt(wechatTickets.expiresAt, now),
      ),
    )
    .returning({ id: wechatTickets.id });
  if (claimed.length === 0) return refuse(row.purpose, WECHAT_MESSAGES.used, 'replayed');
  const spend = () => db.update(wechatTickets).set({ usedAt: now }).where(eq(wechatTickets.id, row.id));
  if (!input.code) {
    await spend();
    return refuse(row.purpose, CALLBACK_MESSAGES.cancelled, 'no code');
  }

  let identity;
  try {
    identity = await wechat.identify(input.code);
  } catch (err) {
    await spend();
    return refuse(row.purpose, CALLBACK_MESSAGES.failed, err instanceof WechatFailure ? err.message : String(err));
  }
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.wechatOpenid, identity.openid))
    .limit(1);

  if (row.purpose === 'register') {
    if (holder) {
      await spend();
      return refuse('register', CALLBACK_MESSAGES.registered, 'openid already registered');
    }
    await db
      .update(wechatTickets)
      .set({
        openid: identity.openid,
        nickname: identity.nickname,
        expiresAt: new Date(now.getTime() + REGISTER_FORM_TTL_MS),
      })
      .where(eq(wechatTickets.id, row.id));
    log({ event: 'wechat.callback', outcome: 'authorised', purpose: 'register', unionid: identity.unionid !== '' });
    return { ok: true, purpose: 'register', ticket: input.state };
  }

  if (holder && holder.id !== row.userId) {
    await spend();
    return refuse('bind', CALLBACK_MESSAGES.boundElsewhere, 'openid bound to another account');
  }
  try {
    const bound = await withTx(db, async (tx) => {
      await tx
        .update(wechatTickets)
        .set({ usedAt: now, openid: identity.openid, nickname: identity.nickname })
        .where(eq(wechatTickets.id, row.id));
      return tx
        .update(users)
        .set({ wechatOpenid: identity.openid, wechatNickname: identity.nickname, updatedAt: now })
        .where(and(eq(users.id, row.userId!), isNull(users.wechatOpenid)))
        .returning({ id: users.id });
    });
    if (bound.length === 0) {
      await spend();
      return refuse('bind', WECHAT_MESSAGES.alreadyBound, 'member already bound');
    }
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await spend();
    return refuse('bind', CALLBACK_MESSAGES.boundElsewhere, 'openid bound to another account (race)');
  }
  log({ event: 'wechat.callback', outcome: 'bound', purpose: 'bind', user_id: row.userId });
  return { ok: true, purpose: 'bind', ticket: input.state };
}
