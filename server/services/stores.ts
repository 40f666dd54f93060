// The stores a head office manages (多门店): each with the user id it signs in as — what
// POST /api/cart/copy takes as other_user_ids — and, for /ddgl, their review state, counts and the
// session's acting-as switch (docs/decisions/acting-as-store.md).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cartLines, companies, contracts, orders, sessions, users } from '../db/schema.ts';
import { notFound } from '../http/envelope.ts';
import { currentContract } from './contracts/versions.ts';
import type { StoresOverview } from '@domain/stores.ts';
import { forgetSession } from '../auth/session-memo.ts';

export interface ManagedStore {
  company_id: number;
  company: string;
  user_id: number;
  username: string;
}

/** Empty for a single pharmacy. */
export async function managedStores(db: Db, companyId: number): Promise<ManagedStore[]> {
  return db
    .select({ company_id: companies.id, company: companies.name, user_id: users.id, username: users.username })
    .from(companies)
    .innerJoin(users, and(eq(users.companyId, companies.id), eq(users.isPrimary, true), eq(users.disabled, false)))
    .where(eq(companies.parentId, companyId))
    .orderBy(asc(companies.id));
}

// ---- multi-store management (/ddgl) --------------------------------------------------------------

export const STORE_NOT_FOUND = '门店不存在';

/**
 * The head office's own store `storeId`, or 404 — for another head office's store, the member's
 * own head office (a store never acts for it), a sibling store or an unknown id alike.
 */
export async function assertOwnStore(db: Db, homeCompanyId: number, storeId: number): Promise<void> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, storeId), eq(companies.parentId, homeCompanyId)))
    .limit(1);
  if (!row) throw notFound(STORE_NOT_FOUND);
}

export async function storesOverview(
  db: Db,
  homeCompanyId: number,
  actingCompanyId: number | null,
): Promise<StoresOverview> {
  const [home] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, homeCompanyId))
    .limit(1);
  if (!home) throw notFound('企业不存在');
  const version = currentContract().version;
  const rows = await db
    .select({
      company_id: companies.id,
      company: companies.name,
      user_id: users.id,
      username: users.username,
      review_status: companies.reviewStatus,
      review_note: companies.reviewNote,
      contact: companies.contactName,
      phone: companies.contactPhone,
      province: companies.province,
      city: companies.city,
      district: companies.district,
      address: companies.address,
      signed: sql<number>`(select count(*) from ${contracts} where ${contracts.companyId} = ${companies.id} and ${contracts.version} = ${version})::int`,
      order_count: sql<number>`(select count(*) from ${orders} where ${orders.companyId} = ${companies.id})::int`,
      cart_count: sql<number>`(select count(*) from ${cartLines} where ${cartLines.companyId} = ${companies.id})::int`,
    })
    .from(companies)
    .innerJoin(users, and(eq(users.companyId, companies.id), eq(users.isPrimary, true)))
    .where(eq(companies.parentId, homeCompanyId))
    .orderBy(asc(companies.id));
  return {
    head_office: { company_id: home.id, company: home.name },
    acting_company_id: actingCompanyId,
    stores: rows.map((r) => ({
      company_id: r.company_id,
      company: r.company,
      user_id: r.user_id,
      username: r.username,
      review_status: r.review_status,
      review_note: r.review_note,
      contact: r.contact,
      phone: r.phone,
      address: `${r.province}${r.city}${r.district}${r.address}`,
      contract_signed: r.signed > 0 ? 1 : 0,
      order_count: r.order_count,
      cart_count: r.cart_count,
    })),
  };
}

/** Starts (store id) or ends (null) acting as a store for this session only. */
export async function setActingStore(db: Db, sessionId: string, storeId: number | null): Promise<void> {
  await db.update(sessions).set({ actingCompanyId: storeId }).where(eq(sessions.id, sessionId));
  // The next read acts for the new company, not for a remembered one.
  forgetSession(sessionId);
}
