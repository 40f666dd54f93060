// A company's delivery addresses (the address book). Exactly one is the default whenever the
// company has any: the first address becomes it, setting another moves it, deleting it promotes
// the newest remaining. Writes of one company are serialised by an advisory lock (the 20-address
// cap and the default are read-then-write), and a partial unique index (addresses_default_uq)
// backs the one-default rule in the database.
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { addresses } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/envelope.ts';
import type { Address } from '@domain/orders.ts';
import { ADDRESS_MAX_COUNT, ADDRESS_MESSAGES, type AddressFormValues } from '@domain/address.ts';

export const ADDRESS_NOT_FOUND = '收货地址不存在';
/** Advisory-lock namespace of address writes (the second key is the company id). */
const ADDRESS_LOCK_NS = 7_302;

type Row = typeof addresses.$inferSelect;

function toAddress(r: Row): Address {
  return {
    id: r.id,
    consignee: r.consignee,
    phone: r.phone,
    province: r.province,
    city: r.city,
    district: r.district,
    detail: r.detail,
    is_default: r.isDefault ? 1 : 0,
  };
}

function columns(v: AddressFormValues) {
  return {
    consignee: v.consignee,
    phone: v.phone,
    province: v.province,
    city: v.city,
    district: v.district,
    detail: v.detail,
  };
}

/** Runs `fn` in a transaction holding the company's address lock. */
function locked<T>(db: Db, companyId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  return withTx(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK_NS}, ${companyId})`);
    return fn(tx);
  });
}

/** The company's address `id` or 404 (another company's address is "not found" too). */
async function ownAddress(tx: Db, companyId: number, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound(ADDRESS_NOT_FOUND);
  return row;
}

async function makeDefault(tx: Db, companyId: number, id: number): Promise<void> {
  // Clear first: the partial unique index allows one default at any moment.
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.companyId, companyId), eq(addresses.isDefault, true), ne(addresses.id, id)));
  await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
}

/** Default first, then newest first. */
export async function listAddresses(db: Db, companyId: number): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.companyId, companyId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toAddress);
}

/** One address of the company, or null (another company's id reads as missing). */
export async function findAddress(db: Db, companyId: number, id: number): Promise<Address | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.companyId, companyId)))
    .limit(1);
  return row ? toAddress(row) : null;
}

export function createAddress(db: Db, companyId: number, input: AddressFormValues, now: Date): Promise<Address> {
  return locked(db, companyId, async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.companyId, companyId));
    if (n >= ADDRESS_MAX_COUNT) throw badRequest(ADDRESS_MESSAGES.tooMany);
    const [row] = await tx
      .insert(addresses)
      .values({ companyId, ...columns(input), isDefault: false, createdAt: now })
      .returning();
    // The first address is the default whatever the form said.
    if (n === 0 || input.is_default === 1) await makeDefault(tx, companyId, row.id);
    return toAddress(await ownAddress(tx, companyId, row.id));
  });
}

export function editAddress(db: Db, companyId: number, id: number, input: AddressFormValues): Promise<Address> {
  return locked(db, companyId, async (tx) => {
    await ownAddress(tx, companyId, id);
    await tx.update(addresses).set(columns(input)).where(eq(addresses.id, id));
    // is_default=0 never clears the default: some address must stay the default.
    if (input.is_default === 1) await makeDefault(tx, companyId, id);
    return toAddress(await ownAddress(tx, companyId, id));
  });
}

/** Deletes the address; answers the default's id afterwards (null when none is left). */
export function deleteAddress(db: Db, companyId: number, id: number): Promise<number | null> {
  return locked(db, companyId, async (tx) => {
    const row = await ownAddress(tx, companyId, id);
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (!row.isDefault) {
      const [current] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.companyId, companyId), eq(addresses.isDefault, true)));
      return current?.id ?? null;
    }
    const [newest] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.companyId, companyId))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (!newest) return null;
    await makeDefault(tx, companyId, newest.id);
    return newest.id;
  });
}

export function setDefaultAddress(db: Db, companyId: number, id: number): Promise<Address> {
  return locked(db, companyId, async (tx) => {
    await ownAddress(tx, companyId, id);
    await makeDefault(tx, companyId, id);
    return toAddress(await ownAddress(tx, companyId, id));
  });
}
