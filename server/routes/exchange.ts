// /api/cart/exchange (换购, docs/decisions/promotion-exchange.md): the exchange goods the selected
// cart lines reach and the buyer's choice. Checkout re-checks the choice (server/services/exchange/
// checkout.ts). /api/cart/prizes: the lucky-draw goods prizes waiting for the next order.
// Mounted on /cart before the cart router (server/app.ts).
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { withTx } from '../db/tx.ts';
import { ok } from '../http/envelope.ts';
import { requireBuyer, type Buyer } from '../services/cart/buyer.ts';
import type { CartViewer } from '../services/cart/list.ts';
import { chooseExchange, exchangeOffers } from '../services/exchange/offers.ts';
import { parseChooseInput } from '../services/exchange/input.ts';
import { orderPrizes } from '../services/draws/prize-lines.ts';
import type { ExchangeOffers } from '@domain/exchange.ts';
import type { PendingPrizes } from '@domain/lucky-draw.ts';

function viewerFor(b: Buyer): CartViewer {
  return { companyId: b.companyId, isSpecial: b.isSpecial, rank: b.rank, entitlement: b.entitlement, showPrices: true };
}

export const exchangeRoutes = new Hono<AppEnv>();

exchangeRoutes.get('/exchange', async (c) => {
  const buyer = await requireBuyer(c);
  const { db, clock } = c.get('deps');
  return ok<ExchangeOffers>(c, await exchangeOffers(db, viewerFor(buyer), clock()));
});

exchangeRoutes.post('/exchange', async (c) => {
  const buyer = await requireBuyer(c);
  const input = parseChooseInput(c.get('body') ?? {});
  const { db, clock } = c.get('deps');
  const now = clock();
  await withTx(db, (tx) => chooseExchange(tx, viewerFor(buyer), input, now));
  return ok<ExchangeOffers>(
    c,
    await exchangeOffers(db, viewerFor(buyer), now),
    input.number === 0 ? '已取消换购' : '已选择换购商品',
  );
});

exchangeRoutes.get('/prizes', async (c) => {
  const buyer = await requireBuyer(c);
  // What the next order would carry if it bought nothing of those goods itself.
  return ok<PendingPrizes>(c, {
    list: (await orderPrizes(c.get('deps').db, buyer.companyId, new Map())).map((p) => p.view),
  });
});
