// The renewal form's checks before anything is sent: the shared field rules
// (domain/certificate-renewal.ts), a valid-until day after today, and the server's upload limits
// for the file. Pure, so the component test can feed it values.
import { renewalExpiryProblem, renewalFieldsSchema, type RenewalFields } from '../../domain/certificate-renewal';
import { MAX_UPLOAD_BYTES } from '../../domain/qualifications';

export interface RenewalValues {
  number: string;
  issuer: string;
  expires_on: string;
  file: File | null;
}

export type RenewalErrors = Partial<Record<keyof RenewalValues, string>>;

const ACCEPTED = new Set(['application/pdf', 'image/jpeg', 'image/png']);

export type RenewalCheck = { ok: true; fields: RenewalFields; file: File } | { ok: false; errors: RenewalErrors };

export function checkRenewal(v: RenewalValues, today: string): RenewalCheck {
  const errors: RenewalErrors = {};
  const parsed = renewalFieldsSchema.safeParse({ number: v.number, issuer: v.issuer, expires_on: v.expires_on });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]) as keyof RenewalValues;
      errors[key] ??= issue.message;
    }
  } else {
    const late = renewalExpiryProblem(parsed.data.expires_on, today);
    if (late) errors.expires_on = late;
  }
  if (!v.file) errors.file = '请上传新证件的扫描件或照片';
  else if (v.file.size > MAX_UPLOAD_BYTES) errors.file = `文件不能超过${MAX_UPLOAD_BYTES / 1024 / 1024}MB`;
  else if (v.file.type !== '' && !ACCEPTED.has(v.file.type)) errors.file = '仅支持PDF、JPG、PNG格式';
  if (Object.keys(errors).length > 0 || !parsed.success || !v.file) return { ok: false, errors };
  return { ok: true, fields: parsed.data, file: v.file };
}

/** First server message per field of a 422, for the fields this form has. */
export function serverRenewalErrors(fieldErrors: Record<string, string[]> | undefined): RenewalErrors {
  const out: RenewalErrors = {};
  for (const key of ['number', 'issuer', 'expires_on', 'file'] as const) {
    const msg = fieldErrors?.[key]?.[0];
    if (msg) out[key] = msg;
  }
  return out;
}
