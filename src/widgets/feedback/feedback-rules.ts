// Screenshot checks before sending (the server checks the bytes again): the after-sales limits.
import { FEEDBACK_PHOTO_MAX_BYTES, FEEDBACK_PHOTOS_MAX } from '../../domain/feedback';

export const FEEDBACK_PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

export const FEEDBACK_PHOTO_MESSAGES = {
  type: '图片仅支持JPG、PNG、WEBP格式',
  size: `单张图片不能超过${Math.floor(FEEDBACK_PHOTO_MAX_BYTES / 1024 / 1024)}MB`,
  count: `最多上传${FEEDBACK_PHOTOS_MAX}张图片`,
} as const;

/** The picked files added to those kept, and a message for each one refused. */
export function addPhotos(kept: readonly File[], picked: readonly File[]): { photos: File[]; refused: string[] } {
  const photos = [...kept];
  const refused = new Set<string>();
  for (const f of picked) {
    if (!FEEDBACK_PHOTO_TYPES.includes(f.type)) refused.add(FEEDBACK_PHOTO_MESSAGES.type);
    else if (f.size > FEEDBACK_PHOTO_MAX_BYTES) refused.add(FEEDBACK_PHOTO_MESSAGES.size);
    else if (photos.length >= FEEDBACK_PHOTOS_MAX) refused.add(FEEDBACK_PHOTO_MESSAGES.count);
    else photos.push(f);
  }
  return { photos, refused: [...refused] };
}
