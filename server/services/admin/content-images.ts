// Pictures for articles and banners, uploaded by 运营 (issue 18 part C): checked by their bytes
// (JPEG, PNG, WebP, like the buyers' photos), stored in content_images, public by id. The upload
// writes its audit row in the same transaction.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { contentImages } from '../../db/schema.ts';
import { checkPhotos } from '../after-sales/photos.ts';
import { validationError } from '../../http/envelope.ts';
import { contentImageUrl } from '@domain/article-html.ts';
import { writeAudit, type Actor } from './audit.ts';

/** 5 MiB: a banner or an article picture, not a scan. */
const MAX_BYTES = 5 * 1024 * 1024;

export async function uploadContentImage(
  db: Db,
  actor: Actor,
  file: unknown,
  now: Date,
): Promise<{ id: number; url: string }> {
  const [photo] = await checkPhotos(file, { maxCount: 1, maxBytes: MAX_BYTES }, 'file');
  if (!photo) throw validationError({ file: ['请选择图片'] });
  return withTx(db, async (tx) => {
    const [row] = await tx
      .insert(contentImages)
      .values({
        mime: photo.mime,
        size: photo.content.byteLength,
        content: photo.content,
        staffId: actor.staffId,
        createdAt: now,
      })
      .returning({ id: contentImages.id });
    await writeAudit(
      tx,
      actor,
      {
        action: 'content_image.upload',
        targetType: 'content_image',
        targetId: row.id,
        after: { mime: photo.mime, size: photo.content.byteLength },
      },
      now,
    );
    return { id: row.id, url: contentImageUrl(row.id) };
  });
}

export async function readContentImage(db: Db, id: number): Promise<{ mime: string; content: Uint8Array } | null> {
  const [row] = await db
    .select({ mime: contentImages.mime, content: contentImages.content })
    .from(contentImages)
    .where(eq(contentImages.id, id))
    .limit(1);
  return row ?? null;
}
