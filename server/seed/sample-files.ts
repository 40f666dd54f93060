// Small real documents for the demo: one-page PDFs (certificate copies, inspection reports) and a
// PNG "scan", built here so the seed downloads nothing. The PDF uses the built-in Helvetica, so its
// text is ASCII (numbers, dates, the laboratory's English name); the page shows the Chinese around it.
import { deflateSync } from 'node:zlib';

const enc = new TextEncoder();

/** PDF string literal escaping. */
const lit = (s: string) => `(${s.replace(/[\\()]/g, (m) => `\\${m}`).replace(/[^\x20-\x7e]/g, '?')})`;

/** A valid one-page A4 PDF with a title and lines of text. */
export function samplePdf(title: string, lines: readonly string[]): Uint8Array {
  const text = [
    'BT /F1 20 Tf 60 770 Td',
    `${lit(title)} Tj`,
    '/F1 11 Tf 0 -36 Td 16 TL',
    ...lines.map((l) => `${lit(l)} '`),
    'ET',
    '0.75 w 50 60 495 740 re S',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${enc.encode(text).length} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(enc.encode(out).length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = enc.encode(out).length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return enc.encode(out);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(enc.encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A certificate-like PNG "scan": a pale card with a red seal and grey text bars. */
export function samplePng(width = 240, height = 160): Uint8Array {
  const raw = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const border = x < 6 || y < 6 || x >= width - 6 || y >= height - 6;
      const seal = (x - width * 0.78) ** 2 + (y - height * 0.7) ** 2 < 22 ** 2;
      const bar = x > 24 && x < width * 0.62 && y > 30 && (y - 30) % 22 < 6;
      const rgb = border ? [176, 141, 87] : seal ? [200, 40, 40] : bar ? [150, 150, 150] : [252, 248, 236];
      raw.set(rgb, y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', new Uint8Array(deflateSync(raw))),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
