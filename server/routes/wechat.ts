// WeChat binding (SPEC §2 /bdwx, §7 DELETE /api/user/unbind_wechat) and registration from a scan
// (/register/wechat). Two ways to the buyer's WeChat: real website sign-in (WeChat Open Platform,
// WECHAT_APP_ID/WECHAT_APP_SECRET: the ticket is the OAuth `state`, WeChat answers at
// GET /api/wechat/callback) or, in the demo without those settings, the stand-in confirmation page
// (/wechat/confirm), which lets anyone holding a ticket authorise it with any nickname.
// Rules: server/services/wechat/tickets.ts and callback.ts; docs/decisions/wechat-sign-in.md.
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import type { AppConfig } from '../deps.ts';
import { ok } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { requireUser } from '../auth/session.ts';
import { clientIp } from '../http/client-ip.ts';
import { requiredText } from '@domain/validators.ts';
import {
  bindTicketState,
  confirmTicket,
  describeTicket,
  issueTicket,
  registerTicketState,
  unbindWechat,
  WECHAT_TICKET_TTL_MS,
  type TicketPurpose,
} from '../services/wechat/tickets.ts';
import { completeWechatCallback } from '../services/wechat/callback.ts';
import { stdoutLog } from '../log.ts';

/** Whether the WeChat stand-in (our confirmation page) is mounted: the demo without WeChat settings. */
export const wechatStandIn = (config: Pick<AppConfig, 'demo' | 'wechat'>): boolean => config.demo && !config.wechat;

/** Whether the shop offers WeChat binding and registration at all (real sign-in or the stand-in). */
export const wechatOffered = (config: Pick<AppConfig, 'demo' | 'wechat'>): boolean =>
  config.wechat !== undefined || wechatStandIn(config);

/**
 * The browser a sign-in's `state` was issued to holds it in this cookie: WeChat's callback counts
 * only in that browser. Lax: it rides along the top-level redirect back from WeChat.
 */
export const WECHAT_STATE_COOKIE = 'wx_state';
const STATE_COOKIE_PATH = '/api/wechat';

/** Issues a ticket; with real WeChat its URL is WeChat's authorisation page and the browser keeps the state. */
async function issueFor(c: Context<AppEnv>, purpose: TicketPurpose, userId: number | null) {
  const { db, clock, config } = c.get('deps');
  const issued = await issueTicket(
    db,
    purpose,
    userId,
    clientIp(c),
    clock(),
    config.wechat ? (state) => config.wechat!.authorizeUrl(state) : undefined,
  );
  if (issued.redirect) {
    setCookie(c, WECHAT_STATE_COOKIE, issued.ticket, {
      httpOnly: true,
      sameSite: 'Lax',
      path: STATE_COOKIE_PATH,
      secure: config.secureCookies,
      maxAge: WECHAT_TICKET_TTL_MS / 1000,
    });
  }
  return ok(c, issued, issued.redirect ? '请在微信授权页扫码' : '请使用微信扫描二维码');
}

const ticketField = z
  .string({ error: '二维码无效，请在页面上刷新二维码' })
  .trim()
  .min(1, { error: '二维码无效，请在页面上刷新二维码' })
  .max(100, { error: '二维码无效，请在页面上刷新二维码' });
const ticketQuery = z.object({ ticket: ticketField });

/** Mounted at /api/user: unbinding, always (an account bound in the demo's data can still let go). */
export const userWechatRoutes = new Hono<AppEnv>();

/** Mounted at /api/user with the stand-in: the signed-in member's binding tickets. */
export const userWechatTicketRoutes = new Hono<AppEnv>();

userWechatTicketRoutes.post('/wechat_ticket', async (c) => {
  const user = requireUser(c);
  return issueFor(c, 'bind', user.userId);
});

userWechatTicketRoutes.get('/wechat_ticket', async (c) => {
  const user = requireUser(c);
  const { ticket } = readQuery(c, ticketQuery);
  const { db, clock } = c.get('deps');
  return ok(c, await bindTicketState(db, ticket, user.userId, clock()));
});

userWechatRoutes.delete('/unbind_wechat', async (c) => {
  const user = requireUser(c);
  const { db, clock } = c.get('deps');
  await unbindWechat(db, user.userId, clock());
  return ok(c, null, '已解除微信绑定');
});

// ---------------------------------------------------------------------------------------------
// Real WeChat: its answer after the scan. Mounted at /api/wechat when the settings are given.
// The browser arrives here from WeChat, so the answer is a redirect to the page that started it:
// /bdwx?ticket=… (bound) or /register/wechat?ticket=… (the account form), or either with
// `wechat_error` (what went wrong, in Chinese, for the page to show).
// ---------------------------------------------------------------------------------------------

export const wechatCallbackRoutes = new Hono<AppEnv>();

const callbackQuery = z.object({ state: z.string().max(200).default(''), code: z.string().max(512).default('') });

wechatCallbackRoutes.get('/callback', async (c) => {
  const { db, clock, config, log } = c.get('deps');
  const parsed = callbackQuery.safeParse(c.get('query'));
  const { state, code } = parsed.success ? parsed.data : { state: '', code: '' };
  const browserState = getCookie(c, WECHAT_STATE_COOKIE) ?? '';
  deleteCookie(c, WECHAT_STATE_COOKIE, { path: STATE_COOKIE_PATH, secure: config.secureCookies });
  const user = c.get('user');
  const result = await completeWechatCallback(
    db,
    config.wechat!,
    log ?? stdoutLog,
    { state, code, browserState, userId: user?.userId ?? null },
    clock(),
  );
  const purpose = result.purpose ?? (user ? 'bind' : 'register');
  const page = purpose === 'bind' ? '/bdwx' : '/register/wechat';
  const query = result.ok
    ? `ticket=${encodeURIComponent(result.ticket)}`
    : `wechat_error=${encodeURIComponent(result.message)}`;
  return c.redirect(`${page}?${query}`, 302);
});

/** Mounted at /api/wechat: the confirmation page standing in for the WeChat app (no session needed). */
export const wechatRoutes = new Hono<AppEnv>();

wechatRoutes.get('/ticket', async (c) => {
  const { ticket } = readQuery(c, ticketQuery);
  const { db, clock } = c.get('deps');
  return ok(c, await describeTicket(db, ticket, clock()));
});

const confirmSchema = z.object({
  ticket: ticketField,
  nickname: requiredText('请输入微信昵称', 20, '微信昵称最多20个字符'),
});

wechatRoutes.post('/confirm', async (c) => {
  const { ticket, nickname } = readInput(c, confirmSchema);
  const { db, clock } = c.get('deps');
  const { purpose } = await confirmTicket(db, ticket, nickname, clock());
  return ok(c, { purpose }, purpose === 'bind' ? '微信绑定成功' : '授权成功，请在电脑上继续注册');
});

// ---------------------------------------------------------------------------------------------
// Registration from a scan (/register/wechat): a visitor's QR ticket; once confirmed on the
// stand-in page, step 1 with `wechat_ticket` creates the account bound to that WeChat. Mounted at
// /api/register with the stand-in.
// ---------------------------------------------------------------------------------------------

export const registerWechatRoutes = new Hono<AppEnv>();

registerWechatRoutes.post('/wechat', (c) => issueFor(c, 'register', null));

registerWechatRoutes.get('/wechat', async (c) => {
  const { ticket } = readQuery(c, ticketQuery);
  const { db, clock } = c.get('deps');
  return ok(c, await registerTicketState(db, ticket, clock()));
});
