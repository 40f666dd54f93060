// WeChat binding (SPEC §2 /bdwx, §7 DELETE /api/user/unbind_wechat) and the stand-in for the
// WeChat scan: our own confirmation page (/wechat/confirm) reads and confirms a QR ticket.
// Rules: server/services/wechat/tickets.ts.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { requireUser } from '../auth/session.ts';
import { clientIp } from '../http/client-ip.ts';
import { requiredText } from '@domain/validators.ts';
import { bindTicketState, confirmTicket, describeTicket, issueTicket, unbindWechat } from '../services/wechat/tickets.ts';

const ticketField = z
  .string({ error: '二维码无效，请在页面上刷新二维码' })
  .trim()
  .min(1, { error: '二维码无效，请在页面上刷新二维码' })
  .max(100, { error: '二维码无效，请在页面上刷新二维码' });
const ticketQuery = z.object({ ticket: ticketField });

/** Mounted at /api/user: the signed-in member's side. */
export const userWechatRoutes = new Hono<AppEnv>();

userWechatRoutes.post('/wechat_ticket', async (c) => {
  const user = requireUser(c);
  const { db, clock } = c.get('deps');
  return ok(c, await issueTicket(db, 'bind', user.userId, clientIp(c), clock()), '请使用微信扫描二维码');
});

userWechatRoutes.get('/wechat_ticket', async (c) => {
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
