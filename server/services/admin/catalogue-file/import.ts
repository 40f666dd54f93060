// The catalogue import (issue 32 §2, docs/decisions/catalogue-file.md): a dry run that lists what
// the file creates, changes and why rows fail, then an apply that checks the same file again and
// writes nothing unless every row is valid. The apply writes in chunks of a few hundred goods, each
// one short transaction (so on PGlite the shop's searches run between them), and stays all or
// nothing through its journal (import-run.ts): a chunk that fails rolls the whole run back. New
// codes become goods through insertGoodsRows (the one way goods rows are written); known codes get
// the columns the file changes, in one statement per chunk and table; every goods written is noted
// in the catalogue change log (kinds `created` and `imported`) in its chunk's transaction.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { auditLog } from '../../../db/schema.ts';
import { insertJson } from '../../../db/bulk-insert.ts';
import { validationError } from '../../../http/envelope.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import {
  CATALOGUE_PREVIEW_ROWS_SHOWN,
  type CatalogueImportPreview,
  type CatalogueRowPreview,
} from '@domain/catalogue-file.ts';
import { searchKeysFor } from '../../search-keys.ts';
import { insertGoodsRows, type NewGoodsRow } from '../../catalogue/write-goods.ts';
import { noteCatalogueChange } from '../../catalogue/changes.ts';
import { checkGoodsAlerts } from '../../goods-alerts/check.ts';
import { intArray } from '../../orders/stock.ts';
import { rowsOf } from '../../goods/search.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { ImportTable } from '../goods/import-file.ts';
import { COLUMN, type FileGoods } from './cells.ts';
import { fileGoodsOf } from './current.ts';
import { checkCatalogueFile, type CheckedFile, type CheckedRow } from './check.ts';
import { createMissing } from './master-data.ts';
import { yieldToEventLoop } from './event-loop.ts';
import { COLUMN_TYPES, tableColumns } from './goods-columns.ts';
import {
  beginRun,
  dropUndo,
  finishRun,
  forgetRun,
  IMPORT_CHUNK,
  IMPORT_CHUNK_NEW,
  journal,
  rollbackRun,
  runGinOn,
  type UndoRow,
} from './import-run.ts';

const pick = (g: FileGoods, keys: readonly (keyof FileGoods)[]) => Object.fromEntries(keys.map((k) => [k, g[k]]));

function rowPreview(r: CheckedRow): CatalogueRowPreview {
  return {
    row: r.row,
    external_code: r.code,
    action: r.action,
    goods_id: r.current?.id ?? null,
    name: r.next.name,
    changes: r.changes.map((k) => COLUMN.get(k)!.header),
    errors: r.errors,
  };
}

function summarise(fileName: string, checked: CheckedFile, applied: boolean): CatalogueImportPreview {
  const count = (a: CheckedRow['action']) => checked.rows.filter((r) => r.action === a).length;
  return {
    file_name: fileName,
    rows_total: checked.rows.length,
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    invalid: count(null),
    to_create: checked.toCreate,
    // Errors first, so a long file's problems are never cut off; then what it creates and changes.
    rows: [
      ...checked.rows.filter((r) => r.action === null),
      ...checked.rows.filter((r) => r.action === 'create' || r.action === 'update'),
    ]
      .slice(0, CATALOGUE_PREVIEW_ROWS_SHOWN)
      .map(rowPreview),
    applied,
  };
}

export async function previewCatalogueImport(
  db: Db,
  fileName: string,
  table: ImportTable,
  createMissingData: boolean,
): Promise<CatalogueImportPreview> {
  return summarise(fileName, await checkCatalogueFile(db, table, createMissingData, false), false);
}

/** The 422 of a file with bad rows: `rows.N` → "列：问题" for each (the first 200 rows). */
function refusal(checked: CheckedFile): never {
  const bad = checked.rows.filter((r) => r.action === null);
  const errors: Record<string, string[]> = { file: [`有${bad.length}行错误，未做任何修改`] };
  for (const r of bad.slice(0, 200))
    errors[`rows.${r.row}`] = r.errors.map((e) => (e.column ? `${e.column}：${e.message}` : e.message));
  throw validationError(errors);
}

/** Another import or 新建商品 took a new code (or a maker name) between this file's check and its write. */
export const IMPORT_RACED = '其他操作刚刚新建了本文件中的外部编码或资料，请重新预览后再导入';

/** A goods of the file went away (deleted) between the check and its chunk. */
class ImportRaced extends Error {}

