// Qualification documents (资质证照): which company kinds exist, which documents each must upload
// (and keep in date to buy), the upload limits, and how close to expiry a certificate is. One copy
// for the registration form, the certificates page (/zzzj) and the server
// (server/services/register/qualification.ts sniffs the bytes; server/services/qualifications
// answers GET /api/user/zizhi and /jyfw). Pure, no zod.

export const COMPANY_KINDS = ['pharmacy', 'chain', 'clinic', 'hospital', 'other'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];

export const COMPANY_KIND_LABELS: Record<CompanyKind, string> = {
  pharmacy: '单体药店',
  chain: '连锁药店（总部）',
  clinic: '诊所',
  hospital: '医院',
  other: '其他医疗机构',
};

/** Qualification documents a company may upload, with the names buyers know them by. */
export const QUALIFICATION_KINDS = {
  business_license: '营业执照',
  drug_license: '药品经营许可证',
  medical_license: '医疗机构执业许可证',
  gsp: 'GSP证书',
  medical_device: '医疗器械经营备案凭证',
  power_of_attorney: '采购委托书',
  id_card: '采购人员身份证',
} as const;
export type QualificationKind = keyof typeof QUALIFICATION_KINDS;

/** What a company of each kind must upload to be reviewed. */
export const REQUIRED_FILES: Record<CompanyKind, readonly QualificationKind[]> = {
  pharmacy: ['business_license', 'drug_license'],
  chain: ['business_license', 'drug_license'],
  clinic: ['business_license', 'medical_license'],
  hospital: ['business_license', 'medical_license'],
  other: ['business_license'],
};

/** The licence a kind needs besides 营业执照: pharmacies sell under a 药品经营许可证, clinics under a 医疗机构执业许可证. */
export function licenceFor(kind: CompanyKind): QualificationKind | null {
  return REQUIRED_FILES[kind].find((k) => k !== 'business_license') ?? null;
}

/** The documents the registration form offers for a kind, required ones first. */
export function documentsFor(kind: CompanyKind): QualificationKind[] {
  const licence = licenceFor(kind);
  return ['business_license', ...(licence ? [licence] : []), 'power_of_attorney', 'id_card'];
}

export const MAX_FILES_PER_KIND = 3;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** What the server accepts (it decides by the first bytes; the form checks the browser's type first). */
export const UPLOAD_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export const uploadMessages = {
  required: (label: string) => `请上传${label}`,
  type: (label: string) => `${label}仅支持PDF、JPG、PNG格式`,
  size: (label: string) => `${label}文件不能超过5MB`,
  count: (label: string) => `${label}最多上传${MAX_FILES_PER_KIND}个文件`,
};

/** The form's check of one chosen file (type as the browser reports it, size); null when fine. */
export function uploadProblem(kind: QualificationKind, file: { size: number; type: string }): string | null {
  const label = QUALIFICATION_KINDS[kind];
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return uploadMessages.type(label);
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.size(label);
  if (file.size === 0) return uploadMessages.required(label);
  return null;
}

// ---- certificates in force (GET /api/user/zizhi, /jyfw)

export const certificateName = (kind: string): string =>
  Object.hasOwn(QUALIFICATION_KINDS, kind) ? QUALIFICATION_KINDS[kind as QualificationKind] : kind;

/** Days before the valid-until day at which a certificate counts as expiring (即将过期). */
export const EXPIRING_WITHIN_DAYS = 30;

export type ExpiryState = 'valid' | 'expiring' | 'expired' | 'no_expiry';

/** Whole days from `today` to `day` (both "YYYY-MM-DD"); negative when `day` is past. */
export function daysUntil(today: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** A certificate is valid through its valid-until day and expired from the next day on. */
export function expiryState(today: string, expiresOn: string | null): ExpiryState {
  if (expiresOn === null) return 'no_expiry';
  const d = daysUntil(today, expiresOn);
  if (d < 0) return 'expired';
  return d <= EXPIRING_WITHIN_DAYS ? 'expiring' : 'valid';
}

export interface CertificateFacts {
  kind: string;
  status: 'pending' | 'approved' | 'rejected';
  expiresOn: string | null;
}

/**
 * Names of the required certificates that have lapsed: the company holds approved copies of the
 * kind and none is still in date. A pending renewal does not help until it is approved; a kind with
 * no approved copy at all is the registration review's business, not a lapse.
 */
export function expiredRequiredCertificates(
  companyKind: string,
  certs: readonly CertificateFacts[],
  today: string,
): string[] {
  // The licences registration requires are the ones whose lapse stops buying.
  const required =
    (REQUIRED_FILES as Record<string, readonly QualificationKind[] | undefined>)[companyKind] ?? REQUIRED_FILES.other;
  const out: string[] = [];
  for (const kind of required) {
    const approved = certs.filter((c) => c.kind === kind && c.status === 'approved');
    if (approved.length === 0) continue;
    if (approved.every((c) => expiryState(today, c.expiresOn) === 'expired')) out.push(QUALIFICATION_KINDS[kind]);
  }
  return out;
}

/** A renewal waiting for review, or the latest one refused, shown under the certificate it replaces. */
export interface CertificateRenewal {
  id: number;
  status: 'pending' | 'rejected';
  expires_on: string | null;
  number: string;
  review_note: string;
  /** Authorised download of the uploaded file. */
  file_url: string;
  created_at: number;
}

/** One certificate in force (GET /api/user/zizhi). */
export interface Certificate {
  id: number;
  kind: string;
  kind_name: string;
  number: string;
  issuer: string;
  /** "YYYY-MM-DD" or null when it does not expire. */
  expires_on: string | null;
  /** Days left until it expires (negative once expired); null without expiry. */
  days_left: number | null;
  expiry: ExpiryState;
  status: 'pending' | 'approved' | 'rejected';
  review_note: string;
  /** Stops buying when expired (REQUIRED_FILES). */
  required: 0 | 1;
  file_name: string;
  mime: string;
  size: number;
  /** Authorised download: GET /api/user/zizhi/{id}/file. */
  file_url: string;
  renewal: CertificateRenewal | null;
  created_at: number;
}

export interface CertificateList {
  company: string;
  list: Certificate[];
  /** How many are expired / expire within EXPIRING_WITHIN_DAYS. */
  expired: number;
  expiring: number;
  /** Names of the required certificates that block buying now. */
  blocking: string[];
}

/** GET /api/user/jyfw: the licensed scope, each class with its name, and the ones not held. */
export interface BusinessScopeView {
  company: string;
  /** 0: the review has not recorded a scope yet, and buying is not limited by class. */
  recorded: 0 | 1;
  scope: { code: string; name: string }[];
  not_covered: { code: string; name: string }[];
}
