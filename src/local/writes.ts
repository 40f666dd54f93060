// The writes pages call instead of posting cart and favourite changes themselves. Dexie-free (the
// store is reached through runtime.ts), so any page may import it without growing first paint.
//
//   online   the change is applied to the local draft and queued, the engine sends it at once,
//            and the call resolves with the server's envelope (the page shows the server's msg)
//            or rejects with its ApiError (the page presents it as usual, SPEC §8);
//   offline  the change is applied to the draft and queued; the call resolves at once with
//            `provisional: true` and a message saying it will sync.
// Without a local store (a visitor, a browser without IndexedDB) the request goes straight to
// the server, as before the offline work.
import { onlineManager } from '@tanstack/react-query';
import type { CartAddLine } from '../domain/cart-types';
import { http } from '../http/client';
import { ApiError } from '../domain/api-error';
import type { CartAddResult, CartEditResult, CartPartialAddResult, CartSelectResult } from '../domain/cart-types';
import type { GoodsListItem } from '../domain/catalog';
import type { Envelope } from '../domain/envelope';
import { newIdempotencyKey } from '../http/idempotency-key';
import type { FormFields, OutboxEntry } from './outbox';
import { requestOf, type OutboxRequestCall } from './outbox-kinds';
import { awaitBootOpen, awaitLocalRuntime, type LocalRuntime } from './runtime';
import { isLocalStorageFullError } from './storage';

/** The status and code the server's cart answers a per-goods refusal with. */
const REFUSED_CODE = 400;

export const OFFLINE_SAVED_MESSAGE = '当前无网络，已保存在本机，联网后将自动同步';
export const QUEUED_MESSAGE = '网络不稳定，已保存在本机，稍后将自动同步';
const DONE_MESSAGE = '操作成功';

export type WriteResult<T> =
  | {
      provisional: false;
      /** The server's message (falls back to a generic one). */
      msg: string;
      /** Null when another tab sent the entry first (its answer is not ours to show). */
      envelope: Envelope<T> | null;
    }
  | {
      provisional: true;
      msg: string;
      /** The outbox entry; its conflict row, if the server later refuses, names it. */
      entryId: string;
      reason: 'offline' | 'queued';
    };

/** The request (kind → path/body: outbox.ts) and how the local store records it. */
type WriteSpec = OutboxRequestCall & {
  local: (rt: LocalRuntime) => Promise<OutboxEntry>;
  /** The page shows the answer's per-line refusals itself, so their conflict rows are closed. */
  shownByPage?: boolean;
};

async function direct<T>(spec: WriteSpec): Promise<WriteResult<T>> {
  const { path, body } = requestOf(spec);
  const envelope = await http.post<T>(path, body, { envelope: true, idempotencyKey: newIdempotencyKey() });
  return { provisional: false, msg: envelope.msg || DONE_MESSAGE, envelope };
}

async function write<T>(spec: WriteSpec): Promise<WriteResult<T>> {
  const rt = await awaitLocalRuntime();
  if (!rt) return direct<T>(spec);
  let entry: OutboxEntry;
  try {
    entry = await spec.local(rt);
  } catch (err) {
    // The disk is full: online, the change can still go straight to the server; offline it
    // cannot be kept, and the caller shows STORAGE_FULL_MESSAGE.
    if (isLocalStorageFullError(err) && onlineManager.isOnline()) return direct<T>(spec);
    throw err;
  }
  if (!onlineManager.isOnline()) {
    void rt.engine.trigger('enqueue');
    return { provisional: true, msg: OFFLINE_SAVED_MESSAGE, entryId: entry.id, reason: 'offline' };
  }
  const outcome = rt.engine.waitFor(entry.id);
  void rt.engine.trigger('enqueue');
  const o = await outcome;
  if (o.status === 'refused') {
    // The caller presents this refusal now (SPEC §8); the banner need not repeat it.
    await rt.ops.dismissRefusal(entry.id).catch(() => undefined);
    throw o.error;
  }
  if (o.status === 'queued') return { provisional: true, msg: QUEUED_MESSAGE, entryId: entry.id, reason: 'queued' };
  // The engine hands over the envelope it received for this entry; its data is this call's T.
  const envelope = o.envelope as Envelope<T> | null;
  if (spec.shownByPage) await rt.ops.dismissRefusal(entry.id).catch(() => undefined);
  return { provisional: false, msg: envelope?.msg || DONE_MESSAGE, envelope };
}

export interface CartAddOptions {
  /** The cards of the goods being added, so the offline cart can show them. */
  goods?: readonly GoodsListItem[];
}

