// /api/cart (SPEC §7 "Cart"): the badge count, the priced cart, adding, editing, selection,
// deletion, copying to managed stores and the next-tier hint. Checkout is its own issue.
// The handlers are thin: rules live in server/services/cart/*, money in src/domain/cart.ts.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { withTx } from '../db/tx.ts';
import { badRequest, forbidden, ok, validationError } from '../http/envelope.ts';
import { parseOrThrow, readInput, readQuery } from '../http/validate.ts';
import { idField, parseIdList, type IdListRule } from '../http/params.ts';
import { commitWithAnswer } from '../http/idempotency.ts';
import { companyScope, requireUser } from '../auth/session.ts';
import { pricesVisibleTo, viewerOf } from '../services/price-visibility.ts';
import type { CartTotal } from '@domain/contracts.ts';
import { PARTIAL_ADD_MESSAGE } from '@domain/cart-types.ts';
import type {
  CartAddResult,
  CartCopyResult,
  CartEditResult,
  CartNextHint,
  CartPartialAddResult,
  CartSelectResult,
  CartState,
} from '@domain/cart-types.ts';
import { buyersOfUsers, currentBuyer, requireBuyer, type Buyer } from '../services/cart/buyer.ts';
import {
  addBodySchema,
  assertBatchSize,
  editBodySchema,
  hintInputSchema,
  cartIdList,
  listQuerySchema,
  MAX_COPY_TARGETS,
  selectBodySchema,
} from '../services/cart/input.ts';
import { addToCart, cartLineCount, loadFactsFor, type AddRequest } from '../services/cart/add.ts';
import { buildCartState, type CartViewer } from '../services/cart/list.ts';
import { copyLines, deleteLines, selectLines, setLineNumber } from '../services/cart/lines.ts';
import { GONE_MSG, lineRules } from '../services/cart/rules.ts';
import { nextHint } from '../services/cart/tiers.ts';
import { clampQuantity } from '@domain/quantity.ts';

/** More ids than a cart can hold is a malformed request, not a bigger delete. */
export const BATCH_DELETE_MAX_IDS = 1000;

/** GET /api/cart/list (kept under its first name for the drawer's callers). */
export type CartList = CartState;

const idsBody = z.object({
  ids: z.union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()], {
    error: '请选择要删除的商品',
  }),
});

const deleteIds: IdListRule = {
  empty: '请选择要删除的商品',
  tooMany: `一次最多删除${BATCH_DELETE_MAX_IDS}个商品`,
  invalid: '商品编号无效',
  max: BATCH_DELETE_MAX_IDS,
};

const lineIdParam = idField('购物车商品编号无效');

function viewerFor(b: Buyer): CartViewer {
  return {
    companyId: b.companyId,
    isSpecial: b.isSpecial,
    rank: b.rank,
    entitlement: b.entitlement,
    showPrices: b.approved,
  };
}

/** Query string and body together (next_hint takes "query params"; a form body works too). */
function queryAndBody(c: Context<AppEnv>): Record<string, unknown> {
  return { ...c.get('query'), ...c.get('body') };
}

export const cartRoutes = new Hono<AppEnv>();

cartRoutes.get('/total', async (c) => {
  const user = c.get('user');
  // The badge is on every page: a visitor gets 0, not a 401.
  if (!user || user.companyId === null) return ok<CartTotal>(c, { count: 0 });
  return ok<CartTotal>(c, { count: await cartLineCount(c.get('deps').db, user.companyId) });
});

cartRoutes.get('/list', async (c) => {
  const user = requireUser(c);
  const { filters } = readQuery(c, listQuerySchema);
  const viewer = await viewerOf(c);
  if (user.companyId === null || viewer.companyId === null) {
    return ok<CartState>(c, {
      data: [],
      shipping_data: { shipping_amount: 0, no_trans_order_amount: 0, fee: 0 },
      activity_data: { manjians: [], discounts: [] },
      filter_data: { current: filters ?? 99_999, warehouses: [] },
      totals: null,
    });
  }
  const { db, clock } = c.get('deps');
  const v: CartViewer = {
    companyId: viewer.companyId,
    isSpecial: viewer.isSpecial,
    rank: viewer.rank,
    entitlement: viewer.entitlement,
    showPrices: pricesVisibleTo(viewer),
  };
  return ok<CartState>(c, await buildCartState(db, v, clock(), filters));
});

cartRoutes.post('/', async (c) => {
  const buyer = await requireBuyer(c);
  assertBatchSize(c.get('body') ?? {});
  const { params, partial } = readInput(c, addBodySchema);
  const { db, clock } = c.get('deps');
  const requests: AddRequest[] = params.map((p) => ({
    goodsId: p.goods_id,
    number: p.number,
    type: p.type ?? 0,
    combinationId: p.type === 3 ? (p.combination_id ?? 0) : 0,
    isYj: p.is_yj ?? null,
  }));
  const now = clock();
  if (partial) {
    // One answer per line, so the page lists each refusal beside its row and the offline outbox
    // maps every temporary line to its server id (or drops it) by index.
    return commitWithAnswer<CartPartialAddResult>(
      c,
      db,
      (r) => (r.refused.length ? PARTIAL_ADD_MESSAGE : '加入购物车成功'),
      async (tx) => {
        const outcome = await addToCart(tx, buyer, requests, now, 'each');
        return {
          count: await cartLineCount(tx, buyer.companyId),
          lines: outcome.lineIds.map((id) => id ?? null),
          refused: outcome.refusals.map((r) => ({ index: r.index, goods_id: r.goodsId, msg: r.reason })),
        };
      },
    );
  }
  return commitWithAnswer<CartAddResult>(c, db, '加入购物车成功', async (tx) => {
    const outcome = await addToCart(tx, buyer, requests, now, 'all');
    return {
      count: await cartLineCount(tx, buyer.companyId),
      lines: [...new Set(outcome.lineIds.filter((id): id is number => id !== undefined))],
    };
  });
});

