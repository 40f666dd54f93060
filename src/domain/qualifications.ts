// Qualification certificates (资质证照): their kinds, which ones a company must keep valid to buy,
// and how close to expiry one is. Wire types of GET /api/user/zizhi and GET /api/user/jyfw.

/** Certificate kinds, with the names buyers know them by (registration uses the same keys). */
export const CERTIFICATE_KINDS = {
  business_license: '营业执照',
  drug_license: '药品经营许可证',
  medical_license: '医疗机构执业许可证',
  gsp: 'GSP证书',
  medical_device: '医疗器械经营备案凭证',
  power_of_attorney: '采购委托书',
  id_card: '采购人员身份证',
} as const;
export type CertificateKind = keyof typeof CERTIFICATE_KINDS;

export const certificateName = (kind: string): string =>
  Object.hasOwn(CERTIFICATE_KINDS, kind) ? CERTIFICATE_KINDS[kind as CertificateKind] : kind;

/**
 * Certificates whose lapse stops a company from buying, by company kind: the licences that allow
 * it to trade medicines at all (the same ones registration requires).
 */
export const REQUIRED_FOR_BUYING: Record<string, readonly CertificateKind[]> = {
  pharmacy: ['business_license', 'drug_license'],
  chain: ['business_license', 'drug_license'],
  clinic: ['business_license', 'medical_license'],
  hospital: ['business_license', 'medical_license'],
  other: ['business_license'],
};

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
export function expiredRequiredCertificates(companyKind: string, certs: readonly CertificateFacts[], today: string): string[] {
  const required = REQUIRED_FOR_BUYING[companyKind] ?? REQUIRED_FOR_BUYING.other;
  const out: string[] = [];
  for (const kind of required) {
    const approved = certs.filter((c) => c.kind === kind && c.status === 'approved');
    if (approved.length === 0) continue;
    if (approved.every((c) => expiryState(today, c.expiresOn) === 'expired')) out.push(CERTIFICATE_KINDS[kind]);
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
  /** Stops buying when expired (REQUIRED_FOR_BUYING). */
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

/** Renewal form limits (the server's upload limits: PDF, JPEG, PNG up to 5 MiB). */
export const RENEWAL_MAX_BYTES = 5 * 1024 * 1024;
export const RENEWAL_ACCEPT = 'application/pdf,image/jpeg,image/png';