export async function applyCatalogueImport(
  db: Db,
  actor: Actor,
  fileName: string,
  table: ImportTable,
  createMissingData: boolean,
  now: Date,
): Promise<CatalogueImportPreview> {
  const checked = await checkCatalogueFile(db, table, createMissingData, false);
  if (checked.rows.some((r) => r.action === null)) refusal(checked);
  const chunks = planChunks(checked);
  const { toCreate } = checked;
  const summary = (tx: Db) => writeAudit(tx, actor, summaryAudit(fileName, checked), now);
  const createsMaster = toCreate.makers.length + toCreate.brands.length + toCreate.categories.length > 0;
  if (chunks.length === 0 && !createsMaster) {
    await summary(db);
    return summarise(fileName, checked, true);
  }
  const runId = await beginRun(db, actor, fileName, now);
  try {
    if (createsMaster) await withTx(db, (tx) => createMasterData(tx, runId, actor, checked, now));
    // The GIN search indexes take the rows in one pass (gin-batch.ts), merged after the last chunk;
    // a file changing only stock and prices writes goods_stock, which has none.
    if (chunks.some((c) => c.kind === 'create' || tableColumns(c.rows[0].changes).master.length > 0))
      await runGinOn(db, runId);
    for (const chunk of chunks) {
      await withTx(db, (tx) => writeChunk(tx, runId, actor, fileName, checked, chunk, now));
      // Queued queries (a buyer's search) run here, between two short transactions.
      await yieldToEventLoop();
    }
    await finishRun(db, runId, now, async (tx) => {
      await summary(tx);
      // The buyers' 到货/降价 alerts of the updated goods, once the whole file is in (never for a
      // run that is rolled back); a new goods has none.
      await checkGoodsAlerts(
        tx,
        chunks.filter((c) => c.kind === 'update').flatMap((c) => c.rows.map((r) => r.current!.id)),
        now,
      );
    });
  } catch (err) {
    try {
      await rollbackRun(db, runId, now);
    } catch (undoErr) {
      // The run stays `applying`; the next start (or an import once it is stale) rolls it back.
      console.error(`[catalogue import] roll back of run ${runId} failed`, undoErr);
      forgetRun(db, runId);
    }
    if (err instanceof ImportRaced || isUniqueViolation(err)) throw validationError({ file: [IMPORT_RACED] });
    throw err;
  }
  await dropUndo(db, runId);
  return summarise(fileName, checked, true);
}

function summaryAudit(fileName: string, checked: CheckedFile) {
  return {
    action: 'catalogue.import',
    targetType: 'catalogue_import',
    targetId: null,
    after: {
      file_name: fileName,
      rows: checked.rows.length,
      created: checked.rows.filter((r) => r.action === 'create').length,
      updated: checked.rows.filter((r) => r.action === 'update').length,
      to_create: checked.toCreate,
    },
  };
}

/** One transaction's worth of the file: new goods, or known goods changing the same columns. */
export interface ImportChunk {
  kind: 'create' | 'update';
  rows: CheckedRow[];
}

/**
 * The file's writes in chunks of IMPORT_CHUNK goods: updates first, grouped by the columns they
 * change (one statement per table and chunk), then the new goods.
 */
