// Pictures for articles and banners (POST /api/admin/content_images, multipart `file`).
import { adminPost } from './client.ts';

export function uploadContentImage(file: File): Promise<{ id: number; url: string }> {
  const form = new FormData();
  form.append('file', file);
  return adminPost<{ id: number; url: string }>('/content_images', form);
}
