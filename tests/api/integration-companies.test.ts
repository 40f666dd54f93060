// Buyers' master data from the ERP (issue 34 §1): upsert by the ERP's customer code — a new code
// links to the registered company with the same 统一社会信用代码, or makes a company waiting for
// review; rank, staff, business scope and licence expiry are kept; bad items are named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { integrationClient, type MadeClient } from '../helpers/integration.ts';
import { auditLog, companies, staff, users } from '../../server/db/schema.ts';
import type { BatchResult } from '../../src/domain/integration.ts';
import { creditCodeCheckChar } from '../../src/domain/formats.ts';

const creditCode = (first17: string) => `${first17}${creditCodeCheckChar(first17)}`;

let t: TestApp;
let erp: MadeClient;
let demoCompany: typeof companies.$inferSelect;
let managerPhone: string;

beforeAll(async () => {
  t = await createTestApp({ seed: 20 });
  erp = await integrationClient(t, ['companies:write']);
  const [u] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'demo'));
  // The demo data's codes are invented (no valid check character): give demo's company a real one.
  await t.db
    .update(companies)
    .set({ creditCode: creditCode('91440106MA59C8K27') })
    .where(eq(companies.id, u!.companyId!));
  demoCompany = (await t.db.select().from(companies).where(eq(companies.id, u!.companyId!)))[0]!;
  const managers = await t.db.select({ phone: staff.phone }).from(staff).where(eq(staff.role, 'account_manager'));
  managerPhone = managers.find((m) => managers.filter((x) => x.phone === m.phone).length === 1)!.phone;
}, 120_000);
afterAll(() => t.close());

describe('POST /companies', () => {
  it('links a registered company by its credit code, then updates it by the customer code', async () => {
    const res = await erp.erp.post<BatchResult>('/companies', {
      items: [
        {
          customer_code: 'C-0001',
          credit_code: demoCompany.creditCode,
          rank: 3,
          account_manager_phone: managerPhone,
          business_scope: ['zcy', 'xy'],
          licence_expires_on: '2027-12-31',
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.results[0]).toEqual({
      index: 0,
      code: 'C-0001',
      status: 'updated',
      id: demoCompany.id,
      errors: [],
    });
    const [after] = await t.db.select().from(companies).where(eq(companies.id, demoCompany.id));
    expect(after).toMatchObject({
      erpCode: 'C-0001',
      rank: 3,
      businessScope: ['xy', 'zcy'],
      erpLicenceExpiresOn: '2027-12-31',
      name: demoCompany.name,
    });
    const again = await erp.erp.post<BatchResult>('/companies', { items: [{ customer_code: 'C-0001', rank: 3 }] });
    expect(again.body.data.results[0]!.status).toBe('unchanged');
    const renamed = await erp.erp.post<BatchResult>('/companies', { items: [{ customer_code: 'C-0001', rank: 2 }] });
    expect(renamed.body.data.results[0]!.status).toBe('updated');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.erp_update'), eq(auditLog.targetId, demoCompany.id)));
    expect(audit.map((a) => (a.after as { rank: number }).rank)).toEqual([3, 2]);
    expect(audit[0]!.staffName).toBe('ERP对接：测试ERP');
  });

  it('creates an unknown customer as a company waiting for review; bad items are named and the rest apply', async () => {
    const res = await erp.erp.post<BatchResult>('/companies', {
      items: [
        { customer_code: 'C-0100', name: '对接新药房', credit_code: creditCode('91330106MA2B3C4D5'), rank: 1 },
        { customer_code: 'C-0101', rank: 1 },
        { customer_code: 'C-0102', name: '等级不对', rank: 9 },
        { customer_code: 'C-0103', name: '经理不对', account_manager_phone: '13000000000' },
        { customer_code: 'bad code!', name: '编码不对' },
      ],
    });
    expect(res.body.data).toMatchObject({ items: 5, applied: 1, failed: 4 });
    const [made] = await t.db.select().from(companies).where(eq(companies.erpCode, 'C-0100'));
    expect(made).toMatchObject({ name: '对接新药房', reviewStatus: 'pending', rank: 1 });
    const errors = res.body.data.results.map((r) => r.errors);
    expect(errors[1]).toEqual(['name：新客户须填写企业名称']);
    expect(errors[2]).toEqual(['rank：客户等级为1-5']);
    expect(errors[3]).toEqual(['account_manager_phone：没有手机号为13000000000的客户经理']);
    expect(errors[4]).toEqual(['customer_code：客户编码只能包含字母、数字和 - _ .，最多40位']);
  });
});
