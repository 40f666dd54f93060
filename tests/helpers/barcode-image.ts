// EAN-13 barcodes drawn from the standard tables (no image library): as an RGBA image for the
// decoder's unit test, and as a Y4M video that Chromium plays as its camera in the browser test of
// 扫码 (--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>), so the real
// decoder reads a real symbol.
import { writeFileSync } from 'node:fs';

const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const G = [
  '0100111',
  '0110011',
  '0011011',
  '0100001',
  '0011101',
  '0111001',
  '0000101',
  '0010001',
  '0001001',
  '0010111',
];
const R = L.map((p) => [...p].map((b) => (b === '1' ? '0' : '1')).join(''));
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The 95 modules of an EAN-13 symbol ('1' = bar). */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/u.test(code)) throw new Error(`not an EAN-13: ${code}`);
  const d = [...code].map(Number);
  const parity = PARITY[d[0]];
  const left = d
    .slice(1, 7)
    .map((n, i) => (parity[i] === 'L' ? L[n] : G[n]))
    .join('');
  const right = d
    .slice(7)
    .map((n) => R[n])
    .join('');
  return `101${left}01010${right}101`;
}

export const FAKE_CAMERA_ARGS = (file: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
];

/** An RGBA image (ImageData's layout) of `code`: black bars on white with the quiet zones. */
export function barcodeRgba(
  code: string,
  moduleWidth = 3,
  height = 80,
): { data: Uint8ClampedArray; width: number; height: number } {
  const modules = ean13Modules(code);
  const width = (modules.length + 22) * moduleWidth;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < height; y += 1) {
    for (let m = 0; m < modules.length; m += 1) {
      if (modules[m] !== '1') continue;
      for (let x = (m + 11) * moduleWidth; x < (m + 12) * moduleWidth; x += 1)
        data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  }
  return { data, width, height };
}

/** Writes a 640×480 Y4M (4:2:0) of `code` as black bars on white, `frames` identical frames. */
export function writeBarcodeVideo(file: string, code: string, frames = 5): void {
  const width = 640;
  const height = 480;
  const moduleWidth = 5;
  const modules = ean13Modules(code);
  const left = Math.floor((width - modules.length * moduleWidth) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 120; y < 360; y += 1) {
    for (let m = 0; m < modules.length; m += 1) {
      if (modules[m] !== '1') continue;
      luma.fill(16, y * width + left + m * moduleWidth, y * width + left + (m + 1) * moduleWidth);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
