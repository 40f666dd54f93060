// Quick purchase (/kjcg, 快捷采购): the company's purchase history (GET /api/user/fast_buy, SPEC
// §7), matching a pasted list (POST /api/user/fast_buy/match) and the saved lists (常购清单,
// /api/user/fast_buy/lists). Adding goes through POST /api/cart (partial=1). Rules live in
// server/services/quick-purchase/.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env.ts';
import { ok } from '../http/envelope.ts';
import { readInput, readQuery } from '../http/validate.ts';
import { idField, intParam, objectId } from '../http/params.ts';
import { requireCompany } from '../auth/session.ts';
import { viewerOf, type Viewer } from '../services/price-visibility.ts';
import { purchaseHistory } from '../services/quick-purchase/history.ts';
import { matchPastedList, PASTE_EMPTY } from '../services/quick-purchase/match.ts';
import { deleteList, LIST_NOT_FOUND, listSavedLists, saveList } from '../services/quick-purchase/lists.ts';
import { quantityField } from '../services/cart/input.ts';
import {
  HISTORY_ORDER_DEFAULT,
  HISTORY_PAGE_SIZE_DEFAULT,
  HISTORY_PAGE_SIZE_MAX,
  isHistoryOrder,
  MAX_PASTE_LINE_CHARS,
  MAX_PASTE_LINES,
  MAX_SAVED_LIST_ITEMS,
  SAVED_LIST_NAME_MAX,
  type HistoryOrder,
  type MatchResult,
  type PurchaseHistoryPage,
  type SavedList,
} from '@domain/quick-purchase.ts';
import { SEARCH_KEYWORD_MAX_CHARS } from '../services/goods/search.ts';

export const quickPurchaseRoutes = new Hono<AppEnv>();

/** The member's company as a viewer (prices, 控销); 10001 for visitors, 403 without a company. */
async function companyViewer(c: Context<AppEnv>): Promise<Viewer & { companyId: number }> {
  const user = requireCompany(c);
  const viewer = await viewerOf(c);
  return { ...viewer, companyId: viewer.companyId ?? user.companyId };
}

const ORDER_MSG = '排序方式无效';

const historyQuery = z.object({
  page: intParam('页码无效', 1, 100_000),
  page_size: intParam(`每页数量须在1-${HISTORY_PAGE_SIZE_MAX}之间`, 1, HISTORY_PAGE_SIZE_MAX),
  order: z
    .preprocess((v) => (v === '' ? undefined : v), z.string({ error: ORDER_MSG }).optional())
    .refine((v) => v === undefined || isHistoryOrder(v), { error: ORDER_MSG })
    .transform((v) => (v ?? HISTORY_ORDER_DEFAULT) as HistoryOrder),
  keywords: z
    .string({ error: '筛选关键词无效' })
    .optional()
    .transform((v) => (v ?? '').trim().replace(/\s+/gu, ' '))
    .refine((v) => Array.from(v).length <= SEARCH_KEYWORD_MAX_CHARS, {
      error: `筛选关键词最多${SEARCH_KEYWORD_MAX_CHARS}个字`,
    }),
});

quickPurchaseRoutes.get('/fast_buy', async (c) => {
  const viewer = await companyViewer(c);
  const q = readQuery(c, historyQuery);
  const page = await purchaseHistory(c.get('deps').db, viewer, {
    order: q.order,
    keywords: q.keywords,
    page: q.page ?? 1,
    pageSize: q.page_size ?? HISTORY_PAGE_SIZE_DEFAULT,
  });
  return ok<PurchaseHistoryPage>(c, page);
});

/** 1,000 lines of 100 characters plus line ends; anything longer is refused before parsing. */
const CONTENT_MAX_CHARS = MAX_PASTE_LINES * (MAX_PASTE_LINE_CHARS + 2);

const matchBody = z.object({
  content: z.string({ error: PASTE_EMPTY }).max(CONTENT_MAX_CHARS, { error: `一次最多粘贴${MAX_PASTE_LINES}行` }),
});

quickPurchaseRoutes.post('/fast_buy/match', async (c) => {
  const viewer = await companyViewer(c);
  const { content } = readInput(c, matchBody);
  const lines = await matchPastedList(c.get('deps').db, viewer, content);
  const matched = lines.filter((l) => l.match !== null).length;
  return ok<MatchResult>(c, { lines }, `共${lines.length}行，已匹配${matched}行`);
});

// --- 常购清单 -------------------------------------------------------------------------------------

const listBody = z.object({
  name: z
    .string({ error: '请填写清单名称' })
    .trim()
    .min(1, { error: '请填写清单名称' })
    .max(SAVED_LIST_NAME_MAX, { error: `清单名称最多${SAVED_LIST_NAME_MAX}个字` }),
  items: z
    .array(z.object({ goods_id: idField('商品编号无效'), number: quantityField }), { error: '请选择要保存的商品' })
    .min(1, { error: '请选择要保存的商品' })
    .max(MAX_SAVED_LIST_ITEMS, { error: `一个清单最多${MAX_SAVED_LIST_ITEMS}种商品` }),
});

quickPurchaseRoutes.get('/fast_buy/lists', async (c) => {
  const viewer = await companyViewer(c);
  return ok<SavedList[]>(c, await listSavedLists(c.get('deps').db, viewer));
});

quickPurchaseRoutes.post('/fast_buy/lists', async (c) => {
  const viewer = await companyViewer(c);
  const input = readInput(c, listBody);
  const { db, clock } = c.get('deps');
  return ok<SavedList>(c, await saveList(db, viewer, input.name, input.items, clock()), '常购清单已保存');
});

quickPurchaseRoutes.delete('/fast_buy/lists/:id', async (c) => {
  const user = requireCompany(c);
  const id = objectId(c.req.param('id'), LIST_NOT_FOUND);
  await deleteList(c.get('deps').db, user.companyId, id);
  return ok(c, null, '常购清单已删除');
});
