// Goods master data from the ERP (issue 34 §1): upsert by external code through the catalogue
// file's validation and writer — created, updated, unchanged, bad items named; stock and price of
// existing goods left to the sequenced routes; the change log and the audit trail as for a file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { integrationClient, type MadeClient } from '../helpers/integration.ts';
import { auditLog, catalogueChanges, goods, manufacturers, warehouses } from '../../server/db/schema.ts';
import { rowsOf } from '../../server/services/goods/search.ts';
import type { BatchResult } from '../../src/domain/integration.ts';

let t: TestApp;
let erp: MadeClient;
let maker: string;
let warehouse: string;
let category: string;

beforeAll(async () => {
  t = await createTestApp({ seed: 30 });
  erp = await integrationClient(t, ['goods:write']);
  maker = (await t.db.select({ name: manufacturers.name }).from(manufacturers).limit(1))[0]!.name;
  warehouse = (await t.db.select({ name: warehouses.name }).from(warehouses).limit(1))[0]!.name;
  const [leaf] = rowsOf<{ path: string }>(
    await t.db.execute(sql`
      WITH RECURSIVE up AS (
        SELECT c.id AS leaf, c.parent_id, c.name::text AS path FROM categories c WHERE NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id)
        UNION ALL SELECT up.leaf, p.parent_id, p.name || '/' || up.path FROM up JOIN categories p ON p.id = up.parent_id)
      SELECT path FROM up WHERE parent_id IS NULL ORDER BY leaf LIMIT 1`),
  );
  category = leaf!.path;
}, 120_000);
afterAll(() => t.close());

const newGoods = (code: string, extra: Record<string, unknown> = {}) => ({
  external_code: code,
  name: `对接测试片${code}`,
  ypgg: '0.25g*24片',
  bzdw: '盒',
  manufacturer: maker,
  category,
  warehouse,
  base_price: 1250,
  stock: 30,
  ...extra,
});

describe('POST /goods', () => {
  it('creates new codes off sale and updates known ones with only the fields sent; bad items are named, the rest apply', async () => {
    const res = await erp.erp.post<BatchResult>('/goods', {
      items: [
        newGoods('ERP-0001'),
        newGoods('ERP-0002', { barcode: '6901234567890' }),
        { external_code: 'KY000003', common_name: '对接改的通用名' },
        newGoods('ERP-0003', { manufacturer: '不存在的药厂' }),
        { external_code: 'ERP-0004', name: '缺字段' },
        { external_code: 'KY000004', colour: 'red' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ items: 6, applied: 2, failed: 4 });
    const byIndex = res.body.data.results;
    expect(byIndex[0]).toMatchObject({ index: 0, code: 'ERP-0001', status: 'created' });
    expect(byIndex[1]!.status).toBe('failed');
    expect(byIndex[1]!.errors).toEqual(['barcode：条形码须为8、12、13或14位数字且校验位正确']);
    expect(byIndex[2]).toMatchObject({ code: 'KY000003', status: 'updated', id: 3 });
    expect(byIndex[3]!.errors[0]).toMatch(/^manufacturer：生产厂家不存在：不存在的药厂/);
    expect(byIndex[4]!.errors).toEqual(expect.arrayContaining(['ypgg：新建商品须填写规格']));
    expect(byIndex[5]!.errors).toEqual(['无法识别的字段：colour']);

    const [created] = await t.db.select().from(goods).where(eq(goods.externalCode, 'ERP-0001'));
    expect(created).toMatchObject({
      name: '对接测试片ERP-0001',
      basePrice: 1250,
      stock: 30,
      isOnSale: false,
      sccj: maker,
    });
    const [updated] = await t.db.select().from(goods).where(eq(goods.id, 3));
    expect(updated!.commonName).toBe('对接改的通用名');
    expect(updated!.name).not.toBe('');
    // The catalogue's change log and audit trail, as for a file import, by the ERP's actor.
    const kinds = await t.db
      .select({ kind: catalogueChanges.kind })
      .from(catalogueChanges)
      .where(eq(catalogueChanges.goodsId, created!.id));
    expect(kinds.map((k) => k.kind)).toContain('created');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'catalogue.import.row'), eq(auditLog.targetId, 3)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.staffName).toBe('ERP对接：测试ERP');
  });

  it('leaves the stock and base price of an existing goods to /stock and /prices', async () => {
    const [before] = await t.db.select().from(goods).where(eq(goods.id, 5));
    const res = await erp.erp.post<BatchResult>('/goods', {
      items: [{ external_code: 'KY000005', stock: 123456, base_price: 1, dosage_form: '对接剂型' }],
    });
    expect(res.body.data.results[0]!.status).toBe('updated');
    const [after] = await t.db.select().from(goods).where(eq(goods.id, 5));
    expect(after).toMatchObject({ stock: before!.stock, basePrice: before!.basePrice, dosageForm: '对接剂型' });
  });

  it('answers unchanged for an item equal to the goods, and replays a retried batch without writing again', async () => {
    const batch = { items: [newGoods('ERP-0100')] };
    const first = await erp.erp.post<BatchResult>('/goods', batch, { idempotencyKey: 'goods-retry-1' });
    expect(first.body.data.results[0]!.status).toBe('created');
    const retry = await erp.erp.post<BatchResult>('/goods', batch, { idempotencyKey: 'goods-retry-1' });
    expect(retry.body).toEqual(first.body);
    expect(await t.db.select().from(goods).where(eq(goods.externalCode, 'ERP-0100'))).toHaveLength(1);
    const again = await erp.erp.post<BatchResult>('/goods', {
      items: [{ external_code: 'ERP-0100', name: '对接测试片ERP-0100' }],
    });
    expect(again.body.data.results[0]!.status).toBe('unchanged');
  });

  it('refuses a client without goods:write', async () => {
    const other = await integrationClient(t, ['stock:write'], '无商品权限');
    const res = await other.erp.post('/goods', { items: [newGoods('ERP-0200')] });
    expect(res.status).toBe(403);
  });
});
