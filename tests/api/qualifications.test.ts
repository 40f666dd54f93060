// Qualification certificates (GET /api/user/zizhi, its files and renewals), business scope
// (GET /api/user/jyfw) and the buying rule they feed: a clinic without 中药饮片 in its 经营范围 cannot
// add, quick-add, copy or check out such goods, and a lapsed required certificate blocks buying and
// checkout naming it. On the seeded demo data (demo, clinic, expired, chain accounts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  addresses,
  cartLines,
  companies,
  goods,
  goodsBatches,
  inspectionReports,
  qualificationFiles,
  users,
} from '../../server/db/schema.ts';
import { CLINIC_SCOPE } from '../../server/seed/accounts.ts';
import type { CertificateList } from '../../src/domain/qualifications.ts';
import { SCOPE_CLASSES } from '../../src/domain/business-scope.ts';

let t: TestApp;
let demo: string;
let clinic: string;
let expired: string;
let herbId: number;
let drugId: number;

const companyOf = async (username: string) =>
  (
    await t.db.select({ companyId: users.companyId, userId: users.id }).from(users).where(eq(users.username, username))
  )[0];

const pdfBytes = () => new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

function renewalForm(
  over: { file?: Blob | null; fileName?: string; number?: string; issuer?: string; expires_on?: string } = {},
): FormData {
  const f = new FormData();
  if (over.file !== null)
    f.append('file', over.file ?? new Blob([pdfBytes()], { type: 'application/pdf' }), over.fileName ?? '新证.pdf');
  f.append('number', over.number ?? 'C-GD-25-0001');
  f.append('issuer', over.issuer ?? '广东省药品监督管理局');
  f.append('expires_on', over.expires_on ?? '2030-06-01');
  return f;
}

async function addLine(username: string, goodsId: number): Promise<number> {
  const u = await companyOf(username);
  const [g] = await t.db
    .select({ warehouseId: goods.warehouseId, price: goods.basePrice })
    .from(goods)
    .where(eq(goods.id, goodsId));
  const [row] = await t.db
    .insert(cartLines)
    .values({
      companyId: u.companyId!,
      userId: u.userId,
      goodsId,
      warehouseId: g.warehouseId,
      number: 1,
      price: g.price,
    })
    .onConflictDoNothing()
    .returning({ id: cartLines.id });
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({ seed: 200 });
  [demo, clinic, expired] = await Promise.all(['demo', 'clinic', 'expired'].map((u) => t.signIn(u, 'demo1234')));
  const buyable = and(eq(goods.isOnSale, true), eq(goods.isBuy, true), eq(goods.isKx, false));
  const herbs = await t.db
    .select({ id: goods.id, stock: goods.stock, minBuy: goods.minBuy })
    .from(goods)
    .where(and(buyable, eq(goods.scopeClass, 'zyyp')));
  const drugs = await t.db
    .select({ id: goods.id, stock: goods.stock, minBuy: goods.minBuy })
    .from(goods)
    .where(and(buyable, eq(goods.scopeClass, 'xy')));
  herbId = herbs.find((g) => g.stock >= 10 && g.minBuy === 1)!.id;
  drugId = drugs.find((g) => g.stock >= 10 && g.minBuy === 1)!.id;
});

afterAll(async () => {
  await t.close();
});

describe('seeded data', () => {
  it('gives every goods a known scope class and every demo company its certificates', async () => {
    const classes = await t.db.selectDistinct({ c: goods.scopeClass }).from(goods);
    expect(classes.map((r) => r.c).every((c) => Object.hasOwn(SCOPE_CLASSES, c))).toBe(true);
    expect(classes.map((r) => r.c)).toEqual(expect.arrayContaining(['xy', 'zcy', 'zyyp', 'qx']));
    for (const u of ['demo', 'chain', 'chain-a', 'chain-b', 'nocontract', 'clinic', 'expired', 'pending']) {
      const c = await companyOf(u);
      const rows = await t.db
        .select({ content: qualificationFiles.content, mime: qualificationFiles.mime })
        .from(qualificationFiles)
        .where(eq(qualificationFiles.companyId, c.companyId!));
      expect(rows.length, u).toBeGreaterThanOrEqual(2);
      for (const r of rows)
        expect(r.mime === 'application/pdf' ? r.content[0] === 0x25 : r.content[0] === 0x89, u).toBe(true);
    }
  });
});

