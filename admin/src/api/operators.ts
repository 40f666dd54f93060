// Operator accounts (admin only): the list, requiring and resetting TOTP, and the audit log.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type { AuditEntry, Operator, Paged } from '@domain/admin.ts';
import type { OperatorRole } from '@domain/operator-roles.ts';

export interface OperatorListRow extends Operator {
  phone: string;
  disabled: boolean;
  last_login_at: number | null;
}

export const operatorsKey = ['admin', 'operators'] as const;

export const operatorListQuery = queryOptions({
  queryKey: operatorsKey,
  queryFn: () => adminGet<OperatorListRow[]>('/operators'),
});

export const requireTotp = (id: number) =>
  adminPost<{ otpauth_uri: string; secret: string; qr_data_url: string }>(`/operators/${id}/totp`);
export const resetTotp = (id: number) => adminPost<null>(`/operators/${id}/totp/reset`);
export const afterOperatorChange = (client: QueryClient) => client.invalidateQueries({ queryKey: ['admin'] });

export interface AuditSearch {
  q?: string;
  action?: string;
  from?: string;
  to?: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseAuditSearch(raw: Record<string, unknown>): AuditSearch {
  const text = (v: unknown, max: number) =>
    typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : undefined;
  const action = text(raw.action, 40);
  const from = text(raw.from, 10);
  const to = text(raw.to, 10);
  const n = Number(raw.page);
  return {
    q: text(raw.q, 50),
    action: action && /^[a-z_.]+$/.test(action) ? action : undefined,
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    page: Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1,
  };
}

export const auditQuery = (search: AuditSearch) =>
  queryOptions({
    queryKey: ['admin', 'audit', search] as const,
    queryFn: () => adminGet<Paged<AuditEntry>>('/audit', { ...search, page_size: 20 }),
    placeholderData: (previous) => previous,
  });

export interface NewOperatorInput {
  username: string;
  name: string;
  phone: string;
  role: OperatorRole;
  password: string;
  totp: boolean;
}

export const createOperator = (input: NewOperatorInput) =>
  adminPost<{ id: number; otpauth_uri: string | null }>('/operators', input);
export const saveOperatorSettings = (id: number, input: { role: OperatorRole; disabled: boolean }) =>
  adminPost<{ role: OperatorRole; disabled: boolean }>(`/operators/${id}/settings`, input);
