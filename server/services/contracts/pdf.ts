// The signed e-contract as a PDF (pdfkit), set in our embedded CJK font (../pdf-font.ts; docs/
// decisions/e-contract.md).
import { formatDateTime } from '@domain/time.ts';
import type { ContractParty, ContractSignature } from '@domain/e-contract.ts';
import type { ContractVersion } from './versions.ts';
import { filledSections } from './view.ts';
import { pdfDocument } from '../seldom-used-packages.ts';
import { setInCjkFont } from '../pdf-font.ts';

export interface ContractPdfData {
  version: ContractVersion;
  party: ContractParty;
  signature: ContractSignature;
}

export function renderContractPdf(data: ContractPdfData): Promise<Buffer> {
  const { version, party, signature } = data;
  const doc = new (pdfDocument())({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 60, right: 60 },
    info: {
      Title: `${version.title}（${version.version}）`,
      Author: version.supplier.name,
      Subject: `${party.name} 电子合同`,
      Keywords: `电子合同 ${version.version}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  setInCjkFont(doc);
  doc.fontSize(18).text(version.title, { align: 'center' });
  doc.moveDown(0.3);
  doc.fontSize(10).fillColor('#555555').text(`合同版本：${version.version}`, { align: 'center' });
  doc.fillColor('#000000').moveDown(1);

  for (const section of filledSections(version, party)) {
    doc.fontSize(12).text(section.heading);
    doc.moveDown(0.2);
    for (const clause of section.clauses) {
      doc.fontSize(10.5).text(clause, { indent: 21, lineGap: 3, align: 'justify' });
      doc.moveDown(0.3);
    }
    doc.moveDown(0.4);
  }

  doc.moveDown(1);
  doc.fontSize(12).text('签署信息');
  doc.moveDown(0.2);
  doc.fontSize(10.5);
  for (const line of [
    `甲方：${version.supplier.name}`,
    `乙方：${party.name}（统一社会信用代码：${party.credit_code}）`,
    `签署人：${signature.signer}`,
    `签署时间：${formatDateTime(signature.signed_at, 'seconds')}（北京时间）`,
    `签署IP地址：${signature.ip || '—'}`,
    `合同版本：${signature.version}`,
  ]) {
    doc.text(line, { lineGap: 3 });
  }
  doc.end();
  return done;
}
