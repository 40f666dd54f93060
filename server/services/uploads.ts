// Uploaded documents: the type is decided by the file's first bytes, never by its name or the
// browser's Content-Type, so a renamed executable or HTML page is refused.

export { MAX_UPLOAD_BYTES } from '@domain/qualifications.ts';

export type SniffedType = 'application/pdf' | 'image/jpeg' | 'image/png';

const SIGNATURES: { mime: SniffedType; bytes: number[] }[] = [
  { mime: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

export function sniffType(head: Uint8Array): SniffedType | null {
  for (const sig of SIGNATURES) {
    if (head.length >= sig.bytes.length && sig.bytes.every((b, i) => head[i] === b)) return sig.mime;
  }
  return null;
}
