// Goods pictures uploaded in the console: stored in `uploads` without a company (purpose
// goods_image) and served publicly at /api/goods/image/{id}; `goods.images` is the gallery and
// `goods.image` the main picture (lists, cart). A goods whose main picture goes falls back to the
// first remaining one, else to its generated picture (/media/goods/{id}.svg). Each change writes
// its audit row in its transaction. The upload row stays when a picture is removed: an order or a
// cached page may still show it.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { goods, uploads } from '../../../db/schema.ts';
import { notFound, validationError } from '../../../http/envelope.ts';
import { GOODS_IMAGES_MAX, goodsImageUrl } from '@domain/admin-goods.ts';
import type { CheckedPhoto } from '../../after-sales/photos.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { GOODS_NOT_FOUND } from './detail.ts';
import { noteCatalogueChange } from '../../catalogue/changes.ts';

export const GOODS_IMAGE_PURPOSE = 'goods_image';
export const IMAGE_NOT_FOUND = '图片不存在';

const generated = (goodsId: number) => `/media/goods/${goodsId}.svg`;

async function lockGoods(tx: Db, goodsId: number) {
  const [g] = await tx
    .select({ id: goods.id, image: goods.image, images: goods.images })
    .from(goods)
    .where(eq(goods.id, goodsId))
    .limit(1)
    .for('update');
  if (!g) throw notFound(GOODS_NOT_FOUND);
  return g;
}

async function setPictures(
  tx: Db,
  actor: Actor,
  action: string,
  goodsId: number,
  before: { image: string; images: string[] },
  after: { image: string; images: string[] },
  now: Date,
) {
  await tx.update(goods).set({ image: after.image, images: after.images, updatedAt: now }).where(eq(goods.id, goodsId));
  await writeAudit(tx, actor, { action, targetType: 'goods', targetId: goodsId, before, after }, now);
  await noteCatalogueChange(tx, [goodsId], 'pictures', now);
}

export async function addGoodsImage(
  db: Db,
  actor: Actor,
  goodsId: number,
  photo: CheckedPhoto,
  makeMain: boolean,
  now: Date,
): Promise<{ id: number; url: string }> {
  return withTx(db, async (tx) => {
    const g = await lockGoods(tx, goodsId);
    if (g.images.length >= GOODS_IMAGES_MAX) throw validationError({ file: [`每个商品最多${GOODS_IMAGES_MAX}张图片`] });
    const [row] = await tx
      .insert(uploads)
      .values({
        companyId: null,
        purpose: GOODS_IMAGE_PURPOSE,
        mime: photo.mime,
        size: photo.content.byteLength,
        content: photo.content,
        createdAt: now,
      })
      .returning({ id: uploads.id });
    const url = goodsImageUrl(row.id);
    // A goods still showing its generated picture takes its first real one as the main picture.
    const main = makeMain || g.image === '' || g.image === generated(goodsId) ? url : g.image;
    await setPictures(
      tx,
      actor,
      'goods.image.add',
      goodsId,
      { image: g.image, images: g.images },
      { image: main, images: [...g.images, url] },
      now,
    );
    return { id: row.id, url };
  });
}

export async function removeGoodsImage(
  db: Db,
  actor: Actor,
  goodsId: number,
  uploadId: number,
  now: Date,
): Promise<void> {
  await withTx(db, async (tx) => {
    const g = await lockGoods(tx, goodsId);
    const url = goodsImageUrl(uploadId);
    if (!g.images.includes(url) && g.image !== url) throw notFound(IMAGE_NOT_FOUND);
    const images = g.images.filter((u) => u !== url);
    const image = g.image === url ? (images[0] ?? generated(goodsId)) : g.image;
    await setPictures(
      tx,
      actor,
      'goods.image.remove',
      goodsId,
      { image: g.image, images: g.images },
      { image, images },
      now,
    );
  });
}

export async function setMainGoodsImage(
  db: Db,
  actor: Actor,
  goodsId: number,
  uploadId: number,
  now: Date,
): Promise<void> {
  await withTx(db, async (tx) => {
    const g = await lockGoods(tx, goodsId);
    const url = goodsImageUrl(uploadId);
    if (!g.images.includes(url)) throw notFound(IMAGE_NOT_FOUND);
    if (g.image === url) return;
    await setPictures(
      tx,
      actor,
      'goods.image.main',
      goodsId,
      { image: g.image, images: g.images },
      { image: url, images: g.images },
      now,
    );
  });
}

/** A goods picture for anyone (no company: never a buyer's upload). */
export async function loadGoodsImage(db: Db, uploadId: number): Promise<{ mime: string; content: Uint8Array } | null> {
  const [row] = await db
    .select({ mime: uploads.mime, content: uploads.content })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.purpose, GOODS_IMAGE_PURPOSE), isNull(uploads.companyId)))
    .limit(1);
  return row ?? null;
}
