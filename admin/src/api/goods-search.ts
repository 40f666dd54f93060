// The goods list's URL state (?q=&category=&on_sale=&stock=&flag=&sort=&order=&page=):
// bookmarkable; anything unknown falls back to "no filter".
import {
  GOODS_FLAG_KEYS,
  GOODS_SORTS,
  type GoodsFlag,
  type GoodsSort,
  type GoodsStockFilter,
} from '@domain/admin-goods.ts';

export interface GoodsSearch {
  q?: string;
  category?: number;
  on_sale?: '0' | '1';
  stock?: GoodsStockFilter;
  flag?: GoodsFlag;
  sort: GoodsSort;
  order: 'asc' | 'desc';
  page: number;
}

export function parseGoodsSearch(raw: Record<string, unknown>): GoodsSearch {
  const n = Number(raw.page);
  const category = Number(raw.category);
  const q = typeof raw.q === 'string' && raw.q.trim() !== '' ? raw.q.trim().slice(0, 60) : undefined;
  return {
    q,
    category: Number.isInteger(category) && category > 0 ? category : undefined,
    on_sale:
      raw.on_sale === '0' || raw.on_sale === '1'
        ? raw.on_sale
        : raw.on_sale === 0
          ? '0'
          : raw.on_sale === 1
            ? '1'
            : undefined,
    stock: raw.stock === 'low' || raw.stock === 'out' ? raw.stock : undefined,
    flag: GOODS_FLAG_KEYS.find((f) => f === raw.flag),
    sort: GOODS_SORTS.find((s) => s === raw.sort) ?? 'id',
    order: raw.order === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1,
  };
}
