// The console's goods (/api/admin/goods): the list, one goods for the editor, saving it, batches
// and their inspection reports, and the bulk price/stock import (dry run, apply, template).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost, adminPostForm } from './client.ts';
import type { GoodsSearch } from './goods-search.ts';
import type { Paged } from '@domain/admin.ts';
import type {
  ConsoleGoods,
  ConsoleGoodsRow,
  GoodsCategoryOption,
  GoodsEdit,
  ImportPreview,
} from '@domain/admin-goods.ts';

export const goodsKey = ['admin', 'goods'] as const;

export const goodsListQuery = (s: GoodsSearch) =>
  queryOptions({
    queryKey: [...goodsKey, 'list', s] as const,
    queryFn: () =>
      adminGet<Paged<ConsoleGoodsRow>>('/goods', {
        q: s.q,
        category: s.category,
        on_sale: s.on_sale,
        stock: s.stock,
        flag: s.flag,
        sort: s.sort,
        order: s.order,
        page: s.page,
        page_size: 20,
      }),
    placeholderData: (previous) => previous,
  });

export const goodsCategoriesQuery = queryOptions({
  queryKey: [...goodsKey, 'categories'] as const,
  queryFn: () => adminGet<GoodsCategoryOption[]>('/goods/categories'),
  staleTime: 10 * 60_000,
});

export const goodsQuery = (id: number) =>
  queryOptions({ queryKey: [...goodsKey, 'one', id] as const, queryFn: () => adminGet<ConsoleGoods>(`/goods/${id}`) });

export const saveGoods = (id: number, input: GoodsEdit) =>
  adminPost<{ id: number; changed: string[]; alerts_fired: number }>(`/goods/${id}`, input);

export const addBatch = (id: number, input: { batch_no: string; produced_on: string; expires_on: string }) =>
  adminPost<{ id: number }>(`/goods/${id}/batches`, input);

export const addReport = (goodsId: number, batchId: number, form: FormData) =>
  adminPostForm<{ id: number }>(`/goods/${goodsId}/batches/${batchId}/reports`, form);

export function addGoodsImage(goodsId: number, file: File) {
  const form = new FormData();
  form.set('file', file);
  return adminPostForm<{ id: number; url: string }>(`/goods/${goodsId}/images`, form);
}
export const setMainGoodsImage = (goodsId: number, imageId: number) =>
  adminPost<{ id: number }>(`/goods/${goodsId}/images/${imageId}/main`);
export const removeGoodsImage = (goodsId: number, imageId: number) =>
  adminPost<{ id: number }>(`/goods/${goodsId}/images/${imageId}/remove`);

export function importGoodsFile(file: File, mode: 'preview' | 'apply') {
  const form = new FormData();
  form.set('file', file);
  form.set('mode', mode);
  return adminPostForm<ImportPreview>('/goods/import', form);
}

export const importTemplateHref = (format: 'csv' | 'xlsx') => `/api/admin/goods/import/template?format=${format}`;

export const afterGoodsChange = (client: QueryClient) => client.invalidateQueries({ queryKey: goodsKey });
