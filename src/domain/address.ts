// Delivery address rules (/addr form and POST /api/address): one zod schema for the page and the
// server, so both refuse the same input with the same Chinese message.
import { z } from 'zod';
import { flagSchema, phoneSchema, requiredText } from './validators';
import { ADDRESS_DETAIL_MAX, ADDRESS_DETAIL_MIN, ADDRESS_MESSAGES, CONSIGNEE_MAX, REGION_MAX } from './address-limits';

export * from './address-limits';

const M = ADDRESS_MESSAGES;

export const addressInputSchema = z.object({
  consignee: requiredText(M.consigneeRequired, CONSIGNEE_MAX, M.consigneeTooLong),
  phone: phoneSchema,
  province: requiredText(M.province, REGION_MAX, M.regionTooLong),
  city: requiredText(M.city, REGION_MAX, M.regionTooLong),
  district: requiredText(M.district, REGION_MAX, M.regionTooLong),
  detail: z
    .string({ error: M.detailRequired })
    .trim()
    .min(1, { error: M.detailRequired, abort: true })
    .min(ADDRESS_DETAIL_MIN, { error: M.detailLength })
    .max(ADDRESS_DETAIL_MAX, { error: M.detailLength }),
  is_default: flagSchema,
});

export type AddressFormValues = z.output<typeof addressInputSchema>;
