// What makes a delivery address complete enough to ship medicines to, checked in the form before
// the server sees it, with the server's limits and messages (src/domain/address-limits.ts; the zod
// schema in address.ts is not imported here so the form's chunk stays small). Contact phone: a
// mobile or a landline (SPEC §5 formats). 省/市/区 must be a known place once the region lists
// have loaded (src/domain/regions.ts, the server's check too).
import {
  ADDRESS_DETAIL_MAX,
  ADDRESS_DETAIL_MIN,
  ADDRESS_MESSAGES as SHARED,
  CONSIGNEE_MAX,
  REGION_MAX,
} from '../../domain/address-limits';
import type { Address, AddressInput } from '../../domain/orders';
import { isPhone, MESSAGES } from '../../domain/formats';
import { regionError, type Regions } from '../../domain/regions';

export type AddressField = 'consignee' | 'phone' | 'province' | 'city' | 'district' | 'detail';
export type AddressErrors = Partial<Record<AddressField, string>>;

export const ADDRESS_FIELDS: readonly AddressField[] = ['consignee', 'phone', 'province', 'city', 'district', 'detail'];

export const ADDRESS_LIMITS = {
  consignee: CONSIGNEE_MAX,
  region: REGION_MAX,
  detailMin: ADDRESS_DETAIL_MIN,
  detail: ADDRESS_DETAIL_MAX,
} as const;

/** The server's messages (src/domain/address.ts), plus the phone ones of SPEC §5's validators. */
export const ADDRESS_MESSAGES = {
  consigneeRequired: SHARED.consigneeRequired,
  consigneeTooLong: SHARED.consigneeTooLong,
  phoneRequired: MESSAGES.mobileRequired,
  phone: MESSAGES.phone,
  provinceRequired: SHARED.province,
  cityRequired: SHARED.city,
  districtRequired: SHARED.district,
  regionTooLong: SHARED.regionTooLong,
  provinceUnknown: SHARED.provinceUnknown,
  cityUnknown: SHARED.cityUnknown,
  districtUnknown: SHARED.districtUnknown,
  detailRequired: SHARED.detailRequired,
  detailLength: SHARED.detailLength,
} as const;

export interface AddressValues {
  consignee: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  is_default: boolean;
}

export function emptyAddressValues(): AddressValues {
  return { consignee: '', phone: '', province: '', city: '', district: '', detail: '', is_default: false };
}

export function addressValuesOf(a: Address): AddressValues {
  return {
    consignee: a.consignee,
    phone: a.phone,
    province: a.province,
    city: a.city,
    district: a.district,
    detail: a.detail,
    is_default: a.is_default === 1,
  };
}

/** As the server's zod schema counts (UTF-16 units; every common Chinese character is one). */
const length = (v: string) => v.length;

function region(v: string, required: string): string | undefined {
  if (v === '') return required;
  return length(v) > ADDRESS_LIMITS.region ? ADDRESS_MESSAGES.regionTooLong : undefined;
}

/**
 * Field → message for every problem; an empty object means the address can be saved. With the
 * region lists, a 省/市/区 they do not know (an old stored value) is a problem too.
 */
export function validateAddress(values: AddressValues, regions?: Regions | null): AddressErrors {
  const v = toAddressInput(values);
  const errors: AddressErrors = {};
  if (v.consignee === '') errors.consignee = ADDRESS_MESSAGES.consigneeRequired;
  else if (length(v.consignee) > ADDRESS_LIMITS.consignee) errors.consignee = ADDRESS_MESSAGES.consigneeTooLong;
  if (v.phone === '') errors.phone = ADDRESS_MESSAGES.phoneRequired;
  else if (!isPhone(v.phone)) errors.phone = ADDRESS_MESSAGES.phone;
  const province = region(v.province, ADDRESS_MESSAGES.provinceRequired);
  if (province) errors.province = province;
  const city = region(v.city, ADDRESS_MESSAGES.cityRequired);
  if (city) errors.city = city;
  const district = region(v.district, ADDRESS_MESSAGES.districtRequired);
  if (district) errors.district = district;
  const unknown = regions ? regionError(regions, v) : null;
  if (unknown && !errors[unknown.field]) errors[unknown.field] = unknown.message;
  if (v.detail === '') errors.detail = ADDRESS_MESSAGES.detailRequired;
  else if (length(v.detail) < ADDRESS_LIMITS.detailMin || length(v.detail) > ADDRESS_LIMITS.detail) {
    errors.detail = ADDRESS_MESSAGES.detailLength;
  }
  return errors;
}

/** The trimmed values as the API takes them. */
export function toAddressInput(values: AddressValues): AddressInput {
  return {
    consignee: values.consignee.trim(),
    phone: values.phone.trim(),
    province: values.province.trim(),
    city: values.city.trim(),
    district: values.district.trim(),
    detail: values.detail.trim(),
    is_default: values.is_default ? 1 : 0,
  };
}

/** The first message the server gave per address field (422 data.errors). */
export function serverAddressErrors(fieldErrors: Record<string, string[]> | undefined): AddressErrors {
  const out: AddressErrors = {};
  for (const field of ADDRESS_FIELDS) {
    const message = fieldErrors?.[field]?.[0];
    if (message) out[field] = message;
  }
  return out;
}

/** 广东省广州市天河区体育西路 1 号 */
export function addressText(a: Pick<Address, 'province' | 'city' | 'district' | 'detail'>): string {
  // 直辖市: 北京市 北京市 → once; 省直辖县级: 湖北省 仙桃市 仙桃市 → once.
  const city = a.city === a.province ? '' : a.city;
  const district = a.district === a.city ? '' : a.district;
  return `${a.province}${city}${district}${a.detail}`;
}