export function planChunks(checked: CheckedFile): ImportChunk[] {
  const groups = new Map<string, CheckedRow[]>();
  for (const r of checked.rows) {
    if (r.action !== 'update') continue;
    const key = [...r.changes].sort().join(',');
    // Pushed, not copied: a copy per row made grouping 20,000 rows quadratic (3 s of blocked loop).
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  const out: ImportChunk[] = [];
  for (const group of groups.values())
    for (let i = 0; i < group.length; i += IMPORT_CHUNK)
      out.push({ kind: 'update', rows: group.slice(i, i + IMPORT_CHUNK) });
  const creates = checked.rows.filter((r) => r.action === 'create');
  for (let i = 0; i < creates.length; i += IMPORT_CHUNK_NEW)
    out.push({ kind: 'create', rows: creates.slice(i, i + IMPORT_CHUNK_NEW) });
  return out;
}

/** The makers, brands and categories the file needs, created and journalled (one short transaction). */
async function createMasterData(tx: Db, runId: number, actor: Actor, checked: CheckedFile, now: Date): Promise<void> {
  const { md, toCreate } = checked;
  await createMissing(tx, actor, md, toCreate, now);
  const made = (kind: UndoRow['kind'], id: number) => ({
    runId,
    kind,
    targetId: id,
    created: true,
    before: null,
    after: null,
  });
  await journal(
    tx,
    runId,
    [
      ...toCreate.makers.map((n) => made('maker', md.makers.get(n)!.id)),
      ...toCreate.brands.map((n) => made('brand', md.brands.get(n)!)),
      // Parents first, as created: the roll back deletes newest first.
      ...[...toCreate.categories]
        .sort((a, b) => a.split('/').length - b.split('/').length)
        .map((p) => made('category', md.categoriesByPath.get(p)!.id)),
    ],
    now,
  );
}

/**
 * One chunk in its transaction: the goods rows, their undo rows, their audit rows and their change
 * log entries (so caches and readers of the log see each chunk as it commits).
 */
export async function writeChunk(
  tx: Db,
  runId: number,
  actor: Actor,
  fileName: string,
  checked: CheckedFile,
  chunk: ImportChunk,
  now: Date,
): Promise<void> {
  const { md } = checked;
  let undo: UndoRow[];
  let perGoods: { id: number; before: Record<string, unknown> | null; after: Record<string, unknown> }[];
  if (chunk.kind === 'create') {
    const ids = await createGoods(tx, checked, chunk.rows, now);
    undo = ids.map((id, i) => ({
      runId,
      kind: 'goods',
      targetId: id,
      created: true,
      before: null,
      after: { external_code: chunk.rows[i].code },
    }));
    perGoods = chunk.rows.map((r, i) => ({
      id: ids[i],
      before: null,
      after: { file_name: fileName, row: r.row, external_code: r.code, created: true },
    }));
  } else {
    undo = await updateGoods(tx, runId, checked, chunk.rows, now);
    perGoods = chunk.rows.map((r) => ({
      id: r.current!.id,
      before: pick(fileGoodsOf(r.current!, md), r.changes),
      after: { file_name: fileName, row: r.row, ...pick(r.next, r.changes) },
    }));
    await noteCatalogueChange(
      tx,
      chunk.rows.map((r) => r.current!.id),
      'imported',
      now,
      { alerts: false },
    );
  }
  await journal(tx, runId, undo, now);
  // One audit row per goods written, in bulk: what a file changes of each goods stays findable.
  await insertJson(
    tx,
    auditLog,
    perGoods.map((p) => ({
      staffId: actor.staffId,
      staffName: actor.name,
      action: 'catalogue.import.row',
      targetType: 'goods',
      targetId: p.id,
      before: p.before,
      after: p.after,
      ip: actor.ip,
      requestKey: null,
      createdAt: now,
    })),
  );
}

/** New goods through insertGoodsRows (off sale, like 新建商品); answers their ids in row order. */
async function createGoods(tx: Db, checked: CheckedFile, rows: CheckedRow[], now: Date): Promise<number[]> {
  if (rows.length === 0) return [];
  const ids = rowsOf<{ id: number }>(
    await tx.execute(
      sql`SELECT nextval(pg_get_serial_sequence('goods_master', 'id'))::int AS id FROM generate_series(1, ${rows.length})`,
    ),
  ).map((r) => r.id);
  const { md } = checked;
  const goodsRows: NewGoodsRow[] = rows.map((r, i) => {
    const g = r.next;
    const id = ids[i];
    const keys = searchKeysFor(g.name);
    const maker = md.makers.get(g.manufacturer)!;
    const cat = md.categoriesByPath.get(g.category)!;
    return {
      id,
      name: g.name,
      commonName: g.common_name,
      pinyinFull: keys.pinyinFull,
      pinyinInitials: keys.pinyinInitials,
      manufacturerId: maker.id,
      sccj: g.manufacturer,
      sccjPinyinInitials: maker.initials,
      brandId: g.brand === '' ? null : md.brands.get(g.brand)!,
      categoryId: cat.id,
      categoryL1: cat.l1,
      categoryL2: cat.l2,
      warehouseId: md.warehouses.get(g.warehouse)!,
      externalCode: g.external_code,
      ypgg: g.ypgg,
      bzdw: g.bzdw,
      zbz: g.zbz,
      midPackStrict: g.mid_pack_strict,
      jzl: g.jzl,
      dosageForm: g.dosage_form,
      approvalNo: g.approval_no,
      barcode: g.barcode,
      stock: g.stock,
      basePrice: g.base_price,
      retailPrice: g.retail_price,
      ladderPriceType: 0,
      isOnSale: false,
      isFreeShipping: g.is_free_shipping,
      isDpby: g.is_dpby,
      qgNumber: g.qg_number,
      isJxq: g.is_jxq,
      scopeClass: g.scope_class,
      isKx: g.is_kx,
      isZy: g.is_zy,
      isQx: g.is_qx,
      isRx: g.is_rx,
      isEphedrine: g.is_ephedrine,
      ephedrineLimit: g.ephedrine_limit,
      purchaseLimit: g.purchase_limit,
      minBuy: g.min_buy,
      image: `/media/goods/${id}.svg`,
      images: [],
      description: '',
      createdAt: now,
      updatedAt: now,
    };
  });
  await insertGoodsRows(tx, goodsRows, [], now);
  return ids;
}

/**
 * Known goods of one chunk, all changing the same columns: their rows locked and the columns'
 * values before read (the undo rows answered), then one UPDATE … FROM json of goods_master for its
 * columns and one of goods_stock for stock and base price (a price and stock file writes only the
 * narrow table). Only changed columns are set and sent: setting the name (even to itself) makes
 * the database recompute the search grams, an unchanged indexed column keeps an update HOT
 * (goods_master has room on its pages, migration 0031), and each JSON field sent is parsed for
 * every row (sending all 37 columns cost a sixth of the statement).
 */
async function updateGoods(
  tx: Db,
  runId: number,
  checked: CheckedFile,
  rows: CheckedRow[],
  now: Date,
): Promise<UndoRow[]> {
  const { md } = checked;
  const { all: columns, master, stock } = tableColumns(rows[0].changes);
  const records = rows.map((r) => {
    const full = recordOf(r, md) as Record<string, unknown>;
    return Object.fromEntries([['id', full.id], ...columns.map((c) => [c, full[c]])]);
  });
  const ids = records.map((r) => r.id as number);
  // Locked in id order, as orders lock goods (no deadlock with a checkout on PostgreSQL).
  const before = rowsOf<{ id: number; before: Record<string, unknown> }>(
    await tx.execute(sql`
      SELECT g.id, jsonb_build_object(${sql.raw(columns.map((c) => `'${c}', g.${c}`).join(', '))}) AS before
      FROM goods g WHERE g.id = ANY(${intArray(ids)}::int[]) ORDER BY g.id FOR UPDATE`),
  );
  // Deleted since the check: the file no longer matches the catalogue.
  if (before.length !== new Set(ids).size) throw new ImportRaced();
  const beforeOf = new Map(before.map((b) => [b.id, b.before]));
  for (const [table, idColumn, written] of [
    ['goods_master', 'id', master],
    ['goods_stock', 'goods_id', stock],
  ] as const) {
    if (written.length === 0) continue;
    const set = sql.raw(
      [...written.map((c) => `${c} = r.${c}`), `updated_at = '${now.toISOString()}'::timestamptz`].join(', '),
    );
    const types = sql.raw(['id int', ...written.map((c) => `${c} ${COLUMN_TYPES[c]}`)].join(', '));
    await tx.execute(
      sql`UPDATE ${sql.raw(table)} g SET ${set} FROM json_to_recordset(${JSON.stringify(records)}::json) AS r(${types}) WHERE g.${sql.raw(idColumn)} = r.id`,
    );
  }
  return records.map(({ id, ...after }) => ({
    runId,
    kind: 'goods' as const,
    targetId: id as number,
    created: false,
    before: beforeOf.get(id as number)!,
    after,
  }));
}

function recordOf(r: CheckedRow, md: CheckedFile['md']) {
  const g = r.next;
  const keys = r.changes.includes('name') ? searchKeysFor(g.name) : null;
  // Only the changed columns are written, and a changed maker, category or warehouse was checked
  // to exist; an unchanged one may be a legacy name no master row has (then it is not written).
  const maker = md.makers.get(g.manufacturer);
  const cat = md.categoriesByPath.get(g.category);
  return {
    id: r.current!.id,
    name: g.name,
    pinyin_full: keys?.pinyinFull ?? null,
    pinyin_initials: keys?.pinyinInitials ?? null,
    common_name: g.common_name,
    ypgg: g.ypgg,
    dosage_form: g.dosage_form,
    bzdw: g.bzdw,
    zbz: g.zbz,
    mid_pack_strict: g.mid_pack_strict,
    jzl: g.jzl,
    manufacturer_id: maker?.id ?? null,
    sccj: g.manufacturer,
    sccj_pinyin_initials: maker?.initials ?? null,
    brand_id: g.brand === '' ? null : (md.brands.get(g.brand) ?? null),
    category_id: cat?.id ?? null,
    category_l1: cat?.l1 ?? null,
    category_l2: cat?.l2 ?? null,
    warehouse_id: md.warehouses.get(g.warehouse) ?? null,
    approval_no: g.approval_no,
    barcode: g.barcode,
    base_price: g.base_price,
    retail_price: g.retail_price,
    stock: g.stock,
    scope_class: g.scope_class,
    is_rx: g.is_rx,
    is_kx: g.is_kx,
    is_jxq: g.is_jxq,
    is_zy: g.is_zy,
    is_qx: g.is_qx,
    is_ephedrine: g.is_ephedrine,
    ephedrine_limit: g.ephedrine_limit,
    purchase_limit: g.purchase_limit,
    min_buy: g.min_buy,
    is_free_shipping: g.is_free_shipping,
    is_dpby: g.is_dpby,
    qg_number: g.qg_number,
  };
}
