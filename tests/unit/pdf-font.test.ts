// Our PDFs' CJK font (server/services/pdf-font.ts) is parsed once per process and shared by every
// later document: each document must still embed exactly the glyphs it uses and read as written.
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { setInCjkFont } from '../../server/services/pdf-font';
import { pdfText } from '../helpers/pdf-text';

function pdfOf(lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', info: { CreationDate: new Date('2026-11-30T00:00:00Z') } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (c: Buffer) => chunks.push(c));
  setInCjkFont(doc);
  for (const line of lines) doc.text(line);
  doc.fontSize(9).text('合计金额：¥125.00');
  doc.end();
  return done;
}

describe('the shared CJK font', () => {
  it('sets each of several documents in a row in its own glyphs', async () => {
    const note = ['随货同行单 阿莫西林胶囊 0.25g*24粒', '国药准字H20003263 华北制药股份有限公司'];
    const contract = ['电子合同 甲方：康源医药有限公司', '乙方：仁和大药房 签署时间：2026-11-30'];
    const first = await pdfOf(note);
    const second = await pdfOf(contract);
    const again = await pdfOf(note);
    for (const line of note) expect(pdfText(first)).toContain(line);
    for (const line of contract) expect(pdfText(second)).toContain(line);
    expect(pdfText(second)).not.toContain('阿莫西林');
    for (const line of note) expect(pdfText(again)).toContain(line);
    // The same text embeds the same subset: nothing of the documents between them is carried over.
    expect(again.length).toBe(first.length);
  });
});
