// What an after-sale application must satisfy before it is sent. The server checks the same
// things; checking here tells the buyer at once, field by field, without uploading photos first.
import type { AfterSaleKind, OrderLine } from '../../domain/orders';
import {
  AFTER_SALE_DESCRIPTION_MAX,
  AFTER_SALE_PHOTO_MAX_BYTES as PHOTO_MAX_BYTES,
  AFTER_SALE_PHOTOS_MAX,
} from '../../domain/orders-after-sale';
import type { AfterSaleInput } from '../../api/orders';
import { OTHER_REASON } from './after-sale-text';

export const AFTER_SALE_MAX_PHOTOS = AFTER_SALE_PHOTOS_MAX;
export const AFTER_SALE_PHOTO_MAX_BYTES = PHOTO_MAX_BYTES;
export const AFTER_SALE_DESCRIPTION_MAX_CHARS = AFTER_SALE_DESCRIPTION_MAX;
/** What the server accepts (it sniffs the bytes too); checked here before anything is uploaded. */
export const AFTER_SALE_PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

/** The server's own words where it has them, so a refusal reads the same from either side. */
export const AFTER_SALE_MESSAGES = {
  kind: '请选择售后类型',
  reason: '请选择售后原因',
  lines: '请选择售后商品',
  quantityInteger: '售后数量须为正整数',
  description: '请填写问题描述',
  descriptionTooLong: `问题描述最多${AFTER_SALE_DESCRIPTION_MAX}个字符`,
  photoType: '图片仅支持JPG、PNG、WEBP格式',
  photoSize: `单张图片不能超过${Math.floor(PHOTO_MAX_BYTES / 1024 / 1024)}MB`,
  photoCount: `最多上传${AFTER_SALE_PHOTOS_MAX}张图片`,
} as const;

export const remainingOf = (line: Pick<OrderLine, 'number' | 'returned_number'>): number =>
  Math.max(0, line.number - line.returned_number);

export const quantityTooHigh = (remaining: number, unit: string): string => `最多可申请${remaining}${unit || '件'}`;

export function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!AFTER_SALE_PHOTO_TYPES.includes(file.type)) return AFTER_SALE_MESSAGES.photoType;
  if (file.size > AFTER_SALE_PHOTO_MAX_BYTES) return AFTER_SALE_MESSAGES.photoSize;
  return null;
}

/** Adds what fits and explains what was left out (one message per problem, named by file). */
export function addPhotos(current: readonly File[], incoming: readonly File[]): { photos: File[]; errors: string[] } {
  const photos = [...current];
  const errors: string[] = [];
  for (const file of incoming) {
    const problem = photoProblem(file);
    if (problem) {
      errors.push(`${file.name}：${problem}`);
      continue;
    }
    if (photos.length >= AFTER_SALE_MAX_PHOTOS) {
      if (!errors.includes(AFTER_SALE_MESSAGES.photoCount)) errors.push(AFTER_SALE_MESSAGES.photoCount);
      continue;
    }
    photos.push(file);
  }
  return { photos, errors };
}

export interface AfterSaleDraft {
  kind: AfterSaleKind | '';
  reason: string;
  description: string;
  /** As typed, per order line id; '' or missing = 0. */
  quantities: Readonly<Record<number, string>>;
  photos: readonly File[];
}

export interface AfterSaleErrors {
  kind?: string;
  reason?: string;
  lines?: string;
  description?: string;
  /** Per order line id. */
  line: Record<number, string>;
}

export type AfterSaleCheck = { ok: true; input: AfterSaleInput } | { ok: false; errors: AfterSaleErrors };

export function checkAfterSale(draft: AfterSaleDraft, lines: readonly OrderLine[]): AfterSaleCheck {
  const errors: AfterSaleErrors = { line: {} };
  if (draft.kind === '') errors.kind = AFTER_SALE_MESSAGES.kind;
  if (draft.reason === '') errors.reason = AFTER_SALE_MESSAGES.reason;
  const description = draft.description.trim();
  if (description.length > AFTER_SALE_DESCRIPTION_MAX_CHARS)
    errors.description = AFTER_SALE_MESSAGES.descriptionTooLong;
  else if (draft.reason === OTHER_REASON && description === '') errors.description = AFTER_SALE_MESSAGES.description;

  const chosen: AfterSaleInput['lines'] = [];
  for (const line of lines) {
    const raw = (draft.quantities[line.id] ?? '').trim();
    if (raw === '' || raw === '0') continue;
    if (!/^\d+$/.test(raw)) {
      errors.line[line.id] = AFTER_SALE_MESSAGES.quantityInteger;
      continue;
    }
    const n = Number(raw);
    const remaining = remainingOf(line);
    if (n > remaining) {
      errors.line[line.id] = quantityTooHigh(remaining, line.bzdw);
      continue;
    }
    chosen.push({ order_line_id: line.id, number: n });
  }
  if (chosen.length === 0 && Object.keys(errors.line).length === 0) errors.lines = AFTER_SALE_MESSAGES.lines;

  const failed =
    errors.kind || errors.reason || errors.lines || errors.description || Object.keys(errors.line).length > 0;
  if (failed || draft.kind === '') return { ok: false, errors };
  return {
    ok: true,
    input: { kind: draft.kind, reason: draft.reason, description, lines: chosen, photos: [...draft.photos] },
  };
}
