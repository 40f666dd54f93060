// The e-contract (电子合同, /dzht) as GET /api/user/contract returns it: the current version's text
// with the company's details filled in, and where the company stands with signing it.

export interface ContractParty {
  name: string;
  credit_code: string;
  legal_person: string;
  address: string;
  contact: string;
  phone: string;
}

export interface ContractSignature {
  version: string;
  /** Seconds. */
  signed_at: number;
  signer: string;
  ip: string;
}

export interface ContractView {
  version: string;
  title: string;
  supplier: string;
  company: ContractParty;
  sections: { heading: string; clauses: string[] }[];
  /** The company's signature of this version; null until signed. */
  signature: ContractSignature | null;
  /** The company's latest signature of any version (an older one when a new version awaits signing). */
  last_signature: ContractSignature | null;
  /** Only an approved company signs (its details are the reviewed ones). */
  can_sign: 0 | 1;
  /** The PDF of the latest signature; null before the first. */
  pdf_url: string | null;
}

export const CONTRACT_PDF_PATH = '/api/user/contract/pdf';
