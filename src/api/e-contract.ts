// The e-contract (/dzht, docs/api.md "E-contract"): the contract with the company's details and
// its signing state, signing the version shown, and the signed PDF's address.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractView } from '../domain/e-contract';
import { http } from '../http/client';
import { userKeys } from './user';

export const contractKeys = { all: ['e-contract'] as const };

export const getContract = (): Promise<ContractView> => http.get<ContractView>('user/contract');
export const postSignContract = (version: string): Promise<ContractView> =>
  http.post<ContractView>('user/contract/sign', { version });

export const contractQuery = () => queryOptions({ queryKey: contractKeys.all, queryFn: getContract });

/** Signing answers the contract as it now stands; the user base (`customer.contract_signed`) follows. */
export function useSignContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...contractKeys.all, 'sign'] as const,
    mutationFn: postSignContract,
    // A contract answer on its way was read before the signature: it must not replace the signed one.
    onMutate: () => queryClient.cancelQueries({ queryKey: contractKeys.all }),
    onSuccess: (view) => {
      queryClient.setQueryData(contractKeys.all, view);
      void queryClient.invalidateQueries({ queryKey: userKeys.base() });
    },
  });
}
