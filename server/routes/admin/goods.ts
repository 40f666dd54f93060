// /api/admin/goods: the catalogue for 运营 (and 管理员): list with search and filters, 新建商品,
// the editor (prices, ladders, rank prices, stock, limits, flags, scope class), 上架/下架 with a
// reason, deleting a never-ordered goods, batches with their inspection reports, and the bulk
// price/stock import (template, dry run, apply).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.ts';
import { ok, validationError } from '../../http/envelope.ts';
import { flagParam, objectId, pageParams, PAGE_SIZE_DEFAULT } from '../../http/params.ts';
import { readInput, readQuery } from '../../http/validate.ts';
import { allow } from './access.ts';
import { actorOf } from './actor.ts';
import { goodsFilterParams } from './goods-filters.ts';
import { CONSOLE_ACCESS } from '@domain/operator-roles.ts';
import { GOODS_SORTS, goodsEditSchema } from '@domain/admin-goods.ts';
import { MAX_UPLOAD_BYTES, sniffType } from '../../services/uploads.ts';
import { goodsCategoryOptions, listConsoleGoods } from '../../services/admin/goods/list.ts';
import { consoleGoods, GOODS_NOT_FOUND } from '../../services/admin/goods/detail.ts';
import { saveConsoleGoods } from '../../services/admin/goods/edit.ts';
import { createConsoleGoods } from '../../services/admin/goods/create.ts';
import { setGoodsSale } from '../../services/admin/goods/sale.ts';
import { deleteConsoleGoods } from '../../services/admin/goods/remove.ts';
import { goodsCreateSchema, goodsSaleSchema } from '@domain/admin-catalogue.ts';
import { addGoodsBatch, addInspectionReport, BATCH_NOT_FOUND } from '../../services/admin/goods/batches.ts';
import { readImportFile } from '../../services/admin/goods/import-file.ts';
import { applyImport, previewImport } from '../../services/admin/goods/import.ts';
import { csvTemplate, xlsxTemplate } from '../../services/admin/goods/import-template.ts';
import { checkPhotos } from '../../services/after-sales/photos.ts';
import {
  addGoodsImage,
  IMAGE_NOT_FOUND,
  removeGoodsImage,
  setMainGoodsImage,
} from '../../services/admin/goods/images.ts';
import { AFTER_SALE_PHOTO_MAX_BYTES } from '@domain/orders-after-sale.ts';

const listSchema = z.object({
  ...goodsFilterParams,
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(GOODS_SORTS, { error: '排序字段无效' }).optional()),
  order: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['asc', 'desc'], { error: '排序方向无效' }).optional()),
  ...pageParams,
});

const day = (msg: string) =>
  z
    .string({ error: msg })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: msg });
const optionalDay = (msg: string) => z.preprocess((v) => (v === '' ? undefined : v), day(msg).optional());

const batchSchema = z.object({
  batch_no: z
    .string({ error: '请填写批号' })
    .trim()
    .min(1, { error: '请填写批号' })
    .max(40, { error: '批号最多40个字' })
    .regex(/^[\w\-./]+$/, { error: '批号只能包含字母、数字和 - . /' }),
  produced_on: optionalDay('生产日期格式应为YYYY-MM-DD'),
  expires_on: day('请填写有效期至（YYYY-MM-DD）'),
});

const reportSchema = z.object({
  title: z
    .string({ error: '请填写报告名称' })
    .trim()
    .min(1, { error: '请填写报告名称' })
    .max(60, { error: '报告名称最多60个字' }),
  report_no: z.string().trim().max(60, { error: '报告编号最多60个字' }).optional(),
  issuer: z.string().trim().max(60, { error: '检验机构最多60个字' }).optional(),
  issued_on: optionalDay('检验日期格式应为YYYY-MM-DD'),
  file: z.unknown(),
});

const importSchema = z.object({
  file: z.unknown(),
  mode: z.enum(['preview', 'apply'], { error: '导入方式无效' }).optional(),
});

const goodsId = (c: Context<AppEnv>) => objectId(c.req.param('id') ?? '', GOODS_NOT_FOUND);

export const adminGoodsRoutes = new Hono<AppEnv>();

adminGoodsRoutes.get('/', allow(CONSOLE_ACCESS.goods), async (c) => {
  const q = readQuery(c, listSchema);
  return ok(
    c,
    await listConsoleGoods(c.get('deps').db, {
      q: q.q || undefined,
      category: q.category,
      onSale: q.on_sale,
      stock: q.stock,
      flag: q.flag,
      sort: q.sort ?? 'id',
      desc: (q.order ?? 'desc') === 'desc',
      page: q.page ?? 1,
      size: q.page_size ?? PAGE_SIZE_DEFAULT,
    }),
  );
});

adminGoodsRoutes.get('/categories', allow(CONSOLE_ACCESS.goods), async (c) =>
  ok(c, await goodsCategoryOptions(c.get('deps').db)),
);

