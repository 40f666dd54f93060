// Goods master data from the ERP (issue 34 §1): a batch upserted by external code through the
// catalogue file's own check and import (services/admin/catalogue-file): the same cell rules, the
// same create-or-update by code, the same audit rows and catalogue change log. No second way of
// writing goods. Each item becomes a row of a file whose columns are the keys it sent, so a key
// left out stays as it is; items are grouped by their keys into one "file" each.
//
// Stock and base price of an existing goods are not taken from here: they move only through
// /stock and /prices, under the ERP's change sequence (docs/decisions/integration-api.md).
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goods } from '../../db/schema.ts';
import { AppError } from '../../http/envelope.ts';
import { CATALOGUE_COLUMNS, type CatalogueColumn } from '@domain/catalogue-file.ts';
import type { ItemResult } from '@domain/integration.ts';
import { checkCatalogueFile } from '../admin/catalogue-file/check.ts';
import { applyCatalogueImport } from '../admin/catalogue-file/import.ts';
import { cellOf } from '../admin/catalogue-file/cells.ts';
import type { ImportTable } from '../admin/goods/import-file.ts';
import type { Actor } from '../admin/audit.ts';

export type GoodsItem = Partial<Record<CatalogueColumn, string | number | boolean>> & { external_code: string };

const KEY_OF_HEADER = new Map<string, CatalogueColumn>(CATALOGUE_COLUMNS.map((c) => [c.header, c.key]));
const SEQUENCED: ReadonlySet<string> = new Set(['stock', 'base_price']);

interface Group {
  keys: CatalogueColumn[];
  items: { index: number; item: GoodsItem }[];
}

function tableOf(group: Group): ImportTable {
  return {
    header: group.keys,
    // The file's row number is the item's place from 1 (messages such as “与第N行外部编码重复”).
    rows: group.items.map(({ index, item }) => ({
      row: index + 1,
      cells: group.keys.map((k) => (item[k] === undefined ? '' : cellOf(k, item[k]!))),
    })),
  };
}

async function existingCodes(db: Db, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.select({ code: goods.externalCode }).from(goods).where(inArray(goods.externalCode, codes));
  return new Set(rows.map((r) => r.code));
}

async function upsertGroup(
  db: Db,
  actor: Actor,
  fileName: string,
  group: Group,
  createMissing: boolean,
  now: Date,
  results: ItemResult[],
): Promise<void> {
  const table = tableOf(group);
  const checked = await checkCatalogueFile(db, table, createMissing, false);
  const good = checked.rows.filter((r) => r.action !== null);
  for (const r of checked.rows.filter((x) => x.action === null)) {
    results.push({
      index: r.row - 1,
      code: r.code,
      status: 'failed',
      id: r.current?.id ?? null,
      errors: r.errors.map((e) => (e.column ? `${KEY_OF_HEADER.get(e.column) ?? e.column}：${e.message}` : e.message)),
    });
  }
  const writing = good.filter((r) => r.action !== 'unchanged');
  if (writing.length > 0) {
    const rowsWanted = new Set(writing.map((r) => r.row));
    await applyCatalogueImport(
      db,
      actor,
      fileName,
      { header: table.header, rows: table.rows.filter((r) => rowsWanted.has(r.row)) },
      createMissing,
      now,
    );
  }
  const ids = new Map(
    (
      await db
        .select({ id: goods.id, code: goods.externalCode })
        .from(goods)
        .where(
          inArray(
            goods.externalCode,
            good.map((r) => r.code),
          ),
        )
    ).map((g) => [g.code, g.id]),
  );
  for (const r of good) {
    results.push({
      index: r.row - 1,
      code: r.code,
      status: r.action === 'create' ? 'created' : r.action === 'update' ? 'updated' : 'unchanged',
      id: ids.get(r.code) ?? null,
      errors: [],
    });
  }
}

export async function upsertGoods(
  db: Db,
  actor: Actor,
  fileName: string,
  items: { index: number; item: GoodsItem }[],
  createMissing: boolean,
  now: Date,
): Promise<ItemResult[]> {
  const known = await existingCodes(db, [...new Set(items.map((i) => i.item.external_code))]);
  const groups = new Map<string, Group>();
  for (const entry of items) {
    const item: GoodsItem = { ...entry.item };
    if (known.has(item.external_code)) for (const k of SEQUENCED) delete item[k as CatalogueColumn];
    const keys = (Object.keys(item) as CatalogueColumn[]).filter((k) => item[k] !== undefined).sort();
    const id = keys.join(',');
    if (!groups.has(id)) groups.set(id, { keys, items: [] });
    groups.get(id)!.items.push({ index: entry.index, item });
  }
  const results: ItemResult[] = [];
  for (const group of groups.values()) {
    const mine: ItemResult[] = [];
    try {
      await upsertGroup(db, actor, fileName, group, createMissing, now, mine);
    } catch (err) {
      // Another writer took a code or changed a goods between the check and the write: check again once.
      if (!(err instanceof AppError) || err.status !== 422) throw err;
      mine.length = 0;
      await upsertGroup(db, actor, fileName, group, createMissing, now, mine);
    }
    results.push(...mine);
  }
  return results;
}
