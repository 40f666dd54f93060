// Registration documents (资质): which company kinds exist, which documents each must upload, and
// the upload limits. One copy for the registration form (checks before sending) and the server
// (server/services/register/qualification.ts, which also sniffs the bytes). Pure, no zod.

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
