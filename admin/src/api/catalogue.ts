// The console's own catalogue (issue 32 §1): 新建商品, 上架/下架 with a reason, deleting a
// never-ordered goods, and the master data lists (categories, makers, warehouses) its form picks from.
import { queryOptions } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type {
  BrandInput,
  CategoryInput,
  ConsoleBrand,
  ConsoleCategory,
  ConsoleMaker,
  ConsoleWarehouse,
  GoodsCreate,
  MakerInput,
  WarehouseInput,
} from '@domain/admin-catalogue.ts';

export const catalogueKey = ['admin', 'catalogue'] as const;

export const categoriesQuery = queryOptions({
  queryKey: [...catalogueKey, 'categories'] as const,
  queryFn: () => adminGet<ConsoleCategory[]>('/catalogue/categories'),
});
export const makersQuery = queryOptions({
  queryKey: [...catalogueKey, 'makers'] as const,
  queryFn: () => adminGet<ConsoleMaker[]>('/catalogue/makers'),
});
export const brandsQuery = queryOptions({
  queryKey: [...catalogueKey, 'brands'] as const,
  queryFn: () => adminGet<ConsoleBrand[]>('/catalogue/brands'),
});
export const warehousesQuery = queryOptions({
  queryKey: [...catalogueKey, 'warehouses'] as const,
  queryFn: () => adminGet<ConsoleWarehouse[]>('/catalogue/warehouses'),
});

export const createGoods = (input: GoodsCreate) => adminPost<{ id: number }>('/goods', input);
export const setGoodsSale = (id: number, onSale: boolean, reason: string) =>
  adminPost<{ id: number; is_on_sale: boolean }>(`/goods/${id}/sale`, { on_sale: onSale, reason });
export const removeGoods = (id: number) => adminPost<{ id: number }>(`/goods/${id}/remove`);

export const createCategory = (input: Partial<CategoryInput> & { name: string }) =>
  adminPost<{ id: number }>('/catalogue/categories', input);
export const removeCategory = (id: number) => adminPost<{ id: number }>(`/catalogue/categories/${id}/remove`);
export const createMaker = (input: Partial<MakerInput> & { name: string }) =>
  adminPost<{ id: number; pinyin_initials: string }>('/catalogue/makers', input);
export const createWarehouse = (input: Partial<WarehouseInput> & { name: string }) =>
  adminPost<{ id: number }>('/catalogue/warehouses', input);
export const saveBrand = (id: number | null, input: BrandInput) =>
  adminPost<{ id: number }>(id === null ? '/catalogue/brands' : `/catalogue/brands/${id}`, input);
export const removeBrand = (id: number) => adminPost<{ id: number }>(`/catalogue/brands/${id}/remove`);
