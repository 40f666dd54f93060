// The wallet calls (SPEC §7 "User", docs/api.md "Wallet"): GET /api/user/user_money → { balance,
// points }; GET /api/user/availableCoupon (what checkout can still use; `cart=1`: what the current
// cart can use, best first — the coupon centre's 可用于当前购物车 filter); the balance and points
// ledgers (user_money_log, points_log); the held coupons and vouchers by state (coupon,
// couponNum); and the member centre's card (member_card). Mounted on /user beside userRoutes
// (server/app.ts): Hono merges both routers' paths under the prefix.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readQuery } from '../http/validate.ts';
import { flagParam, numericPageQuery } from '../http/params.ts';
import { requireCompany } from '../auth/session.ts';
import type { Page } from '@domain/envelope.ts';
import type { CompanyCoupon } from '@domain/orders.ts';
import { couponView, loadHeldCoupons } from '../services/checkout/coupons.ts';
import { loadWallet } from '../services/payments/wallet.ts';
import { ledgerQuery, listLedger } from '../services/wallet/ledger.ts';
import { countHeldCoupons, listHeldCoupons } from '../services/wallet/held-coupons.ts';
import { memberCard } from '../services/wallet/member-card.ts';
import { cartUsableCoupons } from '../services/wallet/cart-coupons.ts';
import type { CouponCounts, CouponStatus, HeldCouponView, LedgerPage, MemberCard } from '@domain/wallet.ts';

const PAGE_SIZE_DEFAULT = 10;
const PAGE_SIZE_MAX = 50;

const couponQuery = z.object({
  type: z.enum(['coupon', 'voucher'], { error: '券类型无效' }).optional(),
  cart: flagParam('购物车筛选参数无效'),
  ...numericPageQuery(PAGE_SIZE_MAX).shape,
});

const heldCouponQuery = z.object({
  type: z.enum(['coupon', 'voucher'], { error: '券类型无效' }).optional(),
  status: z.enum(['0', '1', '2'], { error: '券状态无效' }).optional(),
  ...numericPageQuery(PAGE_SIZE_MAX).shape,
});

const balanceLogQuery = ledgerQuery('balance');
const pointsLogQuery = ledgerQuery('points');

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
  const kind = q.type ?? 'coupon';
  // A company holds a handful of coupons: reading them all and slicing is one small statement.
  const all = q.cart
    ? await cartUsableCoupons(db, user.companyId, kind, clock())
    : (await loadHeldCoupons(db, user.companyId, clock())).filter((h) => h.kind === kind).map((h) => couponView(h));
  const list = all.slice((page - 1) * pageSize, page * pageSize);
  return ok<Page<CompanyCoupon>>(c, { list, total: all.length, page, page_size: pageSize });
});

walletRoutes.get('/user_money_log', async (c) => {
  const user = requireCompany(c);
  const q = readQuery(c, balanceLogQuery);
  return ok<LedgerPage>(c, await listLedger(c.get('deps').db, user.companyId, 'balance', q));
});

walletRoutes.get('/points_log', async (c) => {
  const user = requireCompany(c);
  const q = readQuery(c, pointsLogQuery);
  return ok<LedgerPage>(c, await listLedger(c.get('deps').db, user.companyId, 'points', q));
});

walletRoutes.get('/coupon', async (c) => {
  const user = requireCompany(c);
  const q = readQuery(c, heldCouponQuery);
  const { db, clock } = c.get('deps');
  const query = {
    kind: q.type ?? 'coupon',
    status: Number(q.status ?? '0') as CouponStatus,
    page: q.page ?? 1,
    pageSize: q.page_size ?? PAGE_SIZE_DEFAULT,
  };
  return ok<Page<HeldCouponView>>(c, await listHeldCoupons(db, user.companyId, query, clock()));
});

walletRoutes.get('/couponNum', async (c) => {
  const user = requireCompany(c);
  const { db, clock } = c.get('deps');
  return ok<CouponCounts>(c, await countHeldCoupons(db, user.companyId, clock()));
});

walletRoutes.get('/member_card', async (c) => {
  const user = requireCompany(c);
  const { db, clock } = c.get('deps');
  return ok<MemberCard>(c, await memberCard(db, user.userId, user.companyId, clock()));
});
