// What a shipment says about itself — carrier, waybill number, one line's 药品追溯码 — read alike
// whether the console's warehouse ships (admin/orders.ts) or the ERP does (integration/orders.ts).
// The format of each trace code is checked by the ship move, which names the bad ones one by one.
import { z } from 'zod';
import { CARRIER_MAX, TRACKING_NO_PATTERN } from '@domain/admin-orders.ts';
import { TRACE_CODES_PER_LINE_MAX } from '@domain/trace-codes.ts';

export const carrierField = z
  .string({ error: '请填写承运商' })
  .trim()
  .min(2, { error: '请填写承运商' })
  .max(CARRIER_MAX, { error: `承运商最多${CARRIER_MAX}个字` });

export const trackingNoField = z
  .string({ error: '请填写运单号' })
  .trim()
  .regex(TRACKING_NO_PATTERN, { error: '运单号为6-32位字母、数字或 -' });

export const traceCodesField = z
  .array(z.string({ error: '追溯码无效' }).max(64, { error: '追溯码无效' }), { error: '追溯码无效' })
  .max(TRACE_CODES_PER_LINE_MAX, { error: `每个商品最多${TRACE_CODES_PER_LINE_MAX}个追溯码` });
