// /api/global: site-wide bits the shell shows (footer links) and the shop's mode (demo or not,
// with the operator's licences and QR codes).
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { footerLinks } from '../services/links.ts';
import { shopLicences, shopQrCodes } from '../services/shop-front.ts';
import type { FooterLink, ShopMode } from '../../src/domain/contracts.ts';

export const globalRoutes = new Hono<AppEnv>();

globalRoutes.get('/shop_mode', (c) => {
  const { config } = c.get('deps');
  return ok<ShopMode>(c, {
    demo: config.demo,
    online_pay: config.alipay ? 'alipay' : config.demo ? 'sandbox' : null,
    licences: shopLicences(config),
    qr_codes: shopQrCodes(config),
  });
});

globalRoutes.get('/links', async (c) => ok<FooterLink[]>(c, await footerLinks(c.get('deps').db)));
