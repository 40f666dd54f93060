// Promotions of P2 under /api/activity (docs/api.md "Promotions"): GET everyday_price (SPEC §7,
// 每日特价), GET cashback (满额返现), GET welfare (全场94折), GET coupons and POST coupons/{id}/claim (领券中心).
// The lists answer visitors too (prices hidden, nothing claimed); a claim needs a company (10001).
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { positiveId } from '../http/params.ts';
import { requireCompany } from '../auth/session.ts';
import { viewerOf } from '../services/price-visibility.ts';
import { dailySpecials } from '../services/promotions/daily-special.ts';
import { cashbackPage } from '../services/promotions/cashback.ts';
import { welfarePage } from '../services/promotions/welfare.ts';
import { claimCoupon, listCouponOffers } from '../services/promotions/coupon-centre.ts';
import { CLAIM_MESSAGES } from '@domain/coupon-centre.ts';

export const promotionRoutes = new Hono<AppEnv>();

promotionRoutes.get('/everyday_price', async (c) => {
  const { db, clock } = c.get('deps');
  return ok(c, await dailySpecials(db, await viewerOf(c), clock()));
});

promotionRoutes.get('/cashback', async (c) => {
  const { db, clock } = c.get('deps');
  return ok(c, await cashbackPage(db, await viewerOf(c), clock()));
});

promotionRoutes.get('/welfare', async (c) => {
  const { db, clock } = c.get('deps');
  return ok(c, await welfarePage(db, await viewerOf(c), clock()));
});

promotionRoutes.get('/coupons', async (c) => {
  const { db, clock } = c.get('deps');
  const viewer = await viewerOf(c);
  return ok(c, await listCouponOffers(db, viewer.companyId, clock()));
});

promotionRoutes.post('/coupons/:id/claim', async (c) => {
  const user = requireCompany(c);
  const id = positiveId(c.req.param('id'), 'id', '优惠券编号无效');
  const { db, clock } = c.get('deps');
  return ok(c, await claimCoupon(db, user.companyId, id, clock()), CLAIM_MESSAGES.claimed);
});
