// Goods pictures in bulk (issue 32 §2): a ZIP of images named by external code (`KY000123.jpg`;
// more than one as `KY000123-2.jpg`, added in name order). Every entry is checked first — a known
// code, a JPEG/PNG/WebP by its bytes, ≤ 5 MB like a picture uploaded one by one, at most 10 per
// goods — and the ZIP is added all or nothing, in one transaction, each goods noted in the
// catalogue change log (`pictures`). A goods still showing its generated picture takes its first
// new one as the main picture, as in the editor (goods/images.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { goods, uploads } from '../../../db/schema.ts';
import { validationError } from '../../../http/envelope.ts';
import { GOODS_IMAGES_MAX, goodsImageUrl } from '@domain/admin-goods.ts';
import { AFTER_SALE_PHOTO_MAX_BYTES } from '@domain/orders-after-sale.ts';
import {
  PICTURES_ZIP_MAX_BYTES,
  PICTURES_ZIP_MAX_ENTRIES,
  PICTURES_ZIP_MAX_UNPACKED,
  type PicturesImportResult,
} from '@domain/catalogue-file.ts';
import { sniffImage, type ImageType } from '../../after-sales/photos.ts';
import { noteCatalogueChange } from '../../catalogue/changes.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { GOODS_IMAGE_PURPOSE } from '../goods/images.ts';
import { externalCodeIn } from './current.ts';
import { readZip, ZipError } from './zip.ts';

const refuse = (msg: string) => validationError({ file: [msg] });
const PICTURE_NAME = /^(.+?)\.(jpe?g|png|webp)$/i;

/** The uploaded `file` field read into its entries; 422 on `file` for anything not a sane ZIP. */
export async function readPicturesZip(file: unknown): Promise<{ name: string; content: Uint8Array | null }[]> {
  if (!(file instanceof File) || file.size === 0) throw refuse('请选择图片ZIP文件');
  if (file.size > PICTURES_ZIP_MAX_BYTES) throw refuse(`ZIP文件不能超过${PICTURES_ZIP_MAX_BYTES / 1024 / 1024}MB`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b)) throw refuse('请上传ZIP文件');
  try {
    const entries = readZip(bytes, {
      maxEntries: PICTURES_ZIP_MAX_ENTRIES,
      maxUnpacked: PICTURES_ZIP_MAX_UNPACKED,
      maxEntryBytes: AFTER_SALE_PHOTO_MAX_BYTES,
    });
    // Folders are ignored, and so are the files macOS adds (__MACOSX/, ._name, .DS_Store).
    return entries
      .map((e) => ({ name: e.name.split('/').at(-1) ?? '', content: e.content, path: e.name }))
      .filter((e) => e.name !== '' && !e.name.startsWith('.') && !e.path.startsWith('__MACOSX/'))
      .map(({ name, content }) => ({ name, content }));
  } catch (err) {
    if (err instanceof ZipError) throw refuse(err.message);
    throw err;
  }
}

interface Picture {
  name: string;
  goodsId: number;
  mime: ImageType;
  content: Uint8Array;
}

export async function importPictures(
  db: Db,
  actor: Actor,
  entries: { name: string; content: Uint8Array | null }[],
  now: Date,
): Promise<PicturesImportResult> {
  if (entries.length === 0) throw refuse('ZIP中没有图片');
  return withTx(db, async (tx) => {
    const stems = entries.map((e) => PICTURE_NAME.exec(e.name)?.[1] ?? '');
    // `CODE-2` is CODE's second picture unless CODE-2 is itself a code.
    const candidates = [...new Set(stems.flatMap((s) => [s, s.replace(/[-_]\d{1,2}$/, '')]).filter((s) => s !== ''))];
    const found =
      candidates.length === 0
        ? []
        : await tx
            .select({ id: goods.id, code: goods.externalCode, image: goods.image, images: goods.images })
            .from(goods)
            .where(externalCodeIn(candidates))
            .for('update');
    const byCode = new Map(found.map((g) => [g.code, g]));
    const errors: string[] = [];
    const pictures: Picture[] = [];
    entries
      .map((e, i) => ({ ...e, stem: stems[i] }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
      .forEach((e) => {
        if (e.stem === '') return void errors.push(`${e.name}：文件名须为“外部编码.jpg”（或 .png、.webp）`);
        const g = byCode.get(e.stem) ?? byCode.get(e.stem.replace(/[-_]\d{1,2}$/, ''));
        if (!g) return void errors.push(`${e.name}：外部编码不存在`);
        if (e.content === null)
          return void errors.push(
            `${e.name}：单张图片不能超过${Math.floor(AFTER_SALE_PHOTO_MAX_BYTES / 1024 / 1024)}MB`,
          );
        const mime = sniffImage(e.content.subarray(0, 12));
        if (!mime) return void errors.push(`${e.name}：图片仅支持JPG、PNG、WEBP格式`);
        pictures.push({ name: e.name, goodsId: g.id, mime, content: e.content });
      });
    const perGoods = new Map<number, Picture[]>();
    for (const p of pictures) perGoods.set(p.goodsId, [...(perGoods.get(p.goodsId) ?? []), p]);
    for (const g of found) {
      const adding = perGoods.get(g.id)?.length ?? 0;
      if (adding > 0 && g.images.length + adding > GOODS_IMAGES_MAX)
        errors.push(`${g.code}：每个商品最多${GOODS_IMAGES_MAX}张图片（已有${g.images.length}张）`);
    }
    if (errors.length > 0) {
      const out: Record<string, string[]> = { file: [`有${errors.length}个文件无法导入，未做任何修改`] };
      errors.slice(0, 200).forEach((m, i) => (out[`files.${i}`] = [m]));
      throw validationError(out);
    }
    for (const g of found) {
      const list = perGoods.get(g.id);
      if (!list) continue;
      const rows = await tx
        .insert(uploads)
        .values(
          list.map((p) => ({
            companyId: null,
            purpose: GOODS_IMAGE_PURPOSE,
            mime: p.mime,
            size: p.content.byteLength,
            content: p.content,
            createdAt: now,
          })),
        )
        .returning({ id: uploads.id });
      const urls = rows.map((r) => goodsImageUrl(r.id));
      const generated = g.image === '' || g.image === `/media/goods/${g.id}.svg`;
      const after = { image: generated ? urls[0] : g.image, images: [...g.images, ...urls] };
      await tx
        .update(goods)
        .set({ ...after, updatedAt: now })
        .where(sql`${goods.id} = ${g.id}`);
      await writeAudit(
        tx,
        actor,
        {
          action: 'goods.image.add',
          targetType: 'goods',
          targetId: g.id,
          before: { image: g.image, images: g.images },
          after: { ...after, files: list.map((p) => p.name) },
        },
        now,
      );
    }
    await writeAudit(
      tx,
      actor,
      {
        action: 'catalogue.pictures',
        targetType: 'catalogue_import',
        targetId: null,
        after: { pictures: pictures.length, goods: perGoods.size },
      },
      now,
    );
    await noteCatalogueChange(tx, [...perGoods.keys()], 'pictures', now);
    return { added: pictures.length, goods: perGoods.size };
  });
}
