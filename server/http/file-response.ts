// A stored document (certificate copy, inspection report) answered for viewing in the browser:
// inline so a PDF or image opens in a tab, private so no shared cache keeps it, sandboxed so a
// file can never run as a page of the shop.
import type { Context } from 'hono';

export interface StoredFile {
  fileName: string;
  mime: string;
  content: Uint8Array;
}

export function fileResponse(c: Context, file: StoredFile): Response {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return c.body(new Uint8Array(file.content), 200, {
    'Content-Type': file.mime,
    'Content-Length': String(file.content.byteLength),
    'Content-Disposition': `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
}