cartRoutes.post('/quick_add/:id', async (c) => {
  const buyer = await requireBuyer(c);
  const goodsId = parseOrThrow(lineIdParam, c.req.param('id'));
  const { db, clock } = c.get('deps');
  const now = clock();
  return commitWithAnswer<CartAddResult>(c, db, '加入购物车成功', async (tx) => {
    const probe: AddRequest = { goodsId, number: 1, type: 0, combinationId: 0, isYj: null };
    const facts = await loadFactsFor(tx, [probe], buyer, now);
    const goods = facts.goods.get(goodsId);
    if (!goods) throw badRequest(GONE_MSG);
    const rules = lineRules({ type: 0, goods, flash: null, combination: null }, buyer);
    // The smallest valid quantity; 0 when nothing can be bought, which the add then refuses.
    const number = Math.max(1, clampQuantity(rules.min, rules));
    const outcome = await addToCart(tx, buyer, [{ ...probe, number }], now, 'all', facts);
    return {
      count: await cartLineCount(tx, buyer.companyId),
      lines: outcome.lineIds.filter((id): id is number => id !== undefined),
    };
  });
});

cartRoutes.post('/:id/edit', async (c) => {
  const buyer = await requireBuyer(c);
  const lineId = parseOrThrow(lineIdParam, c.req.param('id'));
  const input = readInput(c, editBodySchema);
  const { db, clock } = c.get('deps');
  const now = clock();
  await withTx(db, (tx) => setLineNumber(tx, buyer, lineId, input.number, now));
  // The line's amounts (its 满减 share, with_coupon) depend on the whole selection.
  const cart = await buildCartState(db, viewerFor(buyer), now, null);
  const line = cart.data.find((l) => l.id === lineId)!;
  return ok<CartEditResult>(c, input.withCart ? { line, cart } : { line }, '修改成功');
});

cartRoutes.post('/batch_select', async (c) => {
  const user = requireUser(c);
  const input = readInput(c, selectBodySchema);
  const ids = parseIdList(input.ids, 'ids', cartIdList('请选择商品'));
  if (user.companyId === null) return ok<CartSelectResult>(c, { count: 0, forced_unselected: [] });
  const buyer = await currentBuyer(c);
  const { db, clock } = c.get('deps');
  const now = clock();
  const r = await withTx(db, (tx) => selectLines(tx, buyer, ids, input.is_selected, now));
  return ok<CartSelectResult>(c, { count: r.count, forced_unselected: r.forcedUnselected }, '操作成功');
});

cartRoutes.post('/batch_delete', async (c) => {
  const user = requireUser(c);
  const ids = parseIdList(readInput(c, idsBody).ids, 'ids', deleteIds);
  if (user.companyId === null) return ok(c, { count: 0 }, '删除成功');
  // Lines of other companies simply do not match: nothing to probe, nothing deleted.
  return ok(c, { count: await deleteLines(c.get('deps').db, user.companyId, ids) }, '删除成功');
});

cartRoutes.post('/copy', async (c) => {
  const source = await requireBuyer(c);
  const body = c.get('body') ?? {};
  const ids = parseIdList(body.ids, 'ids', cartIdList('请选择要复制的商品'));
  const userIds = parseIdList(
    body.other_user_ids,
    'other_user_ids',
    cartIdList('请选择要复制到的门店', MAX_COPY_TARGETS),
  );
  const { db, clock } = c.get('deps');
  const scope = await companyScope(db, source.companyId);
  const targets = await buyersOfUsers(db, userIds, clock());
  const list: Buyer[] = [];
  for (const id of userIds) {
    const t = targets.get(id);
    // A store the member does not manage answers like one that does not exist: 403, nothing copied.
    if (!t || !scope.includes(t.companyId)) throw forbidden('只能复制到您管理的门店');
    if (t.companyId === source.companyId) throw validationError({ other_user_ids: ['不能复制到当前门店'] });
    list.push(t);
  }
  const now = clock();
  return commitWithAnswer<CartCopyResult>(
    c,
    db,
    (report) =>
      report.skipped.length === 0 ? '复制成功' : `已复制${report.copied.length}个，${report.skipped.length}个未能复制`,
    (tx) => copyLines(tx, source, ids, list, now),
  );
});

cartRoutes.post('/next_hint', async (c) => {
  const buyer = await requireBuyer(c);
  const input = parseOrThrow(hintInputSchema, queryAndBody(c));
  const { db, clock } = c.get('deps');
  return ok<CartNextHint>(c, await nextHint(db, buyer, clock(), input.promotion_id, input.limit));
});
