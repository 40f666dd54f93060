// The whole catalogue as a file (issue 32 §2; docs/api.md "Catalogue file"): export with the goods
// list's filters, the import's template, the import (dry run, then all or nothing) and pictures
// in bulk from a ZIP. Role 运营 like the goods screens.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok } from '../../http/envelope.ts';
import { flagParam } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { goodsFilterParams } from './goods-filters.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import {
  CATALOGUE_COLUMNS,
  CATALOGUE_FILE_MAX_BYTES,
  CATALOGUE_FILE_MAX_ROWS,
  CATALOGUE_XLSX_MAX_UNPACKED,
} from '@domain/catalogue-file.ts';
import { readImportFile } from '../../services/admin/goods/import-file.ts';
import { applyCatalogueImport, previewCatalogueImport } from '../../services/admin/catalogue-file/import.ts';
import { catalogueCsv, catalogueRows, catalogueXlsx } from '../../services/admin/catalogue-file/export.ts';
import { importPictures, readPicturesZip } from '../../services/admin/catalogue-file/pictures.ts';

const LIMITS = {
  maxBytes: CATALOGUE_FILE_MAX_BYTES,
  maxRows: CATALOGUE_FILE_MAX_ROWS,
  maxUnpacked: CATALOGUE_XLSX_MAX_UNPACKED,
};

const exportSchema = z.object({
  format: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['csv', 'xlsx'], { error: '导出格式无效' }).optional(),
  ),
  ...goodsFilterParams,
});

const importSchema = z.object({
  file: z.unknown(),
  mode: z.enum(['preview', 'apply'], { error: '导入方式无效' }).optional(),
  create_missing: flagParam('创建缺少的资料参数无效'),
});

const download = (bytes: Uint8Array, format: 'csv' | 'xlsx', ascii: string, name: string) =>
  [
    Uint8Array.from(bytes),
    200,
    {
      'Content-Type':
        format === 'xlsx'
          ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
          : 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${ascii}.${format}"; filename*=UTF-8''${encodeURIComponent(`${name}.${format}`)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  ] as const;

export const adminCatalogueFileRoutes = new Hono<AppEnv>();

adminCatalogueFileRoutes.get('/export', allow(CONSOLE_ACCESS.goods), async (c) => {
  const q = readQuery(c, exportSchema);
  const format = q.format ?? 'csv';
  const rows = await catalogueRows(c.get('deps').db, {
    q: q.q || undefined,
    category: q.category,
    onSale: q.on_sale,
    stock: q.stock,
    flag: q.flag,
  });
  const bytes = format === 'xlsx' ? await catalogueXlsx(rows) : catalogueCsv(rows);
  return c.body(...download(bytes, format, 'catalogue', '商品资料'));
});

adminCatalogueFileRoutes.get('/template', allow(CONSOLE_ACCESS.goods), async (c) => {
  const format = c.req.query('format') === 'xlsx' ? 'xlsx' : 'csv';
  const rows = [CATALOGUE_COLUMNS.map((col) => col.header)];
  const bytes = format === 'xlsx' ? await catalogueXlsx(rows) : catalogueCsv(rows);
  return c.body(...download(bytes, format, 'catalogue-template', '商品资料导入模板'));
});

adminCatalogueFileRoutes.post('/import', allow(CONSOLE_ACCESS.goods), async (c) => {
  const input = readInput(c, importSchema);
  const { name, table } = await readImportFile(input.file, LIMITS);
  const { db, clock } = c.get('deps');
  const createMissing = input.create_missing ?? false;
  if (input.mode !== 'apply') return ok(c, await previewCatalogueImport(db, name, table, createMissing));
  const result = await applyCatalogueImport(db, actorOf(c), name, table, createMissing, clock());
  return ok(c, result, `已导入：新建${result.created}个商品，更新${result.updated}个商品`);
});

adminCatalogueFileRoutes.post('/pictures', allow(CONSOLE_ACCESS.goods), async (c) => {
  const input = readInput(c, z.object({ file: z.unknown() }));
  const entries = await readPicturesZip(input.file);
  const { db, clock } = c.get('deps');
  const result = await importPictures(db, actorOf(c), entries, clock());
  return ok(c, result, `已为${result.goods}个商品添加${result.added}张图片`);
});
