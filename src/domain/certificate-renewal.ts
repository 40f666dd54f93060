// The renewal form of /zzzj (资质证照): the fields both the page and POST /api/user/zizhi/{id}/renew
// check. The file itself is checked by the server's upload rule (bytes, size); the page checks the
// same limits before sending (MAX_UPLOAD_BYTES, RENEWAL_ACCEPT in ./qualifications).
import { z } from 'zod';
import { requiredText } from './validators';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

const isRealDay = (v: string): boolean => DAY_RE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

export const renewalFieldsSchema = z.object({
  number: requiredText('请填写证书编号', 64),
  issuer: requiredText('请填写发证机关', 64),
  expires_on: z
    .string({ error: '请填写有效期至' })
    .trim()
    .min(1, { error: '请填写有效期至' })
    .refine(isRealDay, { error: '有效期至格式应为 YYYY-MM-DD' }),
});
export type RenewalFields = z.output<typeof renewalFieldsSchema>;

/** A renewal must run past today ("YYYY-MM-DD", Shanghai); its message, or null. */
export function renewalExpiryProblem(expiresOn: string, today: string): string | null {
  return expiresOn > today ? null : '新证件的有效期至须晚于今天';
}