/**
 * POST /api/cart (lines as CartAddLine; the server's price wins). With no connection the device
 * first applies the cart's rules itself (cart-rules.ts): a line the server would refuse is refused
 * here, with the server's sentence, instead of being queued.
 */
export async function cartAdd(
  lines: readonly CartAddLine[],
  opts: CartAddOptions = {},
): Promise<WriteResult<CartAddResult>> {
  if (!onlineManager.isOnline()) {
    const rt = await awaitLocalRuntime();
    const refusal = rt ? await rt.ops.cartAddRefusal(lines, opts.goods) : null;
    if (refusal) throw new ApiError({ code: REFUSED_CODE, status: REFUSED_CODE, msg: refusal });
  }
  return write<CartAddResult>({
    local: (rt) => rt.ops.cartAdd(lines, opts.goods),
    kind: 'cart.add',
    input: { lines },
  });
}

/**
 * POST /api/cart with partial=1 (quick purchase's "add all"): the lines the cart rules accept are
 * added, the answer names each refused one. Offline it is queued like any add; the refusals then
 * arrive at sync as conflict rows, one per line.
 */
export function cartAddPartial(
  lines: readonly CartAddLine[],
  opts: CartAddOptions = {},
): Promise<WriteResult<CartPartialAddResult>> {
  return write<CartPartialAddResult>({
    local: (rt) => rt.ops.cartAdd(lines, opts.goods, true),
    kind: 'cart.add',
    input: { lines, partial: true },
    // The page lists these refusals beside their rows: the banner need not repeat them.
    shownByPage: true,
  });
}

/** POST /api/cart/{id}/edit. */
export function cartEdit(id: number, number: number): Promise<WriteResult<CartEditResult>> {
  return write<CartEditResult>({
    local: (rt) => rt.ops.cartEdit(id, number),
    kind: 'cart.edit',
    input: { id, number },
  });
}

/** POST /api/cart/batch_delete. */
export function cartDelete(ids: readonly number[]): Promise<WriteResult<{ count: number }>> {
  return write<{ count: number }>({
    local: (rt) => rt.ops.cartDelete(ids),
    kind: 'cart.delete',
    input: { ids: [...ids] },
  });
}

/** POST /api/cart/batch_select. */
export function cartSelect(ids: readonly number[], selected: boolean): Promise<WriteResult<CartSelectResult>> {
  return write<CartSelectResult>({
    local: (rt) => rt.ops.cartSelect(ids, selected),
    kind: 'cart.select',
    input: { ids: [...ids], is_selected: selected ? 1 : 0 },
  });
}

export interface FavoriteOptions {
  /** Cards for the offline favourites list. */
  items?: readonly GoodsListItem[];
}

/** POST /api/favorite. */
export function favoriteAdd(goodsIds: readonly number[], opts: FavoriteOptions = {}): Promise<WriteResult<unknown>> {
  return write<unknown>({
    local: (rt) => rt.ops.favorite(goodsIds, true, opts.items),
    kind: 'favorite.add',
    input: { goods_ids: [...goodsIds] },
  });
}

/** POST /api/favorite/cancel. */
export function favoriteCancel(goodsIds: readonly number[]): Promise<WriteResult<unknown>> {
  return write<unknown>({
    local: (rt) => rt.ops.favorite(goodsIds, false),
    kind: 'favorite.cancel',
    input: { goods_ids: [...goodsIds] },
  });
}

/** POST /api/user/buy (品种求购), queued offline like the cart. */
export function requestCreate(fields: FormFields): Promise<WriteResult<unknown>> {
  return write<unknown>({
    local: (rt) => rt.ops.form('request.create', fields),
    kind: 'request.create',
    input: fields,
  });
}

/** POST /api/user/feedback (意见反馈), queued offline like the cart. */
export function feedbackCreate(fields: FormFields): Promise<WriteResult<unknown>> {
  return write<unknown>({
    local: (rt) => rt.ops.form('feedback.create', fields),
    kind: 'feedback.create',
    input: fields,
  });
}

/** The running store, once the boot has opened the one it is about to open (awaitBootOpen). */
async function openedRuntime(): Promise<LocalRuntime | null> {
  await awaitBootOpen();
  return awaitLocalRuntime();
}

/** Pages call this with the goods they show (lists, detail, search); a no-op without a store. */
export function rememberSeenGoods(items: readonly GoodsListItem[], categoryId?: number): void {
  if (items.length === 0) return;
  void openedRuntime().then((rt) => rt?.ops.rememberGoods(items, categoryId));
}

/** The detail page read 商品不存在或已下架 online: the device's copy of that goods goes too. */
export function forgetSeenGoods(ids: readonly number[]): void {
  if (ids.length === 0) return;
  void openedRuntime().then((rt) => rt?.ops.forgetGoods(ids));
}
