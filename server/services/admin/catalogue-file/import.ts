// The catalogue import (issue 32 §2, docs/decisions/catalogue-file.md): a dry run that lists what
// the file creates, changes and why rows fail, then an apply that checks the same file again
// inside one transaction with the goods locked and writes nothing unless every row is valid. New
// codes become goods through insertGoodsRows (the one way goods rows are written); known codes get
// the columns the file changes, in one statement per chunk; every goods written is noted in the
// catalogue change log (kinds `created` and `imported`) in that transaction.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { auditLog } from '../../../db/schema.ts';
import { insertJson } from '../../../db/bulk-insert.ts';
import { validationError } from '../../../http/envelope.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import {
  CATALOGUE_PREVIEW_ROWS_SHOWN,
  type CatalogueColumn,
  type CatalogueImportPreview,
  type CatalogueRowPreview,
} from '@domain/catalogue-file.ts';
import { searchKeysFor } from '../../search-keys.ts';
import { insertGoodsRows, type NewGoodsRow } from '../../catalogue/write-goods.ts';
import { noteCatalogueChange } from '../../catalogue/changes.ts';
import { rowsOf } from '../../goods/search.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { ImportTable } from '../goods/import-file.ts';
import { COLUMN, type FileGoods } from './cells.ts';
import { fileGoodsOf } from './current.ts';
import { checkCatalogueFile, type CheckedFile, type CheckedRow } from './check.ts';
import { createMissing } from './master-data.ts';
import { withGinBatched } from './gin-batch.ts';
import { yieldToEventLoop } from './event-loop.ts';

const CHUNK = 2_000;

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

export async function applyCatalogueImport(
  db: Db,
  actor: Actor,
  fileName: string,
  table: ImportTable,
  createMissingData: boolean,
  now: Date,
): Promise<CatalogueImportPreview> {
  try {
    return await applyOnce(db, actor, fileName, table, createMissingData, now);
  } catch (err) {
    if (isUniqueViolation(err)) throw validationError({ file: [IMPORT_RACED] });
    throw err;
  }
}

async function applyOnce(
  db: Db,
  actor: Actor,
  fileName: string,
  table: ImportTable,
  createMissingData: boolean,
  now: Date,
): Promise<CatalogueImportPreview> {
  return withTx(db, async (tx) => {
    const checked = await checkCatalogueFile(tx, table, createMissingData, true);
    if (checked.rows.some((r) => r.action === null)) refusal(checked);
    const { md } = checked;
    await createMissing(tx, actor, md, checked.toCreate, now);

    const creates = checked.rows.filter((r) => r.action === 'create');
    const updates = checked.rows.filter((r) => r.action === 'update');
    // The GIN search indexes take the rows in one pass (gin-batch.ts); a file changing only stock
    // and prices writes goods_stock, which has none.
    const created = creates.length === 0 ? [] : await withGinBatched(tx, () => createGoods(tx, checked, creates, now));
    if (updates.some((r) => tableColumns(r.changes).master.length > 0))
      await withGinBatched(tx, () => updateGoods(tx, checked, updates, now));
    else if (updates.length > 0) await updateGoods(tx, checked, updates, now);

    await writeAudit(
      tx,
      actor,
      {
        action: 'catalogue.import',
        targetType: 'catalogue_import',
        targetId: null,
        after: {
          file_name: fileName,
          rows: checked.rows.length,
          created: creates.length,
          updated: updates.length,
          to_create: checked.toCreate,
        },
      },
      now,
    );
    // One row per goods written, in bulk: what a file changes of each goods stays findable.
    const perGoods = [
      ...creates.map((r, i) => ({
        id: created[i],
        before: null,
        after: { file_name: fileName, row: r.row, external_code: r.code, created: true } as Record<string, unknown>,
      })),
      ...updates.map((r) => ({
        id: r.current!.id,
        before: pick(fileGoodsOf(r.current!, md), r.changes),
        after: { file_name: fileName, row: r.row, ...pick(r.next, r.changes) },
      })),
    ];
    await insertJson(
      tx,
      auditLog,
      perGoods.map((p) => ({
        staffId: actor.staffId,
        staffName: actor.name,
        action: 'catalogue.import.row',
        targetType: 'goods',
        targetId: p.id,
        before: p.before ?? null,
        after: p.after,
        ip: actor.ip,
        requestKey: null,
        createdAt: now,
      })),
    );
    await noteCatalogueChange(
      tx,
      updates.map((r) => r.current!.id),
      'imported',
      now,
    );
    return summarise(fileName, checked, true);
  });
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
  for (let i = 0; i < goodsRows.length; i += CHUNK) {
    await insertGoodsRows(tx, goodsRows.slice(i, i + CHUNK), [], now);
    await yieldToEventLoop();
  }
  return ids;
}

