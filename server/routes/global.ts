// /api/global: site-wide bits the shell shows (footer links) and the shop's mode (demo or not,
// with the operator's licences and QR codes).
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { footerLinks } from '../services/links.ts';
import { shopFront, shopQrSvg } from '../services/shop-front.ts';
import { notFound } from '../http/envelope.ts';
import { QR_KINDS } from '@domain/admin-content.ts';
import type { FooterLink, ShopMode } from '@domain/contracts.ts';
import { wechatOffered } from './wechat.ts';

export const globalRoutes = new Hono<AppEnv>();

globalRoutes.get('/shop_mode', async (c) => {
  const { config, db } = c.get('deps');
  return ok<ShopMode>(c, {
    demo: config.demo,
    online_pay: config.alipay ? 'alipay' : config.demo ? 'sandbox' : null,
    wechat: wechatOffered(config),
    ...(await shopFront(db, config)),
  });
});

/** GET /api/global/qr/{mini_program|wechat_official}: the console's QR target as an SVG (404 when none). */
globalRoutes.get('/qr/:kind', async (c) => {
  const kind = QR_KINDS.find((k) => k === c.req.param('kind'));
  const svg = kind ? await shopQrSvg(c.get('deps').db, kind) : null;
  if (!svg) throw notFound('二维码不存在');
  // The address carries the target's hash (?v=), so an answer may be kept for a day.
  return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' });
});

globalRoutes.get('/links', async (c) => ok<FooterLink[]>(c, await footerLinks(c.get('deps').db)));
