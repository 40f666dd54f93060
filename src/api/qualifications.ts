// Qualification certificates (资质证照, /zzzj) and business scope (经营范围): GET /api/user/zizhi,
// its renewal upload, GET /api/user/jyfw (docs/api.md "Qualifications and business scope").
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessScopeView, CertificateList } from '../domain/qualifications';
import type { RenewalFields } from '../domain/certificate-renewal';
import { http } from '../http/client';

export const qualificationKeys = {
  all: ['qualifications'] as const,
  certificates: () => [...qualificationKeys.all, 'certificates'] as const,
  scope: () => [...qualificationKeys.all, 'scope'] as const,
};

export const getCertificates = (): Promise<CertificateList> => http.get<CertificateList>('user/zizhi');
export const getBusinessScope = (): Promise<BusinessScopeView> => http.get<BusinessScopeView>('user/jyfw');

export interface RenewalInput extends RenewalFields {
  certificateId: number;
  file: File;
}

export function renewalFormData(input: RenewalInput): FormData {
  const form = new FormData();
  form.append('number', input.number);
  form.append('issuer', input.issuer);
  form.append('expires_on', input.expires_on);
  form.append('file', input.file, input.file.name);
  return form;
}

export const postRenewal = (input: RenewalInput): Promise<CertificateList> =>
  http.post<CertificateList>(`user/zizhi/${input.certificateId}/renew`, renewalFormData(input));

/** Expiry is counted in days: a minute's trust is plenty, and the page is revisited after renewals. */
const STALE_MS = 60_000;

export const certificatesQuery = () =>
  queryOptions({ queryKey: qualificationKeys.certificates(), queryFn: getCertificates, staleTime: STALE_MS });
export const businessScopeQuery = () =>
  queryOptions({ queryKey: qualificationKeys.scope(), queryFn: getBusinessScope, staleTime: STALE_MS });

/**
 * Upload a renewal. `silentErrors`: the form shows 422 field messages at their fields and hands
 * other refusals to the SPEC §8 presenter itself.
 */
export function useRenewCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...qualificationKeys.all, 'renew'] as const,
    mutationFn: postRenewal,
    meta: { silentErrors: true },
    // A list answer on its way was read before the renewal: it must not replace the renewal's.
    onMutate: () => queryClient.cancelQueries({ queryKey: qualificationKeys.certificates() }),
    onSuccess: (list) => queryClient.setQueryData(qualificationKeys.certificates(), list),
  });
}
