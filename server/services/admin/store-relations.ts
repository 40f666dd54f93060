// Store relations (多门店) in the console (审核): linking a store company to a head office and
// unlinking it. The shop reads `companies.parent_id` on every request (/ddgl, acting as a store:
// docs/decisions/acting-as-store.md), so a change shows to the buyer at once and a head office
// acting as a store it no longer owns stops on its next request. Only one level, as the shop
// supports: refused are linking a company to itself, a store that already has a head office, a
// cycle, a head office that is itself a store, and a company that has stores of its own.
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { companies } from '../../db/schema.ts';
import { AppError, notFound, validationError } from '../../http/envelope.ts';
import { writeAudit, type Actor } from './audit.ts';
import { COMPANY_NOT_FOUND } from './companies.ts';
import {
  STORE_LINK_CYCLE,
  STORE_LINK_HAS_HEAD,
  STORE_LINK_HAS_STORES,
  STORE_LINK_HEAD_IS_STORE,
  STORE_LINK_SELF,
  STORE_NO_HEAD,
  type StoreRelations,
} from '@domain/admin-wallet.ts';

const brief = { id: companies.id, name: companies.name, review_status: companies.reviewStatus };

export async function storeRelations(db: Db, companyId: number): Promise<StoreRelations> {
  const [row] = await db
    .select({ id: companies.id, parentId: companies.parentId })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) throw notFound(COMPANY_NOT_FOUND);
  const [head] =
    row.parentId === null ? [] : await db.select(brief).from(companies).where(eq(companies.id, row.parentId)).limit(1);
  const stores = await db
    .select(brief)
    .from(companies)
    .where(eq(companies.parentId, companyId))
    .orderBy(asc(companies.id));
  return { company_id: companyId, head: head ?? null, stores };
}

/** Is `ancestorId` above `companyId` on its chain of head offices? Walks at most a few rows. */
async function isAbove(tx: Db, ancestorId: number, companyId: number): Promise<boolean> {
  const seen = new Set<number>();
  let at: number | null = companyId;
  while (at !== null && !seen.has(at)) {
    seen.add(at);
    const [row] = await tx
      .select({ parentId: companies.parentId })
      .from(companies)
      .where(eq(companies.id, at))
      .limit(1);
    at = row?.parentId ?? null;
    if (at === ancestorId) return true;
  }
  return false;
}

export async function linkStore(
  db: Db,
  actor: Actor,
  storeId: number,
  headId: number,
  now: Date,
): Promise<StoreRelations> {
  if (storeId === headId) throw validationError({ head_id: [STORE_LINK_SELF] });
  await withTx(db, async (tx) => {
    // Both rows locked in id order, so two links racing over the same pair cannot both pass.
    const rows = await tx
      .select({ id: companies.id, parentId: companies.parentId })
      .from(companies)
      .where(inArray(companies.id, [storeId, headId]))
      .orderBy(asc(companies.id))
      .for('update');
    const store = rows.find((r) => r.id === storeId);
    const head = rows.find((r) => r.id === headId);
    if (!store) throw notFound(COMPANY_NOT_FOUND);
    if (!head) throw validationError({ head_id: ['所选总部不存在'] });
    if (store.parentId !== null) throw validationError({ head_id: [STORE_LINK_HAS_HEAD] });
    if (await isAbove(tx, storeId, headId)) throw validationError({ head_id: [STORE_LINK_CYCLE] });
    if (head.parentId !== null) throw validationError({ head_id: [STORE_LINK_HEAD_IS_STORE] });
    const [{ n }] = await tx.select({ n: count() }).from(companies).where(eq(companies.parentId, storeId));
    if (n > 0) throw validationError({ head_id: [STORE_LINK_HAS_STORES] });
    await tx.update(companies).set({ parentId: headId, updatedAt: now }).where(eq(companies.id, storeId));
    await writeAudit(
      tx,
      actor,
      {
        action: 'company.store_link',
        targetType: 'company',
        targetId: storeId,
        before: { parent_id: null },
        after: { parent_id: headId },
      },
      now,
    );
  });
  return storeRelations(db, storeId);
}

export async function unlinkStore(db: Db, actor: Actor, storeId: number, now: Date): Promise<StoreRelations> {
  await withTx(db, async (tx) => {
    const [store] = await tx
      .select({ id: companies.id, parentId: companies.parentId })
      .from(companies)
      .where(eq(companies.id, storeId))
      .for('update');
    if (!store) throw notFound(COMPANY_NOT_FOUND);
    if (store.parentId === null) throw new AppError(409, 409, STORE_NO_HEAD);
    await tx.update(companies).set({ parentId: null, updatedAt: now }).where(eq(companies.id, storeId));
    await writeAudit(
      tx,
      actor,
      {
        action: 'company.store_unlink',
        targetType: 'company',
        targetId: storeId,
        before: { parent_id: store.parentId },
        after: { parent_id: null },
      },
      now,
    );
  });
  return storeRelations(db, storeId);
}
