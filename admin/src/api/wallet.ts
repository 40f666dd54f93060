// A company's wallet in the console: the view, balance adjustments, coupon and voucher grants.
// Adjustments and grants carry a request id made when their form opens, so a double click (or a
// retry after a lost answer) applies once.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGet, adminPost } from './client.ts';
import type {
  AdjustDirection,
  AdjustResult,
  AdminWalletView,
  GrantableTemplate,
  GrantResult,
} from '@domain/admin-wallet.ts';

export const walletKey = ['admin', 'wallet'] as const;

export const companyWalletQuery = (companyId: number) =>
  queryOptions({
    queryKey: [...walletKey, 'company', companyId] as const,
    queryFn: () => adminGet<AdminWalletView>(`/companies/${companyId}/wallet`),
  });

export const grantableTemplatesQuery = queryOptions({
  queryKey: [...walletKey, 'templates'] as const,
  queryFn: () => adminGet<GrantableTemplate[]>('/wallet/templates'),
});

/** A fresh id for one submission of a form. */
export const newRequestId = (): string => crypto.randomUUID();

export const adjustBalance = (
  companyId: number,
  input: { direction: AdjustDirection; amount: number; reason: string; request_id: string },
) => adminPost<AdjustResult>(`/companies/${companyId}/wallet/adjust`, input);

export type GrantInput = ({ template_id: number } | { voucher_amount: number; valid_days: number }) & {
  company_ids: number[];
  request_id: string;
};

export const grantCoupons = (input: GrantInput) => adminPost<GrantResult>('/wallet/grants', input);

export async function afterWalletChange(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: walletKey });
}
