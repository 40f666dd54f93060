// Generates the PWA icons (public/icons/*.png) and the SVG favicon from one geometry, with no
// image library: PNG chunks are written by hand and compressed with node:zlib. The output is
// deterministic, so re-running the script only changes files when the design changes.
// Run: node scripts/make-icons.mjs   (the generated files are committed)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GREEN = [0x0b, 0x8a, 0x5f]; // theme_color in vite.config.ts
const WHITE = [0xff, 0xff, 0xff];
const SAMPLES_PER_AXIS = 4; // 16 samples per pixel: smooth edges without an anti-aliasing rasteriser

/**
 * Each design is in unit coordinates (0..1). `bg` is a rounded square, `arm` is one bar of the
 * cross (the other bar is the same rotated 90°).
 * - any: transparent corners, the usual launcher look.
 * - maskable: full-bleed background; the cross stays inside the 80% safe-zone circle that
 *   Android may crop to (https://w3c.github.io/manifest/#icon-masks).
 * - apple: iOS draws its own rounded corners and shows transparency as black, so full-bleed.
 */
const DESIGNS = {
  any: { bgInset: 0.03, bgRadius: 0.2, armLength: 0.56, armWidth: 0.2, armRadius: 0.05 },
  maskable: { bgInset: 0, bgRadius: 0, armLength: 0.42, armWidth: 0.15, armRadius: 0.035 },
  apple: { bgInset: 0, bgRadius: 0, armLength: 0.52, armWidth: 0.19, armRadius: 0.045 },
};

const OUTPUTS = [
  { file: 'public/icons/icon-192.png', size: 192, design: 'any' },
  { file: 'public/icons/icon-512.png', size: 512, design: 'any' },
  { file: 'public/icons/maskable-512.png', size: 512, design: 'maskable' },
  { file: 'public/icons/apple-touch-icon-180.png', size: 180, design: 'apple' },
];

/** Signed distance from (x, y) to a rounded rectangle centred at 0.5/0.5; <= 0 means inside. */
function roundedRectDistance(x, y, halfW, halfH, radius) {
  const qx = Math.abs(x - 0.5) - (halfW - radius);
  const qy = Math.abs(y - 0.5) - (halfH - radius);
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  const inside = Math.min(Math.max(qx, qy), 0);
  return outside + inside - radius;
}

function sample(design, x, y) {
  const bgHalf = 0.5 - design.bgInset;
  if (roundedRectDistance(x, y, bgHalf, bgHalf, design.bgRadius) > 0) return null;
  const halfLen = design.armLength / 2;
  const halfWid = design.armWidth / 2;
  const inCross =
    roundedRectDistance(x, y, halfLen, halfWid, design.armRadius) <= 0 ||
    roundedRectDistance(x, y, halfWid, halfLen, design.armRadius) <= 0;
  return inCross ? WHITE : GREEN;
}

/** RGBA rows, each prefixed with PNG filter type 0 (none). */
function rasterise(size, design) {
  const stride = size * 4 + 1;
  const raw = Buffer.alloc(stride * size);
  const n = SAMPLES_PER_AXIS;
  for (let py = 0; py < size; py++) {
    raw[py * stride] = 0;
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = sample(design, (px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const o = py * stride + 1 + px * 4;
      // Samples were summed premultiplied; divide by coverage to get the straight colour.
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return raw;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[i] = c >>> 0;
  }
  return table;
})();

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([len, typeAndData, crc]);
}

function encodePng(size, raw) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  ihdr[10] = 0; // deflate
  ihdr[11] = 0; // adaptive filtering (we use filter 0 on every row)
  ihdr[12] = 0; // no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The same "any" design as an SVG (favicon: crisp at every size, ~400 bytes). */
function faviconSvg() {
  const d = DESIGNS.any;
  const s = 64;
  const f = (v) => +(v * s).toFixed(2);
  const bg = f(1 - 2 * d.bgInset);
  const lenPx = f(d.armLength);
  const widPx = f(d.armWidth);
  const hex = `#${GREEN.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${s} ${s}">`,
    `<rect x="${f(d.bgInset)}" y="${f(d.bgInset)}" width="${bg}" height="${bg}" rx="${f(d.bgRadius)}" fill="${hex}"/>`,
    `<rect x="${f(0.5 - d.armLength / 2)}" y="${f(0.5 - d.armWidth / 2)}" width="${lenPx}" height="${widPx}" rx="${f(d.armRadius)}" fill="#fff"/>`,
    `<rect x="${f(0.5 - d.armWidth / 2)}" y="${f(0.5 - d.armLength / 2)}" width="${widPx}" height="${lenPx}" rx="${f(d.armRadius)}" fill="#fff"/>`,
    '</svg>',
    '',
  ].join('\n');
}

mkdirSync(path.join(ROOT, 'public/icons'), { recursive: true });
for (const { file, size, design } of OUTPUTS) {
  const png = encodePng(size, rasterise(size, DESIGNS[design]));
  writeFileSync(path.join(ROOT, file), png);
  console.log(`${file}  ${size}x${size}  ${png.length} bytes`);
}
writeFileSync(path.join(ROOT, 'public/favicon.svg'), faviconSvg());
console.log('public/favicon.svg');
