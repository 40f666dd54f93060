// One frame of the camera → the barcode on it, or null. Only the 1D readers a medicine box needs
// (EAN-13/8, UPC-A/E through the UPC/EAN reader; Code128), imported from @zxing/library's ES
// modules one by one: through @zxing/browser or the library's index the whole library (QR, PDF417,
// Aztec, DataMatrix, the encoders) comes along, ~480 KB for a chunk whose budget is 40 KiB gzip.
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import Code128Reader from '@zxing/library/esm/core/oned/Code128Reader';
import MultiFormatUPCEANReader from '@zxing/library/esm/core/oned/MultiFormatUPCEANReader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';

const readers = [new MultiFormatUPCEANReader(), new Code128Reader()];

/** Grey levels of an RGBA image (ImageData's layout), as the decoder reads them. */
export function luminanceOf(rgba: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < out.length; i += 1, p += 4)
    out[i] = (rgba[p] * 77 + rgba[p + 1] * 150 + rgba[p + 2] * 29) >> 8;
  return out;
}

/** The code on an image, trying each reader; null when none finds one. */
export function decodeImage(rgba: Uint8ClampedArray, width: number, height: number): string | null {
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(luminanceOf(rgba, width, height), width, height)),
  );
  for (const reader of readers) {
    try {
      return reader.decode(bitmap).getText();
    } catch {
      // NotFound / Checksum / Format: this reader sees no code here; try the next.
    }
  }
  return null;
}
