// Demo certificates (资质证照) for every demo company, and batches with inspection reports (药检报告)
// for the best-selling goods. Dates are relative to the seed's `now`:
//   demo     all in force; its GSP certificate expires in 20 days (marked on /zzzj)
//   clinic   in force; its 经营范围 (companies.business_scope) has no 中药饮片
//   expired  its 药品经营许可证 lapsed 10 days ago: ordering is blocked until a renewal is approved
//   pending  the files it registered with, still under review
import { desc, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { goods, goodsBatches, inspectionReports, qualificationFiles } from '../db/schema.ts';
import { QUALIFICATION_KINDS, type QualificationKind } from '@domain/qualifications.ts';
import type { SeededAccounts } from './accounts.ts';
import { addDays, shanghaiDate } from './dates.ts';
import { samplePdf, samplePng } from './sample-files.ts';

type Username = keyof SeededAccounts['companyIds'];

interface CertDef {
  kind: QualificationKind;
  number: string;
  issuer: string;
  /** Days from now to the valid-until day; null: no expiry (营业执照 长期). */
  validDays: number | null;
  status?: 'approved' | 'pending';
  png?: boolean;
}

const CERTS: Partial<Record<Username, CertDef[]>> = {
  demo: [
    {
      kind: 'business_license',
      number: '91440106MA59C8K27X',
      issuer: '广州市天河区市场监督管理局',
      validDays: null,
      png: true,
    },
    { kind: 'drug_license', number: '粤CA0201987', issuer: '广州市市场监督管理局', validDays: 1_100 },
    { kind: 'gsp', number: 'C-GD-22-0458', issuer: '广东省药品监督管理局', validDays: 20 },
    { kind: 'medical_device', number: '粤穗食药监械经营备20210866号', issuer: '广州市市场监督管理局', validDays: 700 },
    { kind: 'power_of_attorney', number: 'WT-2025-0031', issuer: '广州市康宁大药房有限公司', validDays: 180 },
  ],
  chain: [
    {
      kind: 'business_license',
      number: '91420100MA4K2Y7P3B',
      issuer: '武汉市市场监督管理局',
      validDays: null,
      png: true,
    },
    { kind: 'drug_license', number: '鄂AA0270112', issuer: '湖北省药品监督管理局', validDays: 900 },
  ],
  'chain-a': [
    { kind: 'business_license', number: '91420102MA4K3B1X6H', issuer: '武汉市江岸区市场监督管理局', validDays: null },
    { kind: 'drug_license', number: '鄂CB0270331', issuer: '武汉市市场监督管理局', validDays: 850 },
  ],
  'chain-b': [
    { kind: 'business_license', number: '91420106MA4K3C7Y2D', issuer: '武汉市武昌区市场监督管理局', validDays: null },
    { kind: 'drug_license', number: '鄂CB0270332', issuer: '武汉市市场监督管理局', validDays: 850 },
  ],
  nocontract: [
    { kind: 'business_license', number: '52510105MJ0T6X2A9K', issuer: '成都市青羊区市场监督管理局', validDays: null },
    { kind: 'medical_license', number: 'PDY00213251010512D1522', issuer: '成都市青羊区卫生健康局', validDays: 1_300 },
  ],
  clinic: [
    {
      kind: 'business_license',
      number: '52440305MJL2Q8R41C',
      issuer: '深圳市市场监督管理局',
      validDays: null,
      png: true,
    },
    { kind: 'medical_license', number: 'PDY60547944030517D1522', issuer: '深圳市南山区卫生健康局', validDays: 1_000 },
  ],
  expired: [
    { kind: 'business_license', number: '92430104MA4L7XW52N', issuer: '长沙市岳麓区市场监督管理局', validDays: null },
    { kind: 'drug_license', number: '湘CB7310245', issuer: '长沙市市场监督管理局', validDays: -10 },
    { kind: 'gsp', number: 'C-HN-21-0912', issuer: '湖南省药品监督管理局', validDays: 25 },
  ],
};

export async function seedQualifications(db: Db, now: Date, accounts: SeededAccounts): Promise<number> {
  const rows: (typeof qualificationFiles.$inferInsert)[] = [];
  for (const [username, defs] of Object.entries(CERTS) as [Username, CertDef[]][]) {
    const companyId = accounts.companyIds[username];
    for (const d of defs) {
      const expiresOn = d.validDays === null ? null : shanghaiDate(addDays(now, d.validDays));
      const content = d.png
        ? samplePng()
        : samplePdf(d.kind.toUpperCase().replace(/_/g, ' '), [
            `No. ${d.number.replace(/[^\x20-\x7e]/g, '')}`,
            `Valid until: ${expiresOn ?? 'long term'}`,
          ]);
      const status = d.status ?? 'approved';
      rows.push({
        companyId,
        kind: d.kind,
        fileName: `${QUALIFICATION_KINDS[d.kind]}.${d.png ? 'png' : 'pdf'}`,
        mime: d.png ? 'image/png' : 'application/pdf',
        size: content.byteLength,
        content,
        expiresOn,
        status,
        number: d.number,
        issuer: d.issuer,
        reviewedAt: status === 'approved' ? addDays(now, -300) : null,
        createdAt: addDays(now, status === 'approved' ? -310 : -2),
      });
    }
  }
  await db.insert(qualificationFiles).values(rows);
  return rows.length;
}

/** Reports per batch: the maker's release test, and for half of them the provincial lab's. */
const LABS = [
  { title: '出厂检验报告', issuer: '生产企业质量检验部', en: 'Manufacturer QC laboratory' },
  { title: '药品检验报告书', issuer: '省药品检验研究院', en: 'Provincial Institute for Drug Control' },
] as const;

/** Batches (the one on sale and the one before) with reports for the `count` best-selling goods. */
export async function seedInspectionReports(db: Db, now: Date, count = 60): Promise<number> {
  const picked = await db
    .select({
      id: goods.id,
      batchNo: goods.batchNo,
      producedOn: goods.producedOn,
      expiresOn: goods.expiresOn,
      approvalNo: goods.approvalNo,
    })
    .from(goods)
    .where(isNotNull(goods.producedOn))
    .orderBy(desc(goods.salesCount), goods.id)
    .limit(count);
  let reports = 0;
  for (const [i, g] of picked.entries()) {
    const produced = g.producedOn ? new Date(`${g.producedOn}T00:00:00Z`) : now;
    const earlier = addDays(produced, -90);
    const batches = [
      { batchNo: g.batchNo, producedOn: g.producedOn, expiresOn: g.expiresOn },
      // The previous batch, produced three months earlier (numbered like the goods seed: yymmdd + line).
      {
        batchNo: `${shanghaiDate(earlier).replace(/-/g, '').slice(2)}${g.batchNo.slice(-2)}`,
        producedOn: shanghaiDate(earlier),
        expiresOn: g.expiresOn ? shanghaiDate(addDays(new Date(`${g.expiresOn}T00:00:00Z`), -90)) : null,
      },
    ];
    for (const [j, b] of batches.entries()) {
      const [batch] = await db
        .insert(goodsBatches)
        .values({
          goodsId: g.id,
          batchNo: b.batchNo,
          producedOn: b.producedOn,
          expiresOn: b.expiresOn,
          createdAt: addDays(now, -120 - j * 90),
        })
        .returning({ id: goodsBatches.id });
      const labs = (i + j) % 2 === 0 ? LABS : LABS.slice(0, 1);
      for (const [k, lab] of labs.entries()) {
        const reportNo = `JY${(b.producedOn ?? '').replace(/-/g, '')}${String(g.id).padStart(5, '0')}${k}`;
        const content = samplePdf('Certificate of Analysis', [
          `Report No.: ${reportNo}`,
          `Approval No.: ${g.approvalNo.replace(/[^\x20-\x7e]/g, '')}`,
          `Batch No.: ${b.batchNo}`,
          `Manufactured: ${b.producedOn ?? '-'}   Expiry: ${b.expiresOn ?? '-'}`,
          `Laboratory: ${lab.en}`,
          'Conclusion: complies with the national standard.',
        ]);
        await db.insert(inspectionReports).values({
          batchId: batch.id,
          title: lab.title,
          reportNo,
          issuer: lab.issuer,
          issuedOn: b.producedOn ? shanghaiDate(addDays(new Date(`${b.producedOn}T00:00:00Z`), 7 + k * 14)) : null,
          fileName: `${lab.title}-${b.batchNo}.pdf`,
          mime: 'application/pdf',
          size: content.byteLength,
          content,
          createdAt: addDays(now, -100 - j * 90),
        });
        reports++;
      }
    }
  }
  return reports;
}
