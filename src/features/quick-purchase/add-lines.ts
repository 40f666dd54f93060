// "加入购物车" for many rows at once: one POST /api/cart partial=1 (through the local store's
// outbox), the answer mapped back to the rows — added, refused with the cart rule's reason, or
// saved on the device to sync later.
import type { CartAddLine } from '../../domain/cart-types';
import type { GoodsListItem } from '../../domain/catalog';
import { useAddAll } from '../../api/quick-purchase';
import { toast } from '../../ui/toast';

export interface AddLine {
  /** The row this line came from (history goods id, pasted line number …). */
  key: string;
  goods: GoodsListItem;
  number: number;
}

export type RowStatus = { kind: 'added' } | { kind: 'queued' } | { kind: 'refused'; msg: string };

export const QUEUED_ROW_TEXT = '已存入离线购物车，联网后同步';

function cartLineOf(l: AddLine): CartAddLine {
  return {
    goods_id: l.goods.id,
    number: l.number,
    ck_id: l.goods.ck_id,
    ...(l.goods.price !== null ? { price: l.goods.price } : {}),
  };
}

/** A quantity the buyer typed: a whole number ≥ 1, or null. */
export function parseQuantity(raw: string): number | null {
  const t = raw.trim();
  if (!/^\d{1,7}$/u.test(t)) return null;
  const n = Number(t);
  return n >= 1 ? n : null;
}

export function useAddLines(): {
  add: (lines: readonly AddLine[]) => Promise<Map<string, RowStatus> | null>;
  pending: boolean;
} {
  const mutation = useAddAll();
  const add = async (lines: readonly AddLine[]): Promise<Map<string, RowStatus> | null> => {
    if (lines.length === 0) return null;
    let result;
    try {
      result = await mutation.mutateAsync({ lines: lines.map(cartLineOf), goods: lines.map((l) => l.goods) });
    } catch {
      // Refused as a whole (signed out, not approved, 422): the shared presenter showed it.
      return null;
    }
    const out = new Map<string, RowStatus>();
    if (result.provisional) {
      for (const l of lines) out.set(l.key, { kind: 'queued' });
      toast.show({ message: result.msg, tone: 'info' });
      return out;
    }
    const refused = new Map((result.envelope?.data.refused ?? []).map((r) => [r.index, r.msg]));
    lines.forEach((l, i) => {
      const msg = refused.get(i);
      out.set(l.key, msg === undefined ? { kind: 'added' } : { kind: 'refused', msg });
    });
    const n = lines.length - refused.size;
    toast.show({
      message: refused.size > 0 ? `已加入${n}种商品，${refused.size}种未能加入（见各行说明）` : `已加入${n}种商品`,
      tone: refused.size > 0 && n === 0 ? 'error' : 'success',
    });
    return out;
  };
  return { add, pending: mutation.isPending };
}
