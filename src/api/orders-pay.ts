// Paying an order (SPEC §2 cart step 3, /cart/hm, step 4; paths ours, docs/api.md "Payments"):
// the order being paid, the buyer's wallet, our bank account for 对公转账, the three payment
// methods, the built-in sandbox gateway's confirm call and the 含麻黄碱 receipt.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EphedrineReceipt,
  OrderDetail,
  OrderStatus,
  PayMethod,
  PayResult,
  SandboxConfirmResult,
  SandboxPayment,
  TransferInfo,
} from '../domain/orders';
import { http } from '../http/client';
import { WALLET_ROOT_KEY } from './wallet-keys';

/** Under the order centre's ['order'] root, so its invalidations refresh the pay page too. */
export const orderPayKeys = {
  orders: ['order'] as const,
  detail: (id: number) => ['order', 'detail', id] as const,
  wallet: () => ['user', 'money'] as const,
  transferInfo: () => ['pay', 'transfer_info'] as const,
  sandbox: (paymentId: number) => ['pay', 'sandbox', paymentId] as const,
};

/** GET /api/user/user_money. */
export interface WalletMoney {
  balance: number;
  points: number;
}

export const getOrderDetail = (id: number): Promise<OrderDetail> => http.get<OrderDetail>(`order/${id}`);
export const getWalletMoney = (): Promise<WalletMoney> => http.get<WalletMoney>('user/user_money');
export const getTransferInfo = (): Promise<TransferInfo> => http.get<TransferInfo>('pay/transfer_info');
export const getSandboxPayment = (paymentId: number): Promise<SandboxPayment> =>
  http.get<SandboxPayment>(`pay/sandbox/${paymentId}`);
export const postOrderPay = (id: number, method: PayMethod): Promise<PayResult> =>
  http.post<PayResult>(`order/${id}/pay`, { method });
export const postSandboxConfirm = (paymentId: number): Promise<SandboxConfirmResult> =>
  http.post<SandboxConfirmResult>(`pay/sandbox/${paymentId}/confirm`);
/** The order's status after registering: `paid` when nothing was left to pay. */
export const postEphedrineReceipt = (id: number, receipt: EphedrineReceipt): Promise<{ status: OrderStatus }> =>
  http.post<{ status: OrderStatus }>(`order/${id}/ephedrine`, receipt);

export const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: orderPayKeys.detail(id),
    queryFn: () => getOrderDetail(id),
    // The countdown and the payable amount must be current when the pay page opens.
    staleTime: 0,
  });

export const walletMoneyQuery = () =>
  queryOptions({ queryKey: orderPayKeys.wallet(), queryFn: getWalletMoney, staleTime: 0 });

export const transferInfoQuery = () =>
  queryOptions({ queryKey: orderPayKeys.transferInfo(), queryFn: getTransferInfo, staleTime: 10 * 60_000 });

/** After a payment the order, its list and the wallet all changed. */
function useInvalidatePaid(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: orderPayKeys.orders }),
      queryClient.invalidateQueries({ queryKey: orderPayKeys.wallet() }),
      queryClient.invalidateQueries({ queryKey: ['pay', 'sandbox'] }),
      queryClient.invalidateQueries({ queryKey: WALLET_ROOT_KEY }),
    ]);
  };
}

export const sandboxPaymentQuery = (paymentId: number) =>
  queryOptions({
    queryKey: orderPayKeys.sandbox(paymentId),
    queryFn: () => getSandboxPayment(paymentId),
    staleTime: 0,
  });

export function usePayOrder() {
  const invalidate = useInvalidatePaid();
  return useMutation({
    mutationKey: ['order', 'pay'] as const,
    mutationFn: ({ id, method }: { id: number; method: PayMethod }) => postOrderPay(id, method),
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useSandboxConfirm() {
  const invalidate = useInvalidatePaid();
  return useMutation({
    mutationKey: ['pay', 'sandbox', 'confirm'] as const,
    mutationFn: postSandboxConfirm,
    onSuccess: () => {
      void invalidate();
    },
  });
}

/** 422 field messages are shown beside the receipt fields; the rest goes to the SPEC §8 presenter. */
export function useEphedrineReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['order', 'ephedrine'] as const,
    mutationFn: ({ id, receipt }: { id: number; receipt: EphedrineReceipt }) => postEphedrineReceipt(id, receipt),
    meta: { silentErrors: true },
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderPayKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: ['order', 'ephedrine_receipts'] }),
      ]),
  });
}
