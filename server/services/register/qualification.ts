// Registration step 2 (and 多门店 step 2): the company's details and qualification documents,
// checked and stored, and the company put in the review queue.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { companies, qualificationFiles } from '../../db/schema.ts';
import { badRequest, notFound, validationError } from '../../http/envelope.ts';
import { assertOwns } from '../../auth/session.ts';
import { sniffType } from '../uploads.ts';
import {
  COMPANY_KINDS,
  MAX_FILES_PER_KIND,
  MAX_UPLOAD_BYTES,
  QUALIFICATION_KINDS,
  REQUIRED_FILES,
  uploadMessages,
  type QualificationKind,
} from '@domain/qualifications.ts';
import { requireHeadOffice } from './review.ts';
import { forgetCompanySessions } from '../../auth/session-memo.ts';

export { COMPANY_KINDS, QUALIFICATION_KINDS, type QualificationKind } from '@domain/qualifications.ts';
type CompanyKind = (typeof COMPANY_KINDS)[number];

/** The step 2 form, already checked field by field (files still raw: `File`s by kind). */
export interface QualificationInput {
  company_name: string;
  kind: CompanyKind;
  credit_code: string;
  legal_person: string;
  contact_name: string;
  contact_phone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  files?: Record<string, unknown>;
}

interface CheckedFile {
  kind: QualificationKind;
  fileName: string;
  mime: string;
  content: Uint8Array;
}

/** Every uploaded file checked (kind, size, sniffed type); all problems reported at once. */
async function checkFiles(input: QualificationInput): Promise<CheckedFile[]> {
  const errors: Record<string, string[]> = {};
  const out: CheckedFile[] = [];
  const given = input.files ?? {};
  for (const kind of REQUIRED_FILES[input.kind]) {
    if (given[kind] === undefined) errors[`files.${kind}`] = [uploadMessages.required(QUALIFICATION_KINDS[kind])];
  }
  for (const [kind, value] of Object.entries(given)) {
    const field = `files.${kind}`;
    if (!Object.hasOwn(QUALIFICATION_KINDS, kind)) {
      errors[field] = ['不支持的资质类型'];
      continue;
    }
    const label = QUALIFICATION_KINDS[kind as QualificationKind];
    const list = Array.isArray(value) ? value : [value];
    if (list.length > MAX_FILES_PER_KIND) {
      errors[field] = [uploadMessages.count(label)];
      continue;
    }
    for (const file of list) {
      if (!(file instanceof File) || file.size === 0) {
        errors[field] = [uploadMessages.required(label)];
        break;
      }
      if (file.size > MAX_UPLOAD_BYTES) {
        errors[field] = [uploadMessages.size(label)];
        break;
      }
      const content = new Uint8Array(await file.arrayBuffer());
      const mime = sniffType(content.subarray(0, 8));
      if (!mime) {
        errors[field] = [uploadMessages.type(label)];
        break;
      }
      out.push({ kind: kind as QualificationKind, fileName: file.name.slice(0, 200) || kind, mime, content });
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return out;
}

/** Stores the company details and files and puts the company in the review queue. */
export async function submitQualification(
  db: Db,
  companyId: number,
  input: QualificationInput,
  now: Date,
): Promise<void> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw notFound();
  if (company.reviewStatus === 'pending') throw badRequest('资质已提交，请等待审核');
  if (company.reviewStatus === 'approved') throw badRequest('资质已审核通过，无需重复提交');
  const files = await checkFiles(input);

  await withTx(db, async (tx) => {
    // A resubmission after rejection replaces the documents still waiting for review.
    await tx
      .delete(qualificationFiles)
      .where(and(eq(qualificationFiles.companyId, companyId), eq(qualificationFiles.status, 'pending')));
    if (files.length > 0) {
      await tx.insert(qualificationFiles).values(
        files.map((f) => ({
          companyId,
          kind: f.kind,
          fileName: f.fileName,
          mime: f.mime,
          size: f.content.byteLength,
          content: f.content,
          createdAt: now,
        })),
      );
    }
    await tx
      .update(companies)
      .set({
        name: input.company_name,
        // A store of a chain stays a pharmacy/clinic; only a top-level company may call itself a chain.
        kind: company.parentId !== null && input.kind === 'chain' ? 'pharmacy' : input.kind,
        creditCode: input.credit_code,
        legalPerson: input.legal_person,
        contactName: input.contact_name,
        contactPhone: input.contact_phone,
        province: input.province,
        city: input.city,
        district: input.district,
        address: input.address,
        reviewStatus: 'pending',
        reviewNote: '',
        updatedAt: now,
      })
      .where(eq(companies.id, companyId));
  });
  // Under review now (no prices): the company's sessions read their company again.
  forgetCompanySessions(companyId);
}

/** 多门店 step 2: a head office submits the documents of one of its stores (not of itself). */
export async function submitStoreQualification(
  db: Db,
  headCompanyId: number,
  storeId: number,
  input: QualificationInput,
  now: Date,
): Promise<void> {
  const { scope } = await requireHeadOffice(db, headCompanyId);
  assertOwns(scope.slice(1), storeId, '门店不存在');
  await submitQualification(db, storeId, input, now);
}