adminGoodsRoutes.get('/import/template', allow(CONSOLE_ACCESS.goods), async (c) => {
  const format = c.req.query('format') === 'xlsx' ? 'xlsx' : 'csv';
  const bytes = format === 'xlsx' ? await xlsxTemplate() : csvTemplate();
  return c.body(Uint8Array.from(bytes), 200, {
    'Content-Type':
      format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="goods-import-template.${format}"; filename*=UTF-8''${encodeURIComponent(`价格库存导入模板.${format}`)}`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
});

adminGoodsRoutes.post('/import', allow(CONSOLE_ACCESS.goods), async (c) => {
  const input = readInput(c, importSchema);
  const { name, table } = await readImportFile(input.file);
  const { db, clock } = c.get('deps');
  if (input.mode !== 'apply') return ok(c, await previewImport(db, name, table));
  const result = await applyImport(db, actorOf(c), name, table, clock());
  return ok(c, result, `已导入，更新${result.changes}个商品`);
});

// 新建商品: starts off sale (上架 is the next move).
adminGoodsRoutes.post('/', allow(CONSOLE_ACCESS.goods), async (c) => {
  const input = readInput(c, goodsCreateSchema);
  const { db, clock } = c.get('deps');
  return ok(c, await createConsoleGoods(db, actorOf(c), input, clock()), '商品已创建（未上架）');
});

adminGoodsRoutes.get('/:id', allow(CONSOLE_ACCESS.goods), async (c) =>
  ok(c, await consoleGoods(c.get('deps').db, goodsId(c))),
);

adminGoodsRoutes.post('/:id', allow(CONSOLE_ACCESS.goods), async (c) => {
  const id = goodsId(c);
  const input = readInput(c, goodsEditSchema);
  const { db, clock } = c.get('deps');
  const saved = await saveConsoleGoods(db, actorOf(c), id, input, clock());
  return ok(c, saved, saved.changed.length > 0 ? '商品已保存' : '没有修改');
});

adminGoodsRoutes.post('/:id/sale', allow(CONSOLE_ACCESS.goods), async (c) => {
  const id = goodsId(c);
  const input = readInput(c, goodsSaleSchema);
  const { db, clock } = c.get('deps');
  const saved = await setGoodsSale(db, actorOf(c), id, input.on_sale, input.reason, clock());
  return ok(c, saved, saved.is_on_sale ? '商品已上架' : '商品已下架');
});

adminGoodsRoutes.post('/:id/remove', allow(CONSOLE_ACCESS.goods), async (c) => {
  const id = goodsId(c);
  const { db, clock } = c.get('deps');
  return ok(c, await deleteConsoleGoods(db, actorOf(c), id, clock()), '商品已删除');
});

adminGoodsRoutes.post('/:id/batches', allow(CONSOLE_ACCESS.goods), async (c) => {
  const id = goodsId(c);
  const input = readInput(c, batchSchema);
  if (input.produced_on && input.produced_on >= input.expires_on)
    throw validationError({ expires_on: ['有效期须晚于生产日期'] });
  const { db, clock } = c.get('deps');
  const saved = await addGoodsBatch(
    db,
    actorOf(c),
    id,
    { batchNo: input.batch_no, producedOn: input.produced_on ?? null, expiresOn: input.expires_on },
    clock(),
  );
  return ok(c, saved, '批次已添加');
});

adminGoodsRoutes.post('/:id/batches/:batchId/reports', allow(CONSOLE_ACCESS.goods), async (c) => {
  const id = goodsId(c);
  const batchId = objectId(c.req.param('batchId') ?? '', BATCH_NOT_FOUND);
  const input = readInput(c, reportSchema);
  const file = input.file;
  if (!(file instanceof File) || file.size === 0) throw validationError({ file: ['请上传检验报告文件'] });
  if (file.size > MAX_UPLOAD_BYTES)
    throw validationError({ file: [`文件不能超过${MAX_UPLOAD_BYTES / 1024 / 1024}MB`] });
  const content = new Uint8Array(await file.arrayBuffer());
  const mime = sniffType(content.subarray(0, 8));
  if (!mime) throw validationError({ file: ['检验报告仅支持PDF、JPG、PNG格式'] });
  const { db, clock } = c.get('deps');
  const saved = await addInspectionReport(
    db,
    actorOf(c),
    id,
    batchId,
    {
      title: input.title,
      reportNo: input.report_no ?? '',
      issuer: input.issuer ?? '',
      issuedOn: input.issued_on ?? null,
      fileName: file.name.slice(0, 100) || '检验报告',
      mime,
      content,
    },
    clock(),
  );
  return ok(c, saved, '检验报告已上传');
});

// Pictures: the same checks as buyers' photos (JPEG, PNG or WebP by their bytes, ≤ 5 MB).
adminGoodsRoutes.post('/:id/images', allow(CONSOLE_ACCESS.goods), async (c) => {
  const id = goodsId(c);
  const input = readInput(c, z.object({ file: z.unknown(), main: flagParam('主图参数无效') }));
  const [photo] = await checkPhotos(input.file, { maxCount: 1, maxBytes: AFTER_SALE_PHOTO_MAX_BYTES }, 'file');
  if (!photo) throw validationError({ file: ['请选择图片'] });
  const { db, clock } = c.get('deps');
  const saved = await addGoodsImage(db, actorOf(c), id, photo, input.main ?? false, clock());
  return ok(c, saved, '图片已上传');
});

adminGoodsRoutes.post('/:id/images/:imageId/main', allow(CONSOLE_ACCESS.goods), async (c) => {
  const id = goodsId(c);
  const imageId = objectId(c.req.param('imageId') ?? '', IMAGE_NOT_FOUND);
  const { db, clock } = c.get('deps');
  await setMainGoodsImage(db, actorOf(c), id, imageId, clock());
  return ok(c, { id: imageId }, '已设为主图');
});

adminGoodsRoutes.post('/:id/images/:imageId/remove', allow(CONSOLE_ACCESS.goods), async (c) => {
  const id = goodsId(c);
  const imageId = objectId(c.req.param('imageId') ?? '', IMAGE_NOT_FOUND);
  const { db, clock } = c.get('deps');
  await removeGoodsImage(db, actorOf(c), id, imageId, clock());
  return ok(c, { id: imageId }, '图片已删除');
});
