// Who has signed which e-contract version. A company may order once it has a signature of the
// current version (server/services/checkout/company.ts answers 459 otherwise); signing records the
// version, the time, the member and the client address, one row per company and version.
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, contracts, users } from '../../db/schema.ts';
import { AppError, validationError } from '../../http/envelope.ts';
import { withTx } from '../../db/tx.ts';
import { currentContract } from './versions.ts';

export const NOT_APPROVED_SIGN_MSG = '资质审核通过后才能签署电子合同';
export const STALE_VERSION_MSG = '合同已更新，请阅读最新版本后再签署';
export const NOT_SIGNED_MSG = '尚未签署电子合同';

export type SignatureRow = typeof contracts.$inferSelect;

export async function hasSignedCurrentContract(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.companyId, companyId), eq(contracts.version, currentContract().version)))
    .limit(1);
  return row !== undefined;
}

/** The company's signature of `version`, or its latest of any version when `version` is omitted. */
export async function findSignature(db: Db, companyId: number, version?: string): Promise<SignatureRow | null> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(
      version === undefined
        ? eq(contracts.companyId, companyId)
        : and(eq(contracts.companyId, companyId), eq(contracts.version, version)),
    )
    .orderBy(desc(contracts.signedAt), desc(contracts.id))
    .limit(1);
  return row ?? null;
}

export interface SignRequest {
  companyId: number;
  userId: number;
  /** The version the page showed; a stale page must show the new text first. */
  version: string;
  ip: string;
  userAgent: string;
  now: Date;
}

/** Signs the current version for the company; signing it again keeps the first signature. */
export async function signContract(db: Db, req: SignRequest): Promise<SignatureRow> {
  const current = currentContract();
  if (req.version !== current.version) {
    throw validationError({ version: [STALE_VERSION_MSG] });
  }
  const [company] = await db
    .select({ reviewStatus: companies.reviewStatus })
    .from(companies)
    .where(eq(companies.id, req.companyId))
    .limit(1);
  if (!company || company.reviewStatus !== 'approved') throw new AppError(403, 403, NOT_APPROVED_SIGN_MSG);
  const existing = await findSignature(db, req.companyId, current.version);
  if (existing) return existing;

  const [user] = await db
    .select({ name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, req.userId))
    .limit(1);
  const signerName = user?.name || user?.username || '';
  return withTx(db, async (tx) => {
    const [row] = await tx
      .insert(contracts)
      .values({
        companyId: req.companyId,
        version: current.version,
        signedAt: req.now,
        signerName,
        userId: req.userId,
        ip: req.ip.slice(0, 100),
        userAgent: req.userAgent.slice(0, 300),
      })
      // Two tabs signing at once: the unique (company, version) index keeps one signature.
      .onConflictDoNothing()
      .returning();
    // companies.contract_signed_at stays "when the company last signed" (shown by the operator console).
    await tx
      .update(companies)
      .set({ contractSignedAt: req.now, updatedAt: req.now })
      .where(eq(companies.id, req.companyId));
    const signed = row ?? (await findSignature(tx, req.companyId, current.version));
    if (!signed) throw new Error('signContract: signature row missing after insert');
    return signed;
  });
}
