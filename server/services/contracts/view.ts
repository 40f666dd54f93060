// The contract as the /dzht page and the PDF show it: a version's text with the company's
// details filled into its placeholders, and the company's signatures.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import { notFound } from '../../http/envelope.ts';
import {
  CONTRACT_PDF_PATH,
  type ContractParty,
  type ContractSignature,
  type ContractView,
} from '@domain/e-contract.ts';
import { currentContract, type ContractVersion } from './versions.ts';
import { findSignature, type SignatureRow } from './signing.ts';

/** Shown for a detail the company has not given (a store registered without a legal person …). */
const NOT_GIVEN = '（未填写）';

const given = (v: string): string => v.trim() || NOT_GIVEN;

export async function contractParty(db: Db, companyId: number): Promise<ContractParty> {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!c) throw notFound('企业不存在');
  return {
    name: c.name,
    credit_code: given(c.creditCode),
    legal_person: given(c.legalPerson),
    address: given(`${c.province}${c.city}${c.district}${c.address}`),
    contact: given(c.contactName),
    phone: given(c.contactPhone),
  };
}

export async function companyApproved(db: Db, companyId: number): Promise<boolean> {
  const [c] = await db
    .select({ s: companies.reviewStatus })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return c?.s === 'approved';
}

/** `{company}` … `{supplier}` in a clause → the parties' details. */
export function fillClause(text: string, party: ContractParty, version: ContractVersion): string {
  const values: Record<string, string> = {
    company: party.name,
    credit_code: party.credit_code,
    legal_person: party.legal_person,
    address: party.address,
    contact: party.contact,
    phone: party.phone,
    supplier: version.supplier.name,
    supplier_credit_code: version.supplier.creditCode,
    supplier_address: version.supplier.address,
  };
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export function filledSections(version: ContractVersion, party: ContractParty): ContractView['sections'] {
  return version.sections.map((s) => ({
    heading: s.heading,
    clauses: s.clauses.map((c) => fillClause(c, party, version)),
  }));
}

export const signatureOf = (row: SignatureRow): ContractSignature => ({
  version: row.version,
  signed_at: Math.floor(row.signedAt.getTime() / 1000),
  signer: row.signerName,
  ip: row.ip,
});

export async function contractView(db: Db, companyId: number): Promise<ContractView> {
  const version = currentContract();
  const [party, signed, latest, approved] = await Promise.all([
    contractParty(db, companyId),
    findSignature(db, companyId, version.version),
    findSignature(db, companyId),
    companyApproved(db, companyId),
  ]);
  return {
    version: version.version,
    title: version.title,
    supplier: version.supplier.name,
    company: party,
    sections: filledSections(version, party),
    signature: signed ? signatureOf(signed) : null,
    last_signature: latest ? signatureOf(latest) : null,
    can_sign: approved ? 1 : 0,
    pdf_url: latest ? CONTRACT_PDF_PATH : null,
  };
}
