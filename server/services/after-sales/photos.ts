// Buyer photos (after-sale evidence): checked by their bytes (JPEG, PNG, WebP; never by name or
// the browser's Content-Type), stored in the uploads table, and served only to the company that
// owns them. Checking is separate from storing so a request is refused before anything is written.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';
import { validationError } from '../../http/envelope.ts';
import { sniffType } from '../uploads.ts';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** URL of an uploaded file; the route is GET /api/upload/{id}. */
export const uploadUrl = (id: number | string): string => `/api/upload/${id}`;

/** JPEG and PNG by the shared signatures; WebP is RIFF....WEBP. */
export function sniffImage(head: Uint8Array): ImageType | null {
  const t = sniffType(head);
  if (t === 'image/jpeg' || t === 'image/png') return t;
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export interface CheckedPhoto {
  mime: ImageType;
  content: Uint8Array;
}

export interface PhotoLimits {
  maxCount: number;
  maxBytes: number;
}

/**
 * The `photos` field of a parsed body (one File, an array of them, or missing) checked against the
 * limits; throws a 422 on `field` for a wrong count, size or type.
 */
export async function checkPhotos(raw: unknown, limits: PhotoLimits, field = 'photos'): Promise<CheckedPhoto[]> {
  if (raw === undefined || raw === '') return [];
  // A form's empty file input sends an empty, unnamed part: that is "no photo", not a bad one.
  const list = (Array.isArray(raw) ? raw : [raw]).filter(
    (v) => v !== '' && !(v instanceof File && v.size === 0 && v.name === ''),
  );
  if (list.length > limits.maxCount) throw validationError({ [field]: [`最多上传${limits.maxCount}张图片`] });
  const out: CheckedPhoto[] = [];
  for (const file of list) {
    if (!(file instanceof File) || file.size === 0) throw validationError({ [field]: ['请上传图片文件'] });
    if (file.size > limits.maxBytes) {
      throw validationError({ [field]: [`单张图片不能超过${Math.floor(limits.maxBytes / 1024 / 1024)}MB`] });
    }
    const content = new Uint8Array(await file.arrayBuffer());
    const mime = sniffImage(content.subarray(0, 12));
    if (!mime) throw validationError({ [field]: ['图片仅支持JPG、PNG、WEBP格式'] });
    out.push({ mime, content });
  }
  return out;
}

/** Stores checked photos for a company (call inside the transaction that uses them); returns ids. */
export async function storePhotos(
  db: Db,
  companyId: number,
  purpose: string,
  photos: readonly CheckedPhoto[],
  now: Date,
): Promise<number[]> {
  if (photos.length === 0) return [];
  const rows = await db
    .insert(uploads)
    .values(
      photos.map((p) => ({
        companyId,
        purpose,
        mime: p.mime,
        size: p.content.byteLength,
        content: p.content,
        createdAt: now,
      })),
    )
    .returning({ id: uploads.id });
  return rows.map((r) => r.id);
}

export interface StoredUpload {
  companyId: number;
  purpose: string;
  mime: string;
  content: Uint8Array;
}

export async function loadUpload(db: Db, id: number): Promise<StoredUpload | null> {
  const [row] = await db
    .select({ companyId: uploads.companyId, purpose: uploads.purpose, mime: uploads.mime, content: uploads.content })
    .from(uploads)
    .where(eq(uploads.id, id))
    .limit(1);
  // The shop's own pictures (no company) are public elsewhere and never a company's upload here.
  if (!row || row.companyId === null) return null;
  return { ...row, companyId: row.companyId };
}