describe('visitors and permissions', () => {
  it('answers 10001 to a visitor on every endpoint', async () => {
    for (const path of ['/api/user/zizhi', '/api/user/jyfw', '/api/jybg/filter?keywords=1', '/api/user/zizhi/1/file']) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBe(401);
      expect(res.body.code, path).toBe(10001);
    }
    const res = await t.call('POST', '/api/user/zizhi/1/renew', { form: renewalForm() });
    expect(res.body.code).toBe(10001);
  });

  it("answers 404 for another company's certificate, its file and its renewal", async () => {
    const c = await companyOf('clinic');
    const [own] = await t.db
      .select({ id: qualificationFiles.id })
      .from(qualificationFiles)
      .where(eq(qualificationFiles.companyId, c.companyId!));
    const file = await t.call('GET', `/api/user/zizhi/${own.id}/file`, { cookie: demo });
    expect(file.status).toBe(404);
    expect(file.body.msg).toBe('证件不存在');
    const renew = await t.call('POST', `/api/user/zizhi/${own.id}/renew`, { cookie: demo, form: renewalForm() });
    expect(renew.status).toBe(404);
    const rows = await t.db.select().from(qualificationFiles).where(eq(qualificationFiles.replacesId, own.id));
    expect(rows).toHaveLength(0);
    expect((await t.call('GET', '/api/user/zizhi/abc/file', { cookie: demo })).status).toBe(404);
  });
});

