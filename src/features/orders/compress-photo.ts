// Phone photos are often 3-8 MB; the server caps one multipart body at 25 MiB
// (docs/api.md "After-sales"), so six originals may not fit. Larger photos are redrawn at a size
// that still shows a damaged box or a batch number clearly. Where the browser cannot decode
// (no createImageBitmap/canvas), the original is sent and the server's limit decides.
export const PHOTO_COMPRESS_ABOVE_BYTES = 1024 * 1024;
const MAX_EDGE_PX = 1920;
const JPEG_QUALITY = 0.85;

export async function compressPhoto(file: File): Promise<File> {
  if (file.size <= PHOTO_COMPRESS_ABOVE_BYTES) return file;
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_EDGE_PX / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    // JPEG has no transparency: a transparent PNG would turn black without a background.
    // colour-check: allow (canvas pixels, not a style: custom properties do not reach a canvas)
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], `${file.name.replace(/\.[^.]+$/, '')}.jpg`, {
      type: 'image/jpeg',
      lastModified: file.lastModified,
    });
  } catch {
    // An image the browser cannot decode goes up as it is; the server checks its bytes.
    return file;
  }
}

export function compressPhotos(files: readonly File[]): Promise<File[]> {
  return Promise.all(files.map(compressPhoto));
}
