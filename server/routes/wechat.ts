// WeChat binding (SPEC §2 /bdwx, §7 DELETE /api/user/unbind_wechat) and the stand-in for the
// WeChat scan: our own confirmation page (/wechat/confirm) reads and confirms a QR ticket.
// Rules: server/services/wechat/tickets.ts. The stand-in lets anyone holding a ticket authorise it
// with any nickname, so it is mounted only where `wechatStandIn` says (the demo): in production
// every ticket route answers 404 until a real WeChat adapter exists (docs/decisions/wechat-binding.md).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import type { AppConfig } from '../deps.ts';
import { ok } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { requireUser } from '../auth/session.ts';
import { clientIp } from '../http/client-ip.ts';
import { requiredText } from '@domain/validators.ts';
import { bindTicketState, confirmTicket, describeTicket, issueTicket, registerTicketState, unbindWechat } from '../services/wechat/tickets.ts';

/** Whether the WeChat stand-in (tickets, our confirmation page) is mounted: the demo only. */
export const wechatStandIn = (config: Pick<AppConfig, 'demo'>): boolean => config.demo;

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
  const { db, clock } = c.get('deps');
  return ok(c, await issueTicket(db, 'bind', user.userId, clientIp(c), clock()), '请使用微信扫描二维码');
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

registerWechatRoutes.post('/wechat', async (c) => {
  const { db, clock } = c.get('deps');
  return ok(c, await issueTicket(db, 'register', null, clientIp(c), clock()), '请使用微信扫描二维码');
});

registerWechatRoutes.get('/wechat', async (c) => {
  const { ticket } = readQuery(c, ticketQuery);
  const { db, clock } = c.get('deps');
  return ok(c, await registerTicketState(db, ticket, clock()));
});
