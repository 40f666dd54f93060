// The company's certificates (资质证照, GET /api/user/zizhi), their files, and renewals. A renewal
// is a new pending row naming the one it replaces (replaces_id): the old one stays in force (and
// keeps counting for buying) until the operator approves the new one, which from then on is the
// certificate shown and the old row is history (docs/decisions/business-scope.md).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { companies, qualificationFiles } from '../../db/schema.ts';
import { badRequest, notFound, validationError } from '../../http/envelope.ts';
import {
  QUALIFICATION_KINDS,
  REQUIRED_FILES,
  certificateName,
  daysUntil,
  expiredRequiredCertificates,
  expiryState,
  type Certificate,
  type CertificateList,
  type CertificateRenewal,
} from '@domain/qualifications.ts';
import { renewalExpiryProblem, type RenewalFields } from '@domain/certificate-renewal.ts';
import { MAX_UPLOAD_BYTES, sniffType } from '../uploads.ts';
import { shopToday } from './entitlement.ts';
import { forgetCompanySessions } from '../../auth/session-memo.ts';

export const CERTIFICATE_NOT_FOUND = '证件不存在';

/** GET /api/user/zizhi/{id}/file: where a certificate's file is served. */
export const certificateFileUrl = (id: number): string => `/api/user/zizhi/${id}/file`;

const rowFields = {
  id: qualificationFiles.id,
  kind: qualificationFiles.kind,
  fileName: qualificationFiles.fileName,
  mime: qualificationFiles.mime,
  size: qualificationFiles.size,
  expiresOn: qualificationFiles.expiresOn,
  status: qualificationFiles.status,
  number: qualificationFiles.number,
  issuer: qualificationFiles.issuer,
  replacesId: qualificationFiles.replacesId,
  reviewNote: qualificationFiles.reviewNote,
  createdAt: qualificationFiles.createdAt,
};
interface Row {
  id: number;
  kind: string;
  fileName: string;
  mime: string;
  size: number;
  expiresOn: string | null;
  status: 'pending' | 'approved' | 'rejected';
  number: string;
  issuer: string;
  replacesId: number | null;
  reviewNote: string;
  createdAt: Date;
}

const kindOrder = Object.keys(QUALIFICATION_KINDS);
const orderOf = (kind: string) => {
  const i = kindOrder.indexOf(kind);
  return i < 0 ? kindOrder.length : i;
};

function renewalView(r: Row): CertificateRenewal {
  return {
    id: r.id,
    status: r.status === 'rejected' ? 'rejected' : 'pending',
    expires_on: r.expiresOn,
    number: r.number,
    review_note: r.reviewNote,
    file_url: certificateFileUrl(r.id),
    created_at: r.createdAt.getTime(),
  };
}

/** The certificates in force (and those still under first review), each with its latest renewal. */
export async function listCertificates(db: Db, companyId: number, now: Date): Promise<CertificateList> {
  const [company] = await db
    .select({ name: companies.name, kind: companies.kind })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!company) throw notFound(CERTIFICATE_NOT_FOUND);
  const rows: Row[] = await db
    .select(rowFields)
    .from(qualificationFiles)
    .where(eq(qualificationFiles.companyId, companyId));
  const today = shopToday(now);
  const required = new Set<string>(REQUIRED_FILES[company.kind] ?? REQUIRED_FILES.other);
  // A row an approved renewal replaces is history; a pending or refused renewal hangs under its original.
  const superseded = new Set(
    rows.filter((r) => r.replacesId !== null && r.status === 'approved').map((r) => r.replacesId),
  );
  const renewals = new Map<number, Row>();
  for (const r of rows) {
    if (r.replacesId === null || r.status === 'approved') continue;
    const prev = renewals.get(r.replacesId);
    if (!prev || prev.createdAt < r.createdAt || (prev.createdAt.getTime() === r.createdAt.getTime() && prev.id < r.id))
      renewals.set(r.replacesId, r);
  }
  const current = rows.filter((r) => !superseded.has(r.id) && (r.replacesId === null || r.status === 'approved'));
  current.sort((a, b) => orderOf(a.kind) - orderOf(b.kind) || a.id - b.id);
  const list: Certificate[] = current.map((r) => {
    const expiry = expiryState(today, r.expiresOn);
    const renewal = renewals.get(r.id);
    return {
      id: r.id,
      kind: r.kind,
      kind_name: certificateName(r.kind),
      number: r.number,
      issuer: r.issuer,
      expires_on: r.expiresOn,
      days_left: r.expiresOn === null ? null : daysUntil(today, r.expiresOn),
      expiry,
      status: r.status,
      review_note: r.reviewNote,
      required: required.has(r.kind) ? 1 : 0,
      file_name: r.fileName,
      mime: r.mime,
      size: r.size,
      file_url: certificateFileUrl(r.id),
      renewal: renewal ? renewalView(renewal) : null,
      created_at: r.createdAt.getTime(),
    };
  });
  const approved = list.filter((c) => c.status === 'approved');
  return {
    company: company.name,
    list,
    expired: approved.filter((c) => c.expiry === 'expired').length,
    expiring: approved.filter((c) => c.expiry === 'expiring').length,
    blocking: expiredRequiredCertificates(
      company.kind,
      rows.map((r) => ({ kind: r.kind, status: r.status, expiresOn: r.expiresOn })),
      today,
    ),
  };
}

