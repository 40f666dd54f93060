// POST /api/cart/checkout (SPEC §7 "Cart": ids, new). new=0 previews the order (no side effects),
// new=1 places it (CheckoutRequest; send an Idempotency-Key: a retried request replays the first
// answer instead of ordering twice). Mounted on /cart before the cart router (server/app.ts).
// The work is in server/services/checkout/*.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { commitWithAnswer } from '../http/idempotency.ts';
import { requireCompany } from '../auth/session.ts';
import type { CheckoutPreview, CheckoutResult } from '@domain/orders.ts';
import { parseCheckoutInput } from '../services/checkout/input.ts';
import { previewCheckout } from '../services/checkout/preview.ts';
import { placeOrder } from '../services/checkout/place.ts';
import { paymentWindowMs } from '../services/settings/site-settings.ts';

export const checkoutRoutes = new Hono<AppEnv>();

checkoutRoutes.post('/checkout', async (c) => {
  const user = requireCompany(c);
  const input = parseCheckoutInput(c.get('body') ?? {});
  const { db, clock, config } = c.get('deps');
  const now = clock();
  if (!input.place) return ok<CheckoutPreview>(c, await previewCheckout(db, user.companyId, input, now));
  // The payment window is a site setting (console), read per order so a change applies at once.
  const ttlMs = await paymentWindowMs(db, config);
  // The order and the answer a retry replays commit together, in this one transaction.
  return commitWithAnswer<CheckoutResult>(c, db, '下单成功', (tx) =>
    placeOrder(tx, { companyId: user.companyId, userId: user.userId, now, ttlMs }, input),
  );
});
