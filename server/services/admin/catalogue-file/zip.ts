// Reading a ZIP of pictures without a library, refusing hostile archives before inflating anything:
// the central directory's declared sizes and entry count are checked first (the catalogue file's
// XLSX rule, goods/import-file.ts), each entry is inflated with a hard output cap equal to its
// declared size (a lying header cannot unpack more), and only stored or deflated entries are read.
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** null: larger than maxEntryBytes (not inflated). */
  content: Uint8Array | null;
}

export class ZipError extends Error {}

/** The entries of a ZIP (directories skipped), or a ZipError saying why not. */
export function readZip(
  b: Uint8Array,
  limits: { maxEntries: number; maxUnpacked: number; maxEntryBytes: number },
): ZipEntry[] {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let eocd = -1;
  for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('ZIP文件已损坏，无法读取');
  const count = view.getUint16(eocd + 10, true);
  if (count > limits.maxEntries) throw new ZipError(`ZIP中的文件不能超过${limits.maxEntries}个`);
  let at = view.getUint32(eocd + 16, true);
  const heads: { name: string; method: number; packed: number; size: number; local: number }[] = [];
  let total = 0;
  const decoder = new TextDecoder('utf-8');
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || view.getUint32(at, true) !== 0x02014b50) throw new ZipError('ZIP文件已损坏，无法读取');
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const name = decoder.decode(b.subarray(at + 46, at + 46 + nameLength));
    const local = view.getUint32(at + 42, true);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith('/')) continue;
    // 0xFFFFFFFF is a ZIP64 size: far beyond any limit here.
    if (size === 0xffffffff || packed === 0xffffffff) throw new ZipError('ZIP文件解压后过大');
    total += size;
    if (total > limits.maxUnpacked)
      throw new ZipError(`ZIP解压后不能超过${Math.floor(limits.maxUnpacked / 1024 / 1024)}MB`);
    heads.push({ name, method, packed, size, local });
  }
  return heads.map((h) => {
    if (h.size > limits.maxEntryBytes) return { name: h.name, content: null };
    if (h.local + 30 > b.length || view.getUint32(h.local, true) !== 0x04034b50)
      throw new ZipError('ZIP文件已损坏，无法读取');
    const start = h.local + 30 + view.getUint16(h.local + 26, true) + view.getUint16(h.local + 28, true);
    const data = b.subarray(start, start + h.packed);
    if (data.length !== h.packed) throw new ZipError('ZIP文件已损坏，无法读取');
    if (h.method === 0) return { name: h.name, content: data };
    if (h.method !== 8) throw new ZipError(`ZIP中的文件使用了不支持的压缩方式：${h.name.slice(0, 40)}`);
    try {
      // A header that under-declares the size fails here instead of unpacking more.
      return { name: h.name, content: new Uint8Array(inflateRawSync(data, { maxOutputLength: Math.max(1, h.size) })) };
    } catch {
      throw new ZipError(`ZIP中的文件已损坏：${h.name.slice(0, 40)}`);
    }
  });
}
