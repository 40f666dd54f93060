// A company that has signed the current e-contract, as checkout requires (459 otherwise): the
// signature row of the current version (server/services/contracts/versions.ts) and the
// company's "last signed" time.
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { companies, contracts } from '../../server/db/schema.ts';
import { currentContract } from '../../server/services/contracts/versions.ts';

export async function signCurrentContract(db: Db, companyId: number, at: Date = new Date()): Promise<void> {
  await db
    .insert(contracts)
    .values({ companyId, version: currentContract().version, signedAt: at, signerName: '测试签署人' })
    .onConflictDoNothing();
  await db.update(companies).set({ contractSignedAt: at }).where(eq(companies.id, companyId));
}
