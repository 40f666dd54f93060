// Buyers' master data from the ERP (issue 34 §1): upserted by the ERP's customer code
// (companies.erp_code). A code the shop does not know links to the company with the same
// 统一社会信用代码 that has no code yet, or else becomes a new company waiting for review
// (review_status pending: an ERP's customer list is not a qualification review). Each change is
// audited; staff are named by phone among the shop's account managers and salespeople, with the
// console's rule (services/admin/companies.ts) that the role must match.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { companies, staff } from '../../db/schema.ts';
import type { ItemResult } from '@domain/integration.ts';
import { writeAudit, type Actor } from '../admin/audit.ts';

export interface CompanyItem {
  customer_code: string;
  name?: string;
  credit_code?: string;
  rank?: number;
  account_manager_phone?: string | null;
  salesperson_phone?: string | null;
  business_scope?: string[];
  licence_expires_on?: string | null;
}

type CompanyRow = typeof companies.$inferSelect;

const snapshot = (c: CompanyRow) => ({
  erp_code: c.erpCode,
  name: c.name,
  credit_code: c.creditCode,
  rank: c.rank,
  account_manager_id: c.accountManagerId,
  salesperson_id: c.salespersonId,
  business_scope: c.businessScope,
  licence_expires_on: c.erpLicenceExpiresOn,
});

async function staffByPhone(tx: Db, phones: string[]): Promise<Map<string, { id: number; role: string }[]>> {
  const out = new Map<string, { id: number; role: string }[]>();
  if (phones.length === 0) return out;
  const rows = await tx
    .select({ id: staff.id, phone: staff.phone, role: staff.role })
    .from(staff)
    .where(inArray(staff.phone, phones));
  for (const r of rows) out.set(r.phone, [...(out.get(r.phone) ?? []), { id: r.id, role: r.role }]);
  return out;
}

export async function upsertCompanies(
  db: Db,
  actor: Actor,
  items: { index: number; item: CompanyItem }[],
  now: Date,
): Promise<ItemResult[]> {
  return withTx(db, async (tx) => {
    const codes = [...new Set(items.map((i) => i.item.customer_code))];
    const byCode = new Map(
      (
        await tx.select().from(companies).where(inArray(companies.erpCode, codes)).orderBy(companies.id).for('update')
      ).map((c) => [c.erpCode, c]),
    );
    const credits = [...new Set(items.flatMap((i) => (i.item.credit_code ? [i.item.credit_code] : [])))];
    const byCredit = new Map<string, CompanyRow[]>();
    if (credits.length > 0) {
      for (const c of await tx
        .select()
        .from(companies)
        .where(and(inArray(companies.creditCode, credits), eq(companies.erpCode, '')))
        .orderBy(companies.id)
        .for('update')) {
        byCredit.set(c.creditCode, [...(byCredit.get(c.creditCode) ?? []), c]);
      }
    }
    const phones = [
      ...new Set(
        items.flatMap((i) =>
          [i.item.account_manager_phone, i.item.salesperson_phone].filter(
            (p): p is string => typeof p === 'string' && p !== '',
          ),
        ),
      ),
    ];
    const staffOf = await staffByPhone(tx, phones);
    const results: ItemResult[] = [];

    for (const { index, item } of items) {
      const result: ItemResult = { index, code: item.customer_code, status: 'failed', id: null, errors: [] };
      results.push(result);
      const person = (
        phone: string | null | undefined,
        role: 'account_manager' | 'salesperson',
        field: string,
      ): number | null | undefined => {
        if (phone === undefined) return undefined;
        if (phone === null || phone === '') return null;
        const match = (staffOf.get(phone) ?? []).filter((s) => s.role === role);
        if (match.length === 1) return match[0]!.id;
        result.errors.push(
          `${field}：${match.length === 0 ? `没有手机号为${phone}的${role === 'account_manager' ? '客户经理' : '业务员'}` : `手机号${phone}对应多名员工`}`,
        );
        return undefined;
      };
      const accountManagerId = person(item.account_manager_phone, 'account_manager', 'account_manager_phone');
      const salespersonId = person(item.salesperson_phone, 'salesperson', 'salesperson_phone');
      if (result.errors.length > 0) continue;

      let current = byCode.get(item.customer_code) ?? null;
      if (!current && item.credit_code) {
        const candidates = (byCredit.get(item.credit_code) ?? []).filter((c) => c.erpCode === '');
        if (candidates.length > 1) {
          result.errors.push(
            `credit_code：统一社会信用代码${item.credit_code}对应${candidates.length}家企业，请在后台处理后再同步`,
          );
          continue;
        }
        current = candidates[0] ?? null;
      }
      const changes: Partial<typeof companies.$inferInsert> = {
        erpCode: item.customer_code,
        ...(item.name !== undefined ? { name: item.name } : {}),
        ...(item.credit_code !== undefined ? { creditCode: item.credit_code } : {}),
        ...(item.rank !== undefined ? { rank: item.rank } : {}),
        ...(accountManagerId !== undefined ? { accountManagerId } : {}),
        ...(salespersonId !== undefined ? { salespersonId } : {}),
        ...(item.business_scope !== undefined ? { businessScope: [...new Set(item.business_scope)].sort() } : {}),
        ...(item.licence_expires_on !== undefined ? { erpLicenceExpiresOn: item.licence_expires_on } : {}),
      };
      if (!current) {
        if (!item.name) {
          result.errors.push('name：新客户须填写企业名称');
          continue;
        }
        const [made] = await tx
          .insert(companies)
          .values({ name: item.name, reviewStatus: 'pending', createdAt: now, updatedAt: now, ...changes })
          .returning();
        byCode.set(item.customer_code, made!);
        await writeAudit(
          tx,
          actor,
          { action: 'company.erp_create', targetType: 'company', targetId: made!.id, after: snapshot(made!) },
          now,
        );
        Object.assign(result, { status: 'created', id: made!.id });
        continue;
      }
      const before = snapshot(current);
      const next = { ...current, ...changes } as CompanyRow;
      const after = snapshot(next);
      result.id = current.id;
      if (JSON.stringify(before) === JSON.stringify(after)) {
        result.status = 'unchanged';
        continue;
      }
      const [saved] = await tx
        .update(companies)
        .set({ ...changes, updatedAt: now })
        .where(eq(companies.id, current.id))
        .returning();
      byCode.set(item.customer_code, saved!);
      await writeAudit(
        tx,
        actor,
        { action: 'company.erp_update', targetType: 'company', targetId: current.id, before, after },
        now,
      );
      result.status = 'updated';
    }
    return results;
  });
}
