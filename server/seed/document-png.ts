// Stand-in scans for the demo's qualification files: a PNG drawn here (a certificate-like page
// with a title band, text lines and a red seal) so the console's review screen shows real image
// files without shipping binaries or needing a font. Real uploads are the buyers' own files.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

type Rgb = readonly [number, number, number];

/** A `width`×`height` page; `accent` tints the title band and frame (one colour per document kind). */
export function documentPng(width: number, height: number, accent: Rgb, seed: number): Uint8Array {
  const px = new Uint8Array(width * height * 3).fill(255);
  const put = (x: number, y: number, [r, g, b]: Rgb) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (y * width + x) * 3;
    px[i] = r;
    px[i + 1] = g;
    px[i + 2] = b;
  };
  const rect = (x0: number, y0: number, w: number, h: number, c: Rgb) => {
    for (let y = y0; y < y0 + h; y += 1) for (let x = x0; x < x0 + w; x += 1) put(x, y, c);
  };
  const ink: Rgb = [70, 70, 70];
  const seal: Rgb = [200, 30, 30];
  // Frame, title band, text lines of pseudo-random length, a seal ring bottom right.
  rect(10, 10, width - 20, 6, accent);
  rect(10, height - 16, width - 20, 6, accent);
  rect(10, 10, 6, height - 20, accent);
  rect(width - 16, 10, 6, height - 20, accent);
  rect(width / 2 - 120, 40, 240, 28, accent);
  let s = seed;
  for (let line = 0; line < 9; line += 1) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const len = 200 + (s % (width - 300));
    rect(50, 100 + line * 28, len, 8, ink);
  }
  const cx = width - 110;
  const cy = height - 90;
  for (let y = -60; y <= 60; y += 1) {
    for (let x = -60; x <= 60; x += 1) {
      const d = Math.sqrt(x * x + y * y);
      if ((d <= 55 && d >= 49) || Math.abs(x) + Math.abs(y) < 16) put(cx + x, cy + y, seal);
    }
  }
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 3 + 1)] = 0;
    Buffer.from(px.buffer, y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Uint8Array.from(
    Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())]),
  );
}
