// Demo operators for the console (README "Demo operators"), one per role, password
// OPERATOR_DEMO_PASSWORD; `admin` also has a TOTP second factor with a published secret, so the
// demo shows the code step. And the qualification files an operator reviews: the `pending`
// registration's three documents and one renewal (a new drug licence from `chain`).
import { and, eq } from 'drizzle-orm';
import { qualificationFiles, staff } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../auth/password.ts';
import { addDays, shanghaiDate } from './dates.ts';
import { documentPng } from './document-png.ts';
import type { OperatorRole } from '@domain/operator-roles.ts';

export const OPERATOR_DEMO_PASSWORD = 'console1234';
/** Base32; an authenticator app given this secret shows `admin`'s codes (demo only). */
export const ADMIN_DEMO_TOTP_SECRET = 'KANGYUANCONSOLEDEMOADMINTOTPKEY2';

const OPERATORS: { username: string; name: string; phone: string; role: OperatorRole }[] = [
  { username: 'admin', name: '赵敏', phone: '13500000001', role: 'admin' },
  { username: 'reviewer', name: '孙倩', phone: '13500000002', role: 'reviewer' },
  { username: 'finance', name: '钱进', phone: '13500000003', role: 'finance' },
  { username: 'warehouse', name: '吴刚', phone: '13500000004', role: 'warehouse' },
  { username: 'operations', name: '郑洁', phone: '13500000005', role: 'operations' },
  { username: 'support', name: '冯晓', phone: '13500000006', role: 'support' },
];
export const DEMO_OPERATOR_USERNAMES = OPERATORS.map((o) => o.username);

export async function seedOperators(db: Db, now: Date): Promise<void> {
  const { hash, salt } = await hashPassword(OPERATOR_DEMO_PASSWORD);
  await db.insert(staff).values(
    OPERATORS.map((o) => ({
      name: o.name,
      phone: o.phone,
      role: 'operator' as const,
      username: o.username,
      passwordHash: hash,
      passwordSalt: salt,
      consoleRole: o.role,
      totpSecret: o.role === 'admin' ? ADMIN_DEMO_TOTP_SECRET : null,
      createdAt: addDays(now, -300),
    })),
  );
}

const DOCS = [
  { kind: 'business_license', fileName: '营业执照.png', accent: [180, 40, 40] as const },
  { kind: 'drug_license', fileName: '药品经营许可证.png', accent: [30, 90, 160] as const },
  { kind: 'gsp', fileName: 'GSP证书.png', accent: [20, 130, 90] as const },
];

export async function seedQualificationFiles(
  db: Db,
  now: Date,
  pendingCompanyId: number,
  renewingCompanyId: number,
): Promise<void> {
  const files: (typeof qualificationFiles.$inferInsert)[] = DOCS.map((d, i) => {
    const content = documentPng(640, 440, d.accent, i + 1);
    return {
      companyId: pendingCompanyId,
      kind: d.kind,
      fileName: d.fileName,
      mime: 'image/png',
      size: content.length,
      content,
      expiresOn: shanghaiDate(addDays(now, 365 * 3)),
      status: 'pending' as const,
      createdAt: addDays(now, -2),
    };
  });
  const renewal = documentPng(640, 440, DOCS[1].accent, 7);
  // The renewal replaces the licence in force (seed/qualifications.ts), which stays valid until approved.
  const [current] = await db
    .select({ id: qualificationFiles.id })
    .from(qualificationFiles)
    .where(
      and(
        eq(qualificationFiles.companyId, renewingCompanyId),
        eq(qualificationFiles.kind, 'drug_license'),
        eq(qualificationFiles.status, 'approved'),
      ),
    )
    .limit(1);
  files.push({
    companyId: renewingCompanyId,
    replacesId: current?.id ?? null,
    kind: 'drug_license',
    fileName: '药品经营许可证（换证）.png',
    mime: 'image/png',
    size: renewal.length,
    content: renewal,
    expiresOn: shanghaiDate(addDays(now, 365 * 5)),
    status: 'pending',
    createdAt: addDays(now, -1),
  });
  await db.insert(qualificationFiles).values(files);
}
