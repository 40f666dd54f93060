// The tests' PDF reader (tests/helpers/pdf-text.ts) against a PDF made as the e-contract's is: pdfkit,
// the embedded Noto Sans SC subset. A ligature ("ff", "fi": one glyph for two letters) is written in
// the font's ToUnicode map as `<0066 0066>`; the reader once skipped such an entry, so every later
// glyph read as the next one's letter ("10:01:00（北京时间）" read "10北01北00（京l时间）") — the
// e-contract test failed whenever the random signer name held "ff".
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { cjkFont } from '../../server/services/pdf-font';
import { pdfText } from '../helpers/pdf-text';

function pdfOf(lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (c: Buffer) => chunks.push(c));
  doc.registerFont('cjk', cjkFont());
  doc.font('cjk');
  for (const line of lines) doc.text(line);
  doc.end();
  return done;
}

describe('pdfText', () => {
  it('reads the text after a ligature as written', async () => {
    const lines = ['签署人：approved-ff:d860', '签署时间：2025-06-02 10:01:00（北京时间）', 'office offline fifty'];
    const text = pdfText(await pdfOf(lines));
    for (const line of lines) expect(text).toContain(line);
  });
});