describe('GET /api/user/zizhi', () => {
  it('lists the certificates with number, issuer, valid-until and the expiring one marked', async () => {
    const res = await t.call<CertificateList>('GET', '/api/user/zizhi', { cookie: demo });
    expect(res.status).toBe(200);
    const list = res.body.data.list;
    expect(list.map((c) => c.kind_name)).toEqual([
      '营业执照',
      '药品经营许可证',
      'GSP证书',
      '医疗器械经营备案凭证',
      '采购委托书',
    ]);
    const gsp = list.find((c) => c.kind === 'gsp')!;
    expect(gsp).toMatchObject({
      number: 'C-GD-22-0458',
      issuer: '广东省药品监督管理局',
      expiry: 'expiring',
      days_left: 20,
      required: 0,
      status: 'approved',
    });
    expect(list.find((c) => c.kind === 'business_license')).toMatchObject({
      expires_on: null,
      expiry: 'no_expiry',
      required: 1,
    });
    expect(res.body.data).toMatchObject({ expiring: 1, expired: 0, blocking: [] });
  });

  it('serves the file inline to its own company', async () => {
    const list = (await t.call<CertificateList>('GET', '/api/user/zizhi', { cookie: demo })).body.data.list;
    const drug = list.find((c) => c.kind === 'drug_license')!;
    const res = await t.app.request(drug.file_url, { headers: { cookie: demo } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const png = await t.app.request(list[0].file_url, { headers: { cookie: demo } });
    expect(png.headers.get('content-type')).toBe('image/png');
  });

  it('marks an expired required certificate as blocking', async () => {
    const res = await t.call<CertificateList>('GET', '/api/user/zizhi', { cookie: expired });
    const drug = res.body.data.list.find((c) => c.kind === 'drug_license')!;
    expect(drug).toMatchObject({ expiry: 'expired', days_left: -10, required: 1 });
    expect(res.body.data.blocking).toEqual(['药品经营许可证']);
  });
});

describe('POST /api/user/zizhi/{id}/renew', () => {
  const gspOf = async (cookie: string) =>
    (await t.call<CertificateList>('GET', '/api/user/zizhi', { cookie })).body.data.list.find((c) => c.kind === 'gsp')!;

  it('refuses bad input field by field', async () => {
    const gsp = await gspOf(demo);
    const url = `/api/user/zizhi/${gsp.id}/renew`;
    const missing = await t.call('POST', url, {
      cookie: demo,
      form: renewalForm({ file: null, number: '', expires_on: '2030-02-30' }),
    });
    expect(missing.status).toBe(422);
    expect(missing.body.data.errors).toMatchObject({
      number: ['请填写证书编号'],
      expires_on: ['有效期至格式应为 YYYY-MM-DD'],
    });
    const noFile = await t.call('POST', url, { cookie: demo, form: renewalForm({ file: null }) });
    expect(noFile.body.data.errors.file).toEqual(['请上传新证件的扫描件或照片']);
    const html = await t.call('POST', url, {
      cookie: demo,
      form: renewalForm({ file: new Blob(['<html>hi</html>'], { type: 'application/pdf' }) }),
    });
    expect(html.status).toBe(422);
    expect(html.body.data.errors.file).toEqual(['仅支持PDF、JPG、PNG格式']);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(pdfBytes());
    const oversize = await t.call('POST', url, { cookie: demo, form: renewalForm({ file: new Blob([big]) }) });
    expect(oversize.body.data.errors.file).toEqual(['文件不能超过5MB']);
    const past = await t.call('POST', url, { cookie: demo, form: renewalForm({ expires_on: '2025-06-01' }) });
    expect(past.body.data.errors.expires_on).toEqual(['新证件的有效期至须晚于今天']);
    expect(await t.db.select().from(qualificationFiles).where(eq(qualificationFiles.replacesId, gsp.id))).toHaveLength(
      0,
    );
  });

  it('files a pending renewal; the old certificate stays in force until it is approved', async () => {
    const gsp = await gspOf(demo);
    const res = await t.call<CertificateList>('POST', `/api/user/zizhi/${gsp.id}/renew`, {
      cookie: demo,
      form: renewalForm(),
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('新证件已提交，审核通过前原证件继续有效');
    const after = res.body.data.list.find((c) => c.kind === 'gsp')!;
    expect(after).toMatchObject({ id: gsp.id, expires_on: gsp.expires_on, expiry: 'expiring' });
    expect(after.renewal).toMatchObject({ status: 'pending', number: 'C-GD-25-0001', expires_on: '2030-06-01' });
    const again = await t.call('POST', `/api/user/zizhi/${gsp.id}/renew`, { cookie: demo, form: renewalForm() });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('该证件已有更新在审核中，请等待审核结果');

    // The operator approves it: the renewal is the certificate now, the old one is history.
    await t.db
      .update(qualificationFiles)
      .set({ status: 'approved', reviewedAt: t.clock.now() })
      .where(eq(qualificationFiles.id, after.renewal!.id));
    const now = await gspOf(demo);
    expect(now).toMatchObject({ id: after.renewal!.id, expires_on: '2030-06-01', expiry: 'valid', renewal: null });
    const old = await t.call('POST', `/api/user/zizhi/${gsp.id}/renew`, { cookie: demo, form: renewalForm() });
    expect(old.body.msg).toBe('该证件已更新，请更新当前有效的证件');
  });
});

describe('GET /api/user/jyfw', () => {
  it("lists the clinic's licensed scope and what it does not cover", async () => {
    const res = await t.call('GET', '/api/user/jyfw', { cookie: clinic });
    expect(res.status).toBe(200);
    expect(res.body.data.recorded).toBe(1);
    expect(res.body.data.scope.map((s: { code: string }) => s.code)).toEqual(['xy', 'swzp', 'zcy', 'qx', 'xdcp']);
    expect(res.body.data.not_covered.map((s: { name: string }) => s.name)).toContain('中药饮片');
    expect((await t.call('GET', '/api/user/jyfw', { cookie: demo })).body.data.not_covered).toEqual([]);
  });
});

describe('business scope: a clinic without 中药饮片', () => {
  const REASON = '不在贵公司经营范围（中药饮片）';

  it('sees the reason on the goods (detail and lists), and no reason for goods it may buy', async () => {
    const detail = await t.call('GET', `/api/goods/detail/${herbId}`, { cookie: clinic });
    expect(detail.body.data.buy_block).toBe(REASON);
    expect((await t.call('GET', `/api/goods/detail/${drugId}`, { cookie: clinic })).body.data.buy_block).toBeNull();
    expect((await t.call('GET', `/api/goods/detail/${herbId}`, { cookie: demo })).body.data.buy_block).toBeNull();
    const name = detail.body.data.name as string;
    const search = await t.call('GET', `/api/goods/list?keywords=${encodeURIComponent(name)}`, { cookie: clinic });
    const tile = (search.body.data.list as { id: number; buy_block: string | null }[]).find((g) => g.id === herbId);
    expect(tile?.buy_block).toBe(REASON);
  });

  it('cannot add it to the cart (POST /api/cart and quick_add) and is told why', async () => {
    const add = await t.call('POST', '/api/cart', {
      cookie: clinic,
      body: { params: [{ goods_id: herbId, number: 1 }] },
    });
    expect(add.status).toBe(400);
    expect(add.body.msg).toContain(REASON);
    const quick = await t.call('POST', `/api/cart/quick_add/${herbId}`, { cookie: clinic });
    expect(quick.status).toBe(400);
    expect(quick.body.msg).toContain(REASON);
    const c = await companyOf('clinic');
    expect(
      await t.db
        .select()
        .from(cartLines)
        .where(and(eq(cartLines.companyId, c.companyId!), eq(cartLines.goodsId, herbId))),
    ).toHaveLength(0);
    // Within its scope it buys as before; the demo pharmacy buys the herb.
    expect(
      (await t.call('POST', '/api/cart', { cookie: clinic, body: { params: [{ goods_id: drugId, number: 1 }] } }))
        .status,
    ).toBe(200);
    expect(
      (await t.call('POST', '/api/cart', { cookie: demo, body: { params: [{ goods_id: herbId, number: 1 }] } })).status,
    ).toBe(200);
  });

  it('cannot check out a line that got into the cart before (preview and order re-check)', async () => {
    const lineId = await addLine('clinic', herbId);
    const list = await t.call('GET', '/api/cart/list', { cookie: clinic });
    const line = (list.body.data.data as { id: number; is_selected: number; problem: string | null }[]).find(
      (l) => l.id === lineId,
    )!;
    expect(line.is_selected).toBe(0);
    expect(line.problem).toContain(REASON);
    const preview = await t.call('POST', '/api/cart/checkout', { cookie: clinic, body: { ids: [lineId], new: 0 } });
    expect(preview.status).toBe(400);
    expect(preview.body.msg).toContain(REASON);
    const c = await companyOf('clinic');
    const [addr] = await t.db.select({ id: addresses.id }).from(addresses).where(eq(addresses.companyId, c.companyId!));
    const order = await t.call('POST', '/api/cart/checkout', {
      cookie: clinic,
      body: { ids: [lineId], new: 1, address_id: addr.id, expected_pay_amount: 100 },
    });
    expect(order.status).toBe(400);
    expect(order.body.msg).toContain(REASON);
  });

  it('copying to a store checks the store’s own scope', async () => {
    const chain = await t.signIn('chain', 'demo1234');
    const store = await companyOf('chain-a');
    await t.db.update(companies).set({ businessScope: CLINIC_SCOPE }).where(eq(companies.id, store.companyId!));
    const added = await t.call('POST', '/api/cart', {
      cookie: chain,
      body: {
        params: [
          { goods_id: herbId, number: 1 },
          { goods_id: drugId, number: 1 },
        ],
      },
    });
    expect(added.status).toBe(200);
    const res = await t.call('POST', '/api/cart/copy', {
      cookie: chain,
      body: { ids: added.body.data.lines, other_user_ids: [store.userId] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.copied.map((c: { goods_id: number }) => c.goods_id)).toEqual([drugId]);
    expect(res.body.data.skipped).toEqual([
      expect.objectContaining({ goods_id: herbId, reason: expect.stringContaining(REASON) }),
    ]);
  });
});

describe('a lapsed required certificate', () => {
  const REASON = '药品经营许可证已过期，暂不能购买';

  it('blocks adding any goods and checking out, naming the certificate', async () => {
    expect((await t.call('GET', `/api/goods/detail/${drugId}`, { cookie: expired })).body.data.buy_block).toBe(REASON);
    const add = await t.call('POST', '/api/cart', {
      cookie: expired,
      body: { params: [{ goods_id: drugId, number: 1 }] },
    });
    expect(add.status).toBe(400);
    expect(add.body.msg).toContain(REASON);
    const lineId = await addLine('expired', drugId);
    const preview = await t.call('POST', '/api/cart/checkout', { cookie: expired, body: { ids: [lineId], new: 0 } });
    expect(preview.status).toBe(403);
    expect(preview.body.msg).toBe('您的药品经营许可证已过期，请在“资质证照”上传新证件，审核通过后再下单');
  });

  it('a pending renewal does not lift it; the approved one does', async () => {
    const list = (await t.call<CertificateList>('GET', '/api/user/zizhi', { cookie: expired })).body.data.list;
    const drug = list.find((c) => c.kind === 'drug_license')!;
    const res = await t.call<CertificateList>('POST', `/api/user/zizhi/${drug.id}/renew`, {
      cookie: expired,
      form: renewalForm({ number: '湘CB7310999' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.blocking).toEqual(['药品经营许可证']);
    expect(
      (await t.call('POST', '/api/cart', { cookie: expired, body: { params: [{ goods_id: drugId, number: 1 }] } }))
        .status,
    ).toBe(400);
    await t.db
      .update(qualificationFiles)
      .set({ status: 'approved' })
      .where(eq(qualificationFiles.id, res.body.data.list.find((c) => c.kind === 'drug_license')!.renewal!.id));
    expect(
      (await t.call('POST', '/api/cart', { cookie: expired, body: { params: [{ goods_id: drugId, number: 1 }] } }))
        .status,
    ).toBe(200);
  });
});

describe('GET /api/jybg/filter (quality inspection reports)', () => {
  it('finds a batch by batch number, 批准文号 or goods name, with its report files', async () => {
    // The best seller always has reports (the seed attaches them to the 60 best-selling goods).
    const [top] = await t.db
      .select({ id: goods.id, name: goods.name, approvalNo: goods.approvalNo, batchNo: goods.batchNo })
      .from(goods)
      .orderBy(desc(goods.salesCount), goods.id)
      .limit(1);
    for (const kw of [top.batchNo, top.approvalNo, top.name]) {
      const res = await t.call('GET', `/api/jybg/filter?keywords=${encodeURIComponent(kw)}`, { cookie: demo });
      expect(res.status, kw).toBe(200);
      const batches = (
        res.body.data.list as { goods_id: number; batch_no: string; reports: { title: string; file_url: string }[] }[]
      ).filter((b) => b.goods_id === top.id);
      expect(batches.length, kw).toBeGreaterThan(0);
      expect(
        batches.every((b) => b.reports.length > 0 && b.reports[0].title === '出厂检验报告'),
        kw,
      ).toBe(true);
    }
    const current = (
      await t.call('GET', `/api/jybg/filter?keywords=${encodeURIComponent(top.batchNo)}`, { cookie: demo })
    ).body.data.list.find(
      (b: { goods_id: number; batch_no: string }) => b.goods_id === top.id && b.batch_no === top.batchNo,
    );
    const file = await t.app.request(current.reports[0].file_url, { headers: { cookie: demo } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const none = await t.call('GET', '/api/jybg/filter?keywords=%E6%B2%A1%E6%9C%89%E8%BF%99%E7%A7%8D%E8%8D%AF', {
      cookie: demo,
    });
    expect(none.body.data).toMatchObject({ list: [], total: 0 });
    // LIKE wildcards typed by a buyer are literal.
    expect((await t.call('GET', '/api/jybg/filter?keywords=%5F%5F', { cookie: demo })).body.data.total).toBe(0);
  });

  it('refuses an empty or too long keyword and a bad page', async () => {
    const empty = await t.call('GET', '/api/jybg/filter?keywords=%20', { cookie: demo });
    expect(empty.status).toBe(422);
    expect(empty.body.msg).toBe('请输入商品名称、批准文号或批号');
    expect((await t.call('GET', `/api/jybg/filter?keywords=${'a'.repeat(51)}`, { cookie: demo })).status).toBe(422);
    expect((await t.call('GET', '/api/jybg/filter?keywords=a&page=0', { cookie: demo })).status).toBe(422);
  });

  it('shows the configured message to a member without the service, and 404 for unknown reports', async () => {
    const res = await t.call('GET', '/api/jybg/filter?keywords=a', { cookie: expired });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('质检报告请联系客服索取');
    expect((await t.call('GET', '/api/jybg/report/999999', { cookie: demo })).status).toBe(404);
  });

  it('hides the reports of 控销 goods from a company not entitled to them', async () => {
    const [kx] = await t.db
      .select({ id: goods.id })
      .from(goods)
      .where(and(eq(goods.isKx, true), eq(goods.isOnSale, true)))
      .limit(1);
    const [batch] = await t.db
      .insert(goodsBatches)
      .values({ goodsId: kx.id, batchNo: 'KX20250601' })
      .returning({ id: goodsBatches.id });
    const [report] = await t.db
      .insert(inspectionReports)
      .values({
        batchId: batch.id,
        title: '出厂检验报告',
        fileName: 'kx.pdf',
        mime: 'application/pdf',
        size: 5,
        content: pdfBytes(),
      })
      .returning({ id: inspectionReports.id });
    const special = await t.call('GET', '/api/jybg/filter?keywords=KX20250601', { cookie: demo });
    expect(special.body.data.list.map((b: { goods_id: number }) => b.goods_id)).toEqual([kx.id]);
    const plain = await t.call('GET', '/api/jybg/filter?keywords=KX20250601', { cookie: clinic });
    expect(plain.body.data).toMatchObject({ list: [], total: 0 });
    expect((await t.app.request(`/api/jybg/report/${report.id}`, { headers: { cookie: demo } })).status).toBe(200);
    expect((await t.app.request(`/api/jybg/report/${report.id}`, { headers: { cookie: clinic } })).status).toBe(404);
  });
});