/** The goods columns a file column writes (the record field of the same name holds each value). */
const WRITES: Record<CatalogueColumn, readonly string[]> = {
  external_code: [],
  name: ['name', 'pinyin_full', 'pinyin_initials'],
  common_name: ['common_name'],
  ypgg: ['ypgg'],
  dosage_form: ['dosage_form'],
  bzdw: ['bzdw'],
  zbz: ['zbz'],
  mid_pack_strict: ['mid_pack_strict'],
  jzl: ['jzl'],
  manufacturer: ['manufacturer_id', 'sccj', 'sccj_pinyin_initials'],
  brand: ['brand_id'],
  category: ['category_id', 'category_l1', 'category_l2'],
  warehouse: ['warehouse_id'],
  approval_no: ['approval_no'],
  barcode: ['barcode'],
  base_price: ['base_price'],
  retail_price: ['retail_price'],
  stock: ['stock'],
  scope_class: ['scope_class'],
  is_rx: ['is_rx'],
  is_kx: ['is_kx'],
  is_jxq: ['is_jxq'],
  is_zy: ['is_zy'],
  is_qx: ['is_qx'],
  is_ephedrine: ['is_ephedrine'],
  ephedrine_limit: ['ephedrine_limit'],
  purchase_limit: ['purchase_limit'],
  min_buy: ['min_buy'],
  is_free_shipping: ['is_free_shipping'],
  is_dpby: ['is_dpby'],
  qg_number: ['qg_number'],
};

/** The SQL type of each goods column an update may write (the JSON record's field of that name). */
const COLUMN_TYPES: Record<string, string> = {
  name: 'text',
  pinyin_full: 'text',
  pinyin_initials: 'text',
  common_name: 'text',
  ypgg: 'text',
  dosage_form: 'text',
  bzdw: 'text',
  zbz: 'int',
  mid_pack_strict: 'boolean',
  jzl: 'int',
  manufacturer_id: 'int',
  sccj: 'text',
  sccj_pinyin_initials: 'text',
  brand_id: 'int',
  category_id: 'int',
  category_l1: 'int',
  category_l2: 'int',
  warehouse_id: 'int',
  approval_no: 'text',
  barcode: 'text',
  base_price: 'int',
  retail_price: 'int',
  stock: 'int',
  scope_class: 'text',
  is_rx: 'boolean',
  is_kx: 'boolean',
  is_jxq: 'boolean',
  is_zy: 'boolean',
  is_qx: 'boolean',
  is_ephedrine: 'boolean',
  ephedrine_limit: 'int',
  purchase_limit: 'int',
  min_buy: 'int',
  is_free_shipping: 'boolean',
  is_dpby: 'boolean',
  qg_number: 'int',
};

/** The columns of goods_stock (migration 0034); every other column is the master row's. */
const STOCK_COLUMNS: ReadonlySet<string> = new Set(['stock', 'base_price']);

/** The database columns a row's changed file columns write, split by the table they live in. */
function tableColumns(changes: readonly CatalogueColumn[]): { all: string[]; master: string[]; stock: string[] } {
  const all = [...new Set(changes.flatMap((k) => WRITES[k]))];
  return { all, master: all.filter((c) => !STOCK_COLUMNS.has(c)), stock: all.filter((c) => STOCK_COLUMNS.has(c)) };
}

/**
 * Known goods: the columns each row changes, one UPDATE … FROM json per group of rows changing the
 * same columns and chunk, of goods_master for its columns and of goods_stock for stock and base
 * price (a price and stock file writes only the narrow table). Only changed columns are set and
 * sent: setting the name (even to itself) makes the database recompute the search grams, an
 * unchanged indexed column keeps an update HOT (goods_master has room on its pages, migration
 * 0031), and each JSON field sent is parsed for every row (sending all 37 columns cost a sixth of
 * the statement).
 */
async function updateGoods(tx: Db, checked: CheckedFile, rows: CheckedRow[], now: Date): Promise<void> {
  const { md } = checked;
  const groups = new Map<string, CheckedRow[]>();
  for (const r of rows) {
    const key = [...r.changes].sort().join(',');
    // Pushed, not copied: a copy per row made grouping 20,000 rows quadratic (3 s of blocked loop).
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  for (const group of groups.values()) {
    const { all: columns, master, stock } = tableColumns(group[0].changes);
    const records = group.map((r) => {
      const full = recordOf(r, md) as Record<string, unknown>;
      return Object.fromEntries([['id', full.id], ...columns.map((c) => [c, full[c]])]);
    });
    for (const [table, idColumn, written] of [
      ['goods_master', 'id', master],
      ['goods_stock', 'goods_id', stock],
    ] as const) {
      if (written.length === 0) continue;
      const set = sql.raw(
        [...written.map((c) => `${c} = r.${c}`), `updated_at = '${now.toISOString()}'::timestamptz`].join(', '),
      );
      const types = sql.raw(['id int', ...written.map((c) => `${c} ${COLUMN_TYPES[c]}`)].join(', '));
      for (let i = 0; i < records.length; i += CHUNK) {
        await tx.execute(
          sql`UPDATE ${sql.raw(table)} g SET ${set} FROM json_to_recordset(${JSON.stringify(records.slice(i, i + CHUNK))}::json) AS r(${types}) WHERE g.${sql.raw(idColumn)} = r.id`,
        );
        await yieldToEventLoop();
      }
    }
  }
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
