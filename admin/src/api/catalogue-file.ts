// The whole catalogue as a file (issue 32 §2): export with the goods list's filters, the template,
// the import (dry run, apply) and pictures from a ZIP.
import { adminPostForm } from './client.ts';
import type { GoodsSearch } from './goods-search.ts';
import type { CatalogueImportPreview, PicturesImportResult } from '@domain/catalogue-file.ts';

/** The export's URL: the goods list's filters (not its sort or page), as CSV or XLSX. */
export function catalogueExportHref(format: 'csv' | 'xlsx', search: Partial<GoodsSearch> = {}): string {
  const params = new URLSearchParams({ format });
  if (search.q) params.set('q', search.q);
  if (search.category !== undefined) params.set('category', String(search.category));
  if (search.on_sale) params.set('on_sale', search.on_sale);
  if (search.stock) params.set('stock', search.stock);
  if (search.flag) params.set('flag', search.flag);
  return `/api/admin/goods/file/export?${params.toString()}`;
}

export const catalogueTemplateHref = (format: 'csv' | 'xlsx') => `/api/admin/goods/file/template?format=${format}`;

export function importCatalogueFile(file: File, mode: 'preview' | 'apply', createMissing: boolean) {
  const form = new FormData();
  form.set('file', file);
  form.set('mode', mode);
  form.set('create_missing', createMissing ? '1' : '0');
  return adminPostForm<CatalogueImportPreview>('/goods/file/import', form);
}

export function importPicturesZip(file: File) {
  const form = new FormData();
  form.set('file', file);
  return adminPostForm<PicturesImportResult>('/goods/file/pictures', form);
}
