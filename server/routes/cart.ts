// /api/cart (SPEC §7 "Cart"): the badge count, a first cart list for the drawer, batch delete.
// Adding, editing, selecting and checkout arrive with the buying issue.
import { Hono } from 'hono';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { cartLines, goods } from '../db/schema.ts';
import { ok, validationError } from '../http/envelope.ts';
import { readInput } from '../http/validate.ts';
import { requireUser } from '../auth/session.ts';
import { pricesVisibleTo, viewerOf } from '../services/price-visibility.ts';
import type { CartTotal } from '../../src/domain/contracts.ts';

/** More ids than a cart can hold is a malformed request, not a bigger delete. */
export const BATCH_DELETE_MAX_IDS = 1000;
const MAX_INT = 2_147_483_647;

export interface CartDrawerLine {
  id: number;
  number: number;
  /** Unit price when added (fen); null when the viewer may not see prices. */
  price: number | null;
  is_selected: 0 | 1;
  type: number;
  goods: {
    id: number;
    name: string;
    sccj: string;
    ypgg: string;
    goods_image: string;
    bzdw: string;
    /** Stock. */
    number: number;
    is_buy: 0 | 1;
  };
}

export interface CartList {
  data: CartDrawerLine[];
  shipping_data: { shipping_amount: number; no_trans_order_amount: number };
  activity_data: { manjians: unknown[]; discounts: unknown[] };
  filter_data: Record<string, never>;
}

const idsBody = z.object({
  ids: z.union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()], {
    error: '请选择要删除的商品',
  }),
});

function parseIds(raw: z.output<typeof idsBody>['ids']): number[] {
  const parts = Array.isArray(raw) ? raw : typeof raw === 'number' ? [raw] : raw.split(',');
  const ids = parts.map((p) => (typeof p === 'number' ? p : /^\s*\d{1,10}\s*$/.test(p) ? Number(p) : NaN));
  if (ids.length === 0) throw validationError({ ids: ['请选择要删除的商品'] });
  if (ids.length > BATCH_DELETE_MAX_IDS) throw validationError({ ids: [`一次最多删除${BATCH_DELETE_MAX_IDS}个商品`] });
  if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_INT)) throw validationError({ ids: ['商品编号无效'] });
  return [...new Set(ids)];
}

export const cartRoutes = new Hono<AppEnv>();

cartRoutes.get('/total', async (c) => {
  const user = c.get('user');
  // The badge is on every page: a visitor gets 0, not a 401.
  if (!user || user.companyId === null) return ok<CartTotal>(c, { count: 0 });
  const [row] = await c
    .get('deps')
    .db.select({ n: count() })
    .from(cartLines)
    .where(eq(cartLines.companyId, user.companyId));
  return ok<CartTotal>(c, { count: row?.n ?? 0 });
});

cartRoutes.get('/list', async (c) => {
  const user = requireUser(c);
  const viewer = await viewerOf(c);
  const rows =
    user.companyId === null
      ? []
      : await c
          .get('deps')
          .db.select({
            id: cartLines.id,
            number: cartLines.number,
            price: cartLines.price,
            isSelected: cartLines.isSelected,
            type: cartLines.type,
            goodsId: goods.id,
            name: goods.name,
            sccj: goods.sccj,
            ypgg: goods.ypgg,
            image: goods.image,
            bzdw: goods.bzdw,
            stock: goods.stock,
            isBuy: goods.isBuy,
          })
          .from(cartLines)
          .innerJoin(goods, eq(goods.id, cartLines.goodsId))
          .where(eq(cartLines.companyId, user.companyId))
          .orderBy(desc(cartLines.createdAt), desc(cartLines.id));
  const showPrices = pricesVisibleTo(viewer);
  const data: CartDrawerLine[] = rows.map((r) => ({
    id: r.id,
    number: r.number,
    price: showPrices ? r.price : null,
    is_selected: r.isSelected ? 1 : 0,
    type: r.type,
    goods: {
      id: r.goodsId,
      name: r.name,
      sccj: r.sccj,
      ypgg: r.ypgg,
      goods_image: r.image,
      bzdw: r.bzdw,
      number: r.stock,
      is_buy: r.isBuy ? 1 : 0,
    },
  }));
  return ok<CartList>(c, {
    data,
    shipping_data: { shipping_amount: 0, no_trans_order_amount: 0 },
    activity_data: { manjians: [], discounts: [] },
    filter_data: {},
  });
});

cartRoutes.post('/batch_delete', async (c) => {
  const user = requireUser(c);
  const ids = parseIds(readInput(c, idsBody).ids);
  if (user.companyId === null) return ok(c, { count: 0 }, '删除成功');
  // Lines of other companies simply do not match: nothing to probe, nothing deleted.
  const deleted = await c
    .get('deps')
    .db.delete(cartLines)
    .where(and(eq(cartLines.companyId, user.companyId), inArray(cartLines.id, ids)))
    .returning({ id: cartLines.id });
  return ok(c, { count: deleted.length }, '删除成功');
});
