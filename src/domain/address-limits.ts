// Delivery address limits and messages (/addr form and POST /api/address). zod-free, so the form's
// chunk does not load zod; the schema built on them is in address.ts.

/** A company keeps at most this many delivery addresses. */
export const ADDRESS_MAX_COUNT = 20;
export const CONSIGNEE_MAX = 20;
export const ADDRESS_DETAIL_MIN = 5;
export const ADDRESS_DETAIL_MAX = 120;
/** Region names are short (内蒙古自治区, 克孜勒苏柯尔克孜自治州); the cap only stops junk. */
export const REGION_MAX = 30;

export const ADDRESS_MESSAGES = {
  consigneeRequired: '请输入收货人姓名',
  consigneeTooLong: `收货人姓名最多${CONSIGNEE_MAX}个字符`,
  province: '请选择省份',
  city: '请选择城市',
  district: '请选择区县',
  /** A name that is not in the region data (src/domain/regions.ts), e.g. a stale or typed one. */
  provinceUnknown: '请选择正确的省份',
  cityUnknown: '请选择正确的城市',
  districtUnknown: '请选择正确的区县',
  regionTooLong: '所在地区格式错误',
  detailRequired: '请输入详细地址',
  detailLength: `详细地址为${ADDRESS_DETAIL_MIN}-${ADDRESS_DETAIL_MAX}个字符`,
  tooMany: `最多保存${ADDRESS_MAX_COUNT}个收货地址`,
} as const;
