// Delivery addresses (SPEC §2 /addr; paths ours, docs/api.md "Addresses"): the address book of the
// account centre and the checkout's address picker read and write the same list.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressInput } from '../domain/orders';
import { http } from '../http/client';

export const addressKeys = {
  all: ['address'] as const,
  list: () => [...addressKeys.all, 'list'] as const,
};

export const getAddresses = (): Promise<Address[]> => http.get<Address[]>('address');
/** The server answers with the saved address (its id selects it in the checkout picker). */
export const postAddressCreate = (input: AddressInput): Promise<Address> => http.post<Address>('address', input);
export const postAddressEdit = (id: number, input: AddressInput): Promise<Address> =>
  http.post<Address>(`address/${id}/edit`, input);
export const postAddressDelete = (id: number): Promise<unknown> => http.post<unknown>(`address/${id}/delete`);
export const postAddressDefault = (id: number): Promise<unknown> => http.post<unknown>(`address/${id}/default`);

export const addressesQuery = () =>
  queryOptions({
    queryKey: addressKeys.list(),
    queryFn: getAddresses,
  });

/** The default address, else the first one, else null. */
export function defaultAddress(list: readonly Address[]): Address | null {
  return list.find((a) => a.is_default === 1) ?? list[0] ?? null;
}

export interface AddressSave {
  /** Absent: a new address. */
  id?: number;
  input: AddressInput;
}

/**
 * Add or edit. `silentErrors`: the form shows 422 field messages beside their fields and hands
 * every other failure to the SPEC §8 presenter itself.
 */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...addressKeys.all, 'save'] as const,
    mutationFn: ({ id, input }: AddressSave) =>
      id === undefined ? postAddressCreate(input) : postAddressEdit(id, input),
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...addressKeys.all, 'delete'] as const,
    mutationFn: postAddressDelete,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}

export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...addressKeys.all, 'default'] as const,
    mutationFn: postAddressDefault,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  });
}