export interface CertificateFile {
  fileName: string;
  mime: string;
  content: Uint8Array;
}

/** A certificate's (or renewal's) file, only for its own company: anything else is "not found". */
export async function certificateFile(db: Db, companyId: number, id: number): Promise<CertificateFile> {
  const [row] = await db
    .select({
      fileName: qualificationFiles.fileName,
      mime: qualificationFiles.mime,
      content: qualificationFiles.content,
    })
    .from(qualificationFiles)
    .where(and(eq(qualificationFiles.id, id), eq(qualificationFiles.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound(CERTIFICATE_NOT_FOUND);
  return row;
}

export interface CheckedUpload {
  fileName: string;
  mime: string;
  content: Uint8Array;
}

/** The renewal's `file` field checked by size and by its bytes (PDF, JPEG, PNG); 422 otherwise. */
export async function checkCertificateUpload(raw: unknown): Promise<CheckedUpload> {
  const file = Array.isArray(raw) ? raw[0] : raw;
  if (!(file instanceof File) || file.size === 0) throw validationError({ file: ['请上传新证件的扫描件或照片'] });
  if (file.size > MAX_UPLOAD_BYTES)
    throw validationError({ file: [`文件不能超过${MAX_UPLOAD_BYTES / 1024 / 1024}MB`] });
  const content = new Uint8Array(await file.arrayBuffer());
  const mime = sniffType(content.subarray(0, 8));
  if (!mime) throw validationError({ file: ['仅支持PDF、JPG、PNG格式'] });
  return { fileName: file.name.slice(0, 200) || 'certificate', mime, content };
}

/**
 * Files a renewal of certificate `id` for review. The certificate must be the company's and in
 * force; one renewal at a time waits for review.
 */
export async function renewCertificate(
  db: Db,
  companyId: number,
  id: number,
  fields: RenewalFields,
  file: CheckedUpload,
  now: Date,
): Promise<number> {
  const problem = renewalExpiryProblem(fields.expires_on, shopToday(now));
  if (problem) throw validationError({ expires_on: [problem] });
  const renewalId = await withTx(db, async (tx) => {
    const rows: Row[] = await tx
      .select(rowFields)
      .from(qualificationFiles)
      .where(eq(qualificationFiles.companyId, companyId));
    const target = rows.find((r) => r.id === id);
    if (!target) throw notFound(CERTIFICATE_NOT_FOUND);
    if (rows.some((r) => r.replacesId === id && r.status === 'approved'))
      throw badRequest('该证件已更新，请更新当前有效的证件');
    if (target.status !== 'approved') throw badRequest('该证件正在审核中，审核后才能更新');
    if (rows.some((r) => r.replacesId === id && r.status === 'pending'))
      throw badRequest('该证件已有更新在审核中，请等待审核结果');
    const [row] = await tx
      .insert(qualificationFiles)
      .values({
        companyId,
        kind: target.kind,
        fileName: file.fileName,
        mime: file.mime,
        size: file.content.byteLength,
        content: file.content,
        expiresOn: fields.expires_on,
        status: 'pending',
        number: fields.number,
        issuer: fields.issuer,
        replacesId: id,
        createdAt: now,
      })
      .returning({ id: qualificationFiles.id });
    return row.id;
  });
  // The certificates are part of the session's company facts (lapsed ones block buying).
  forgetCompanySessions(companyId);
  return renewalId;
}
