// Bulk price/stock update from a file (docs/decisions/console-goods.md): every row is checked
// against the catalogue and shown as a dry run; applying re-checks the file inside one
// transaction with the goods rows locked and changes nothing when any row is invalid. An applied
// import writes one audit row with its summary and one per changed goods, and fires the buyers'
// 到货/降价 alerts of every goods it touched.
import { eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { goods, goodsLadderPrices, goodsStock } from '../../../db/schema.ts';
import { validationError } from '../../../http/envelope.ts';
import { formatPrice } from '@domain/money.ts';
import {
  IMPORT_COLUMNS,
  PRICE_MAX_FEN,
  STOCK_MAX,
  yuanTextToFen,
  type ImportColumn,
  type ImportPreview,
  type ImportRowPreview,
} from '@domain/admin-goods.ts';
import { noteCatalogueChange } from '../../catalogue/changes.ts';
import { writeAudit, type Actor } from '../audit.ts';
import type { ImportTable } from './import-file.ts';

type ColumnIndex = Partial<Record<ImportColumn, number>>;

/** Which cell holds which column; Chinese or English headers, any order. */
export function mapHeader(header: string[]): ColumnIndex {
  const index: ColumnIndex = {};
  header.forEach((raw, i) => {
    const h = raw
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase();
    const col = IMPORT_COLUMNS.find((c) => c.key === h || c.header === h);
    if (col && index[col.key] === undefined) index[col.key] = i;
  });
  if (index.goods_id === undefined && index.barcode === undefined)
    throw validationError({ file: ['表头须包含“商品编号”或“条形码”列（可下载模板）'] });
  if (index.price === undefined && index.stock === undefined)
    throw validationError({ file: ['表头须包含“价格”或“库存”列（可下载模板）'] });
  return index;
}

interface ParsedRow {
  row: number;
  goodsId: number | null;
  barcode: string;
  price: number | null;
  stock: number | null;
  errors: string[];
}

function parseRow(row: number, cells: string[], index: ColumnIndex): ParsedRow {
  const cell = (k: ImportColumn) => (index[k] === undefined ? '' : (cells[index[k]] ?? '').trim());
  const out: ParsedRow = { row, goodsId: null, barcode: '', price: null, stock: null, errors: [] };
  const id = cell('goods_id');
  const barcode = cell('barcode');
  if (id !== '') {
    if (/^\d{1,9}$/.test(id)) out.goodsId = Number(id);
    else out.errors.push(`商品编号无效：${id.slice(0, 20)}`);
  } else if (barcode !== '') {
    if (/^\d{1,20}$/.test(barcode)) out.barcode = barcode;
    else out.errors.push(`条形码无效：${barcode.slice(0, 20)}`);
  } else out.errors.push('缺少商品编号或条形码');
  const price = cell('price').replace(/^[¥￥]/, '');
  if (price !== '') {
    const fen = yuanTextToFen(price);
    if (price.startsWith('-')) out.errors.push('价格不能为负数');
    else if (fen === null) out.errors.push(`价格不是有效数字：${price.slice(0, 20)}（单位元，最多两位小数）`);
    else if (fen === 0) out.errors.push('价格须大于0');
    else if (fen > PRICE_MAX_FEN) out.errors.push('价格过高');
    else out.price = fen;
  }
  const stock = cell('stock');
  if (stock !== '') {
    if (/^-\d+$/.test(stock)) out.errors.push('库存不能为负数');
    else if (!/^\d{1,9}$/.test(stock)) out.errors.push(`库存须为整数：${stock.slice(0, 20)}`);
    else if (Number(stock) > STOCK_MAX) out.errors.push('库存过大');
    else out.stock = Number(stock);
  }
  if (cell('price') === '' && stock === '' && out.errors.length === 0) out.errors.push('未填写价格或库存');
  return out;
}

interface CurrentGoods {
  id: number;
  name: string;
  barcode: string;
  basePrice: number;
  stock: number;
  topLadder: number | null;
}

/** Checks every row against the catalogue as it is in `db` (lock the rows first when applying). */
async function previewRows(db: Db, table: ImportTable, lock: boolean): Promise<ImportRowPreview[]> {
  const index = mapHeader(table.header);
  const parsed = table.rows.map((r) => parseRow(r.row, r.cells, index));
  const ids = [...new Set(parsed.flatMap((p) => (p.goodsId === null ? [] : [p.goodsId])))];
  const barcodes = [...new Set(parsed.flatMap((p) => (p.barcode ? [p.barcode] : [])))];
  const found: CurrentGoods[] = [];
  if (ids.length > 0 || barcodes.length > 0) {
    const cond = sql.join(
      [
        ids.length > 0 ? inArray(goods.id, ids) : undefined,
        barcodes.length > 0 ? inArray(goods.barcode, barcodes) : undefined,
      ].filter((c) => c !== undefined),
      sql` OR `,
    );
    const q = db
      .select({
        id: goods.id,
        name: goods.name,
        barcode: goods.barcode,
        basePrice: goods.basePrice,
        stock: goods.stock,
      })
      .from(goods)
      .where(sql`(${cond})`)
      .orderBy(goods.id);
    const rows = lock ? await q.for('update') : await q;
    const ladders =
      rows.length === 0
        ? []
        : await db
            .select({ goodsId: goodsLadderPrices.goodsId, top: max(goodsLadderPrices.price) })
            .from(goodsLadderPrices)
            .where(
              inArray(
                goodsLadderPrices.goodsId,
                rows.map((r) => r.id),
              ),
            )
            .groupBy(goodsLadderPrices.goodsId);
    const top = new Map(ladders.map((l) => [l.goodsId, l.top]));
    for (const r of rows) found.push({ ...r, topLadder: top.get(r.id) ?? null });
  }
  const byId = new Map(found.map((g) => [g.id, g]));
  const seen = new Map<number, number>();
  return parsed.map((p) => {
    const errors = [...p.errors];
    let g: CurrentGoods | undefined;
    if (p.goodsId !== null) {
      g = byId.get(p.goodsId);
      if (!g) errors.push(`商品编号不存在：${p.goodsId}`);
    } else if (p.barcode) {
      const matches = found.filter((f) => f.barcode === p.barcode);
      if (matches.length === 0) errors.push(`条形码未找到：${p.barcode}`);
      else if (matches.length > 1) errors.push(`条形码对应${matches.length}个商品，请改用商品编号`);
      else g = matches[0];
    }
    if (g) {
      const first = seen.get(g.id);
      if (first !== undefined) errors.push(`与第${first}行是同一商品（重复行）`);
      else seen.set(g.id, p.row);
      if (p.price !== null && g.topLadder !== null && p.price < g.topLadder) {
        errors.push(`价格低于该商品的阶梯价${formatPrice(g.topLadder)}，请先在编辑页调整阶梯价`);
      }
    }
    return {
      row: p.row,
      goods_id: g?.id ?? null,
      name: g?.name ?? null,
      price: g && p.price !== null ? { from: g.basePrice, to: p.price } : null,
      stock: g && p.stock !== null ? { from: g.stock, to: p.stock } : null,
      errors,
    };
  });
}

const changes = (r: ImportRowPreview) =>
  (r.price !== null && r.price.from !== r.price.to) || (r.stock !== null && r.stock.from !== r.stock.to);

function summarise(fileName: string, rows: ImportRowPreview[], applied: boolean): ImportPreview {
  return {
    file_name: fileName,
    rows,
    invalid: rows.filter((r) => r.errors.length > 0).length,
    changes: rows.filter((r) => r.errors.length === 0 && changes(r)).length,
    applied,
  };
}

export async function previewImport(db: Db, fileName: string, table: ImportTable): Promise<ImportPreview> {
  if (table.rows.length === 0) throw validationError({ file: ['文件中没有数据行'] });
  return summarise(fileName, await previewRows(db, table, false), false);
}

/** Applies the file all-or-nothing; a 422 naming the bad rows when any row is invalid. */
export async function applyImport(
  db: Db,
  actor: Actor,
  fileName: string,
  table: ImportTable,
  now: Date,
): Promise<ImportPreview> {
  if (table.rows.length === 0) throw validationError({ file: ['文件中没有数据行'] });
  return withTx(db, async (tx) => {
    const rows = await previewRows(tx, table, true);
    const result = summarise(fileName, rows, true);
    if (result.invalid > 0) {
      const errors: Record<string, string[]> = { file: [`有${result.invalid}行错误，未做任何修改`] };
      for (const r of rows) if (r.errors.length > 0) errors[`rows.${r.row}`] = r.errors;
      throw validationError(errors);
    }
    const changed = rows.filter(changes);
    // Stock and price are goods_stock's (migration 0034): written there, not through the view.
    for (const r of changed) {
      await tx
        .update(goodsStock)
        .set({
          ...(r.price ? { basePrice: r.price.to } : {}),
          ...(r.stock ? { stock: r.stock.to } : {}),
          updatedAt: now,
        })
        .where(eq(goodsStock.goodsId, r.goods_id!));
    }
    await writeAudit(
      tx,
      actor,
      {
        action: 'goods.import',
        targetType: 'goods_import',
        targetId: null,
        after: {
          file_name: fileName,
          rows: rows.length,
          changed: changed.length,
          price_changes: changed.filter((r) => r.price && r.price.from !== r.price.to).length,
          stock_changes: changed.filter((r) => r.stock && r.stock.from !== r.stock.to).length,
        },
      },
      now,
    );
    for (const r of changed) {
      await writeAudit(
        tx,
        actor,
        {
          action: 'goods.import.row',
          targetType: 'goods',
          targetId: r.goods_id,
          before: { ...(r.price ? { base_price: r.price.from } : {}), ...(r.stock ? { stock: r.stock.from } : {}) },
          after: {
            file_name: fileName,
            row: r.row,
            ...(r.price ? { base_price: r.price.to } : {}),
            ...(r.stock ? { stock: r.stock.to } : {}),
          },
        },
        now,
      );
    }
    await noteCatalogueChange(
      tx,
      changed.map((r) => r.goods_id!),
      'imported',
      now,
    );
    return result;
  });
}
