// The wallet calls checkout uses (SPEC §7 "User"): GET /api/user/user_money → { balance, points }
// and GET /api/user/availableCoupon?type=coupon|voucher&page= → the coupons or cash vouchers the
// company can still use (unused, unexpired), soonest to expire first. Mounted on /user beside
// userRoutes (server/app.ts): Hono merges both routers' paths under the prefix.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readQuery } from '../http/validate.ts';
import { numericPageQuery } from '../http/params.ts';
import { requireCompany } from '../auth/session.ts';
import type { Page } from '../../src/domain/envelope.ts';
import type { CompanyCoupon } from '../../src/domain/orders.ts';
import { couponView, loadHeldCoupons } from '../services/checkout/coupons.ts';
import { loadWallet } from '../services/payments/wallet.ts';

const PAGE_SIZE_DEFAULT = 10;
const PAGE_SIZE_MAX = 50;

const couponQuery = z.object({
  type: z.enum(['coupon', 'voucher'], { error: '券类型无效' }).optional(),
  ...numericPageQuery(PAGE_SIZE_MAX).shape,
});

export const walletRoutes = new Hono<AppEnv>();

walletRoutes.get('/user_money', async (c) => {
  const user = requireCompany(c);
  const w = await loadWallet(c.get('deps').db, user.companyId);
  return ok(c, { balance: w.balance, points: w.points });
});

walletRoutes.get('/availableCoupon', async (c) => {
  const user = requireCompany(c);
  const q = readQuery(c, couponQuery);
  const page = q.page ?? 1;
  const pageSize = q.page_size ?? PAGE_SIZE_DEFAULT;
  const { db, clock } = c.get('deps');
  // A company holds a handful of coupons: reading them all and slicing is one small statement.
  const held = (await loadHeldCoupons(db, user.companyId, clock())).filter((h) => h.kind === (q.type ?? 'coupon'));
  const list = held.slice((page - 1) * pageSize, page * pageSize).map((h) => couponView(h));
  return ok<Page<CompanyCoupon>>(c, { list, total: held.length, page, page_size: pageSize });
});
