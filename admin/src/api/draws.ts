// Lucky draws for 运营: the list, create and schedule, stop and resume, a prize's weight and stock.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { AdminDrawPrize, AdminDrawRow } from '@domain/admin-draws.ts';

export const drawsKey = ['admin', 'draws'] as const;

export const drawListQuery = queryOptions({ queryKey: drawsKey, queryFn: () => adminGet<AdminDrawRow[]>('/draws') });

export interface DrawFormPrize {
  name: string;
  remarks: string;
  kind: 'coupon' | 'points' | 'goods' | 'none';
  ref_id: string;
  weight: string;
  stock: string;
}

export interface DrawForm {
  name: string;
  rules: string;
  starts_at: number;
  ends_at: number;
  times_per_company: string;
  order_min_yuan: string;
  prizes: DrawFormPrize[];
}

export const createDraw = (form: DrawForm) =>
  adminPost<{ id: number }>('/draws', {
    ...form,
    prizes: form.prizes.map((p) => ({ ...p, ref_id: p.kind === 'none' || p.ref_id === '' ? undefined : p.ref_id })),
  });
export const stopDraw = (id: number) => adminPost<null>(`/draws/${id}/stop`);
export const resumeDraw = (id: number) => adminPost<null>(`/draws/${id}/resume`);
export const updatePrize = (drawId: number, prizeId: number, weight: number, stock: number) =>
  adminPost<AdminDrawPrize>(`/draws/${drawId}/prizes/${prizeId}`, { weight, stock });

export const afterDrawChange = (client: QueryClient) => client.invalidateQueries({ queryKey: drawsKey });
