// The shop's own catalogue in the console (issue 32 §1): 新建商品 with every field and its
// refusals (批准文号, barcode check digit, 中包装, duplicate external code, a category that is not a
// leaf), 上架/下架 with a reason (a retired goods leaves list and search at once, cannot be added,
// its cart line says why, checkout refuses it), deleting only never-ordered goods, the category
// tree (three levels, move a subtree, delete only an empty one), makers (pinyin recomputed, merge)
// and warehouses; and the demo seed writing its goods through the same service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { roleOperator } from '../helpers/operators.ts';
import { createShop, type Shop, type ShopBuyer } from '../fixtures/checkout.ts';
import { ensureManufacturer } from '../fixtures/catalogue.ts';
import { auditLog, catalogueChanges, categories, focusItems, goods, goodsAlerts } from '../../server/db/schema.ts';
import { addGoodsTag, dropGoodsTag } from '../../server/services/catalogue/change-goods.ts';
import {
  isApprovalNo,
  isBarcode,
  type ConsoleBrand,
  type ConsoleCategory,
  type GoodsCreateInput,
} from '../../src/domain/admin-catalogue.ts';
import type { GoodsListResult } from '../../src/domain/catalog.ts';
import type { ConsoleGoods } from '../../src/domain/admin-goods.ts';
import type { SearchSuggestion } from '../../src/domain/contracts.ts';
import type { CartState } from '../../src/domain/cart-types.ts';

let t: TestApp;
let shop: Shop;
let ops: string;
let buyer: ShopBuyer;
let makerId: number;

const errorsOf = (res: { body: { data: unknown } }) => (res.body.data as { errors: Record<string, string[]> }).errors;
const lastAudit = async (action: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

/** A valid new goods; each refusal test breaks one field. */
const draft = (over: Partial<GoodsCreateInput> = {}): GoodsCreateInput => ({
  external_code: 'ERP-10001',
  name: '清咽利喉含片',
  common_name: '清咽利喉含片',
  ypgg: '0.5g*24片',
  dosage_form: '片剂',
  bzdw: '盒',
  zbz: 10,
  mid_pack_strict: false,
  jzl: 400,
  manufacturer_id: makerId,
  brand_id: null,
  category_id: shop.cat.leaf['感冒用药'] ?? shop.cat.category['感冒用药'],
  warehouse_id: shop.cat.warehouseId,
  approval_no: '国药准字Z20043020',
  barcode: '6901234567892',
  base_price: 1_580,
  retail_price: 2_200,
  stock: 300,
  purchase_limit: 0,
  ephedrine_limit: 0,
  min_buy: 1,
  qg_number: 0,
  is_kx: false,
  is_jxq: false,
  is_ephedrine: false,
  is_free_shipping: false,
  is_dpby: false,
  is_rx: false,
  is_zy: false,
  is_qx: false,
  scope_class: 'zcy',
  ladder_prices: [{ min_number: 10, price: 1_500 }],
  rank_prices: [],
  description: '<p>清热利咽</p><script>alert(1)</script>',
  ...over,
});
const create = (over: Partial<GoodsCreateInput> = {}) =>
  t.call<{ id: number }>('POST', '/api/admin/goods', { cookie: ops, json: draft(over) });
const sale = (id: number, on: boolean, reason = '新品上市') =>
  t.call('POST', `/api/admin/goods/${id}/sale`, { cookie: ops, json: { on_sale: on, reason } });

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t);
  ops = (await roleOperator(t, 'operations')).cookie;
  buyer = await shop.buyer();
  makerId = await ensureManufacturer(t.db, '康源制药有限公司');
});
afterAll(() => t.close());

describe('新建商品 and 上架/下架', () => {
  let id: number;

  it('creates a goods with every field, off sale, sanitised, audited and logged', async () => {
    const res = await create();
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.msg).toBe('商品已创建（未上架）');
    id = res.body.data.id;
    const [row] = await t.db.select().from(goods).where(eq(goods.id, id));
    expect(row).toMatchObject({
      externalCode: 'ERP-10001',
      isOnSale: false,
      zbz: 10,
      jzl: 400,
      sccj: '康源制药有限公司',
      pinyinInitials: 'qylhhp',
      ladderPriceType: 1,
      approvalNo: '国药准字Z20043020',
    });
    expect(row.description).toBe('<p>清热利咽</p>');
    expect(await lastAudit('goods.create')).toMatchObject({ targetId: id });
    const log = await t.db.select().from(catalogueChanges).where(eq(catalogueChanges.goodsId, id));
    expect(log.map((r) => r.kind)).toEqual(['created']);
    // Off sale: no buyer finds it yet.
    const found = await t.call<SearchSuggestion[]>('GET', '/api/goods/search?keywords=qylh', { cookie: buyer.cookie });
    expect(found.body.data.map((s) => s.id)).not.toContain(id);
  });

  it('puts it on sale with a reason: found by pinyin initials, bought; takes it off sale: gone at once, cart line says why, checkout refuses', async () => {
    const listed = async () =>
      (
        await t.call<GoodsListResult>('GET', '/api/goods/list?keywords=qylhhp', { cookie: buyer.cookie })
      ).body.data.list.map((g) => g.id);
    expect(await listed()).not.toContain(id); // stored answer from before 上架
    expect((await sale(id, true)).status).toBe(200);
    expect((await lastAudit('goods.on_sale')).after).toEqual({ is_on_sale: true, reason: '新品上市' });
    expect(await listed()).toContain(id);
    const found = await t.call<SearchSuggestion[]>('GET', '/api/goods/search?keywords=qylh', { cookie: buyer.cookie });
    expect(found.body.data.map((s) => s.id)).toContain(id);
    const [line] = await shop.fill(buyer, [[id, 10]]);
    expect((await shop.order(buyer, [line])).status).toBe(200);

    const [again] = await shop.fill(buyer, [[id, 10]]);
    const off = await sale(id, false, '厂家停产');
    expect(off.status, off.body.msg).toBe(200);
    expect((await lastAudit('goods.off_sale')).after).toEqual({ is_on_sale: false, reason: '厂家停产' });
    expect(await listed()).not.toContain(id);
    const cart = await t.call<CartState>('GET', '/api/cart/list', { cookie: buyer.cookie });
    const held = JSON.stringify(cart.body.data);
    expect(held).toContain('已下架');
    const add = await t.call('POST', '/api/cart', {
      cookie: buyer.cookie,
      body: { params: [{ goods_id: id, number: 10 }] },
    });
    expect(JSON.stringify(add.body)).toContain('已下架');
    const refused = await shop.order(buyer, [again]);
    expect(refused.status).not.toBe(200);
    expect(refused.body.msg).toContain('已下架');
  });

  it('refuses a second 下架, a move without a reason, and the editor flipping the state', async () => {
    expect((await sale(id, false, '再次下架')).body.msg).toBe('该商品已下架');
    const noReason = await t.call('POST', `/api/admin/goods/${id}/sale`, {
      cookie: ops,
      json: { on_sale: true, reason: ' ' },
    });
    expect(noReason.status).toBe(422);
    expect(errorsOf(noReason).reason).toEqual(['请填写原因']);
  });
});

describe('the fewest fields a new goods needs', () => {
  it('takes code, name, spec, unit, price, stock, 中包装, maker, category and warehouse; flags default off', async () => {
    const res = await t.call<{ id: number }>('POST', '/api/admin/goods', {
      cookie: ops,
      json: {
        external_code: 'ERP-MIN-1',
        name: '最少字段片',
        ypgg: '10片',
        bzdw: '盒',
        base_price: 990,
        stock: 5,
        zbz: 1,
        manufacturer_id: makerId,
        category_id: shop.cat.category['退热药'],
        warehouse_id: shop.cat.warehouseId,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await t.db.select().from(goods).where(eq(goods.id, res.body.data.id));
    expect(row).toMatchObject({ isKx: false, isDpby: false, scopeClass: 'xy', isOnSale: false });
  });
});

describe('a test per refusal of 新建商品', () => {
  const refusal = async (over: Partial<GoodsCreateInput>, field: string, msg: string) => {
    const res = await create({ external_code: `REF-${field}-${Math.random().toString(36).slice(2, 8)}`, ...over });
    expect(res.status, field).toBe(422);
    expect(errorsOf(res)[field], field).toEqual([msg]);
  };

  it('a 批准文号 in no known format', () =>
    refusal(
      { approval_no: '国药准字X2004' },
      'approval_no',
      '批准文号格式不正确（如 国药准字H20043020、国械注准20153660432、粤械备20150012号）',
    ));
  it('a barcode whose check digit is wrong', () =>
    refusal({ barcode: '6901234567891' }, 'barcode', '条形码须为8、12、13或14位数字且校验位正确'));
  it('中包装 below 1', () => refusal({ zbz: 0 }, 'zbz', '中包装至少为1'));
  it('a duplicate external code', () =>
    refusal({ external_code: 'ERP-10001' }, 'external_code', '外部编码已被其他商品使用'));
  it('a category that is not a leaf', () =>
    refusal({ category_id: shop.cat.category['西药'] }, 'category_id', '请选择最末一级分类'));
  it('a maker that does not exist', () => refusal({ manufacturer_id: 999_999 }, 'manufacturer_id', '生产厂家不存在'));

  it('accepts every other format: 器械 注册证 and 备案, 保健食品, 消毒, no number (饮片), EAN-8', () => {
    for (const ok of [
      '国械注准20153660432',
      '粤械注准20172640123',
      '粤械备20150012号',
      '粤穗械备20150012号',
      '国食健注G20150123',
      '粤卫消证字(2015)第0001号',
      '',
    ])
      expect(isApprovalNo(ok), ok).toBe(true);
    for (const bad of ['国药准字H2004302', 'H2004302X', '械备']) expect(isApprovalNo(bad), bad).toBe(false);
    expect(isBarcode('96385074')).toBe(true);
    expect(isBarcode('96385075')).toBe(false);
  });
});

describe('the editor moves an existing goods (category, maker, brand, warehouse)', () => {
  type Editable = Omit<
    ConsoleGoods,
    | 'id'
    | 'common_name'
    | 'ypgg'
    | 'bzdw'
    | 'sccj'
    | 'category'
    | 'image'
    | 'images'
    | 'sales_count'
    | 'updated_at'
    | 'batches'
  >;
  const state = async (id: number): Promise<Editable> => {
    const g = (await t.call<ConsoleGoods>('GET', `/api/admin/goods/${id}`, { cookie: ops })).body.data;
    const {
      id: _i,
      common_name: _c,
      ypgg: _y,
      bzdw: _b,
      sccj: _s,
      category: _cat,
      image: _im,
      images: _ims,
      sales_count: _sc,
      updated_at: _u,
      batches: _bt,
      ...rest
    } = g;
    return rest;
  };
  const save = (id: number, json: Record<string, unknown>) =>
    t.call<{ changed: string[] }>('POST', `/api/admin/goods/${id}`, { cookie: ops, json });

  it('shows where the goods hangs, moves it through the same checks as 新建商品, audited and logged', async () => {
    const made = await create({ external_code: 'ERP-MOVE-1' });
    const id = made.body.data.id;
    const before = await state(id);
    expect(before).toMatchObject({
      category_id: shop.cat.leaf['感冒用药'],
      manufacturer_id: makerId,
      brand_id: null,
      warehouse_id: shop.cat.warehouseId,
    });
    const otherMaker = await ensureManufacturer(t.db, '太极集团重庆涪陵制药厂有限公司');
    const w = await t.call<{ id: number }>('POST', '/api/admin/catalogue/warehouses', {
      cookie: ops,
      json: { name: '西南仓', region: '重庆' },
    });
    const brandId = shop.cat.brand[Object.keys(shop.cat.brand)[0]];
    const leaf = shop.cat.leaf['退热药'];
    const versionBefore = (await t.db.select().from(catalogueChanges).where(eq(catalogueChanges.goodsId, id))).length;

    const res = await save(id, {
      ...before,
      category_id: leaf,
      manufacturer_id: otherMaker,
      brand_id: brandId,
      warehouse_id: w.body.data.id,
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.changed.sort()).toEqual(['brand_id', 'category_id', 'manufacturer_id', 'warehouse_id']);
    const [row] = await t.db
      .select({
        categoryId: goods.categoryId,
        l1: goods.categoryL1,
        l2: goods.categoryL2,
        manufacturerId: goods.manufacturerId,
        sccj: goods.sccj,
        brandId: goods.brandId,
        warehouseId: goods.warehouseId,
      })
      .from(goods)
      .where(eq(goods.id, id));
    const [leafRow] = await t.db
      .select({ parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, leaf));
    const [mid] = await t.db
      .select({ parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.id, leafRow.parentId!));
    expect(row).toEqual({
      categoryId: leaf,
      l1: mid.parentId,
      l2: leafRow.parentId,
      manufacturerId: otherMaker,
      sccj: '太极集团重庆涪陵制药厂有限公司',
      brandId,
      warehouseId: w.body.data.id,
    });
    expect((await lastAudit('goods.update')).after).toMatchObject({
      category_id: leaf,
      manufacturer_id: otherMaker,
      brand_id: brandId,
      warehouse_id: w.body.data.id,
    });
    const logged = await t.db
      .select()
      .from(catalogueChanges)
      .where(and(eq(catalogueChanges.goodsId, id), eq(catalogueChanges.kind, 'edited')));
    expect(logged.length).toBeGreaterThan(0);
    expect((await t.db.select().from(catalogueChanges).where(eq(catalogueChanges.goodsId, id))).length).toBe(
      versionBefore + 1,
    );
    // The brand goes again (null), and an editor that names none of them keeps them.
    const cleared = await save(id, { ...(await state(id)), brand_id: null });
    expect(cleared.body.data.changed).toEqual(['brand_id']);
    const { category_id: _c, manufacturer_id: _m, brand_id: _b, warehouse_id: _w, ...older } = await state(id);
    expect((await save(id, { ...older, stock: 7 })).body.data.changed).toEqual(['stock']);
    expect((await state(id)).category_id).toBe(leaf);
  });

  it('refuses each bad move on its field and changes nothing', async () => {
    const made = await create({ external_code: 'ERP-MOVE-2' });
    const id = made.body.data.id;
    const before = await state(id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ category_id: shop.cat.category['西药'] }, 'category_id', '请选择最末一级分类'],
      [{ category_id: 999_999 }, 'category_id', '分类不存在'],
      [{ manufacturer_id: 999_999 }, 'manufacturer_id', '生产厂家不存在'],
      [{ brand_id: 999_999 }, 'brand_id', '品牌不存在'],
      [{ warehouse_id: 999_999 }, 'warehouse_id', '仓库不存在'],
      [{ warehouse_id: 'abc' }, 'warehouse_id', '请选择仓库'],
      [{ category_id: -3 }, 'category_id', '请选择分类'],
    ];
    for (const [over, field, msg] of cases) {
      const res = await save(id, { ...before, stock: 99, ...over });
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(errorsOf(res)[field]).toEqual([msg]);
    }
    expect(await state(id)).toEqual(before);
  });
});

describe('deleting goods', () => {
  it('refuses an ordered goods with the reason; deletes a never-ordered one and logs it', async () => {
    const [ordered] = await t.db.select({ id: goods.id }).from(goods).where(eq(goods.externalCode, 'ERP-10001'));
    const refused = await t.call('POST', `/api/admin/goods/${ordered.id}/remove`, { cookie: ops });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('该商品已有订单，不能删除，请改为下架');

    const fresh = await create({ external_code: 'ERP-DEL-1', name: '待删除测试片' });
    await shop.fill(buyer, [[fresh.body.data.id, 10]]).catch(() => null); // off sale: not added
    const res = await t.call('POST', `/api/admin/goods/${fresh.body.data.id}/remove`, { cookie: ops });
    expect(res.status, res.body.msg).toBe(200);
    expect(await t.db.select().from(goods).where(eq(goods.id, fresh.body.data.id))).toHaveLength(0);
    const log = await t.db.select().from(catalogueChanges).where(eq(catalogueChanges.goodsId, fresh.body.data.id));
    expect(log.map((r) => r.kind).sort()).toEqual(['created', 'deleted']);
  });
});

describe('the category tree', () => {
  const cats = async () =>
    (await t.call<ConsoleCategory[]>('GET', '/api/admin/catalogue/categories', { cookie: ops })).body.data;
  const make = (name: string, parent_id: number | null) =>
    t.call<{ id: number }>('POST', '/api/admin/catalogue/categories', { cookie: ops, json: { name, parent_id } });

  it('three levels at most; a root keeps its zone for its children', async () => {
    const root = await make('测试一级', null);
    const two = await make('测试二级', root.body.data.id);
    const three = await make('测试三级', two.body.data.id);
    expect(three.status).toBe(200);
    const four = await make('测试四级', three.body.data.id);
    expect(four.status).toBe(422);
    expect(errorsOf(four).parent_id).toEqual(['分类最多3级']);
    expect((await cats()).find((c) => c.id === three.body.data.id)).toMatchObject({
      level: 3,
      parent_id: two.body.data.id,
    });
  });

  it('refuses "/" in a category name, new or renamed (the catalogue file’s path separator); the full-width ／ is fine', async () => {
    const slash = await make('感冒/发热', null);
    expect(slash.status).toBe(422);
    expect(errorsOf(slash).name).toEqual(['分类名称不能包含“/”（导入导出文件用它分隔分类层级），可改用全角“／”']);
    const wide = await make('感冒／发热', null);
    expect(wide.status, wide.body.msg).toBe(200);
    const renamed = await t.call('POST', `/api/admin/catalogue/categories/${wide.body.data.id}`, {
      cookie: ops,
      json: { name: '清热/解毒' },
    });
    expect(renamed.status).toBe(422);
    expect(errorsOf(renamed).name).toEqual(['分类名称不能包含“/”（导入导出文件用它分隔分类层级），可改用全角“／”']);
    expect((await cats()).find((c) => c.id === wide.body.data.id)?.name).toBe('感冒／发热');
  });

  it('refuses to delete a category with goods or children; deletes an empty one', async () => {
    const withGoods = await t.call('POST', `/api/admin/catalogue/categories/${shop.cat.category['感冒用药']}/remove`, {
      cookie: ops,
    });
    expect(withGoods.status).toBe(409);
    expect(withGoods.body.msg).toBe('该分类下还有商品，不能删除');
    const withChildren = await t.call('POST', `/api/admin/catalogue/categories/${shop.cat.category['西药']}/remove`, {
      cookie: ops,
    });
    expect(withChildren.body.msg).toBe('该分类下还有下级分类，不能删除');
    const empty = await make('空分类', null);
    expect(
      (await t.call('POST', `/api/admin/catalogue/categories/${empty.body.data.id}/remove`, { cookie: ops })).status,
    ).toBe(200);
    expect(await t.db.select().from(categories).where(eq(categories.id, empty.body.data.id))).toHaveLength(0);
  });

  it('moves a subtree: levels follow, goods below get their new ancestors and are logged', async () => {
    const l2 = shop.cat.category['感冒发热'];
    const newRoot = shop.cat.category['中成药'];
    const [g] = await t.db
      .select({ id: goods.id })
      .from(goods)
      .where(eq(goods.categoryId, shop.cat.category['感冒用药']))
      .limit(1);
    const res = await t.call<{ moved_goods: number }>('POST', `/api/admin/catalogue/categories/${l2}/move`, {
      cookie: ops,
      json: { parent_id: newRoot },
    });
    expect(res.status, res.body.msg).toBe(200);
    expect(res.body.data.moved_goods).toBeGreaterThan(0);
    const [row] = await t.db
      .select({ l1: goods.categoryL1, l2: goods.categoryL2 })
      .from(goods)
      .where(eq(goods.id, g.id));
    expect(row).toEqual({ l1: newRoot, l2 });
    expect(
      (
        await t.db
          .select()
          .from(catalogueChanges)
          .where(and(eq(catalogueChanges.goodsId, g.id), eq(catalogueChanges.kind, 'edited')))
      ).length,
    ).toBeGreaterThan(0);
    const into = await t.call('POST', `/api/admin/catalogue/categories/${l2}/move`, {
      cookie: ops,
      json: { parent_id: shop.cat.category['感冒用药'] },
    });
    expect(errorsOf(into).parent_id).toEqual(['不能移动到自己或自己的下级分类下']);
  });
});

describe('makers and warehouses', () => {
  it('a rename recomputes the pinyin initials and the goods’ maker name; a merge moves the goods', async () => {
    const a = await t.call<{ id: number; pinyin_initials: string }>('POST', '/api/admin/catalogue/makers', {
      cookie: ops,
      json: { name: '华北制药股份有限公司' },
    });
    expect(a.body.data.pinyin_initials).toBe('hbzygfyxgs');
    const made = await create({ external_code: 'ERP-MK-1', manufacturer_id: a.body.data.id });
    const renamed = await t.call<{ pinyin_initials: string }>('POST', `/api/admin/catalogue/makers/${a.body.data.id}`, {
      cookie: ops,
      json: { name: '华北制药集团' },
    });
    expect(renamed.body.data.pinyin_initials).toBe('hbzyjt');
    const [g] = await t.db
      .select({ sccj: goods.sccj, initials: goods.sccjPinyinInitials })
      .from(goods)
      .where(eq(goods.id, made.body.data.id));
    expect(g).toEqual({ sccj: '华北制药集团', initials: 'hbzyjt' });
    const merged = await t.call<{ moved_goods: number }>(
      'POST',
      `/api/admin/catalogue/makers/${a.body.data.id}/merge`,
      { cookie: ops, json: { into: makerId } },
    );
    expect(merged.body.data.moved_goods).toBe(1);
    const [after] = await t.db
      .select({ sccj: goods.sccj, manufacturerId: goods.manufacturerId })
      .from(goods)
      .where(eq(goods.id, made.body.data.id));
    expect(after).toEqual({ sccj: '康源制药有限公司', manufacturerId: makerId });
    const dup = await t.call('POST', '/api/admin/catalogue/makers', {
      cookie: ops,
      json: { name: '康源制药有限公司' },
    });
    expect(errorsOf(dup).name).toEqual(['已有同名的生产厂家']);
  });

  it('creates and renames a warehouse', async () => {
    const w = await t.call<{ id: number }>('POST', '/api/admin/catalogue/warehouses', {
      cookie: ops,
      json: { name: '华南仓', region: '广州' },
    });
    expect(w.status).toBe(200);
    expect(
      (
        await t.call('POST', `/api/admin/catalogue/warehouses/${w.body.data.id}`, {
          cookie: ops,
          json: { name: '华南一仓', region: '广州' },
        })
      ).status,
    ).toBe(200);
    const bad = await t.call('POST', '/api/admin/catalogue/warehouses', { cookie: ops, json: { name: '' } });
    expect(errorsOf(bad).name).toEqual(['请填写仓库名称']);
  });
});

describe('brands', () => {
  const brandsList = async () =>
    (await t.call<ConsoleBrand[]>('GET', '/api/admin/catalogue/brands', { cookie: ops })).body.data;
  const removeBrand = (id: number) => t.call('POST', `/api/admin/catalogue/brands/${id}/remove`, { cookie: ops });

  it('creates and edits a brand with its logo, description and brand-zone picture, audited', async () => {
    const made = await t.call<{ id: number }>('POST', '/api/admin/catalogue/brands', {
      cookie: ops,
      json: { name: '康源', logo: '/media/brand/ky.png', banner: '/media/brand/ky-zone.png', description: '老字号' },
    });
    expect(made.status, made.body.msg).toBe(200);
    const id = made.body.data.id;
    const edited = await t.call('POST', `/api/admin/catalogue/brands/${id}`, {
      cookie: ops,
      json: {
        name: '康源堂',
        logo: '/media/brand/ky2.png',
        banner: '/media/brand/ky-zone2.png',
        description: '百年老字号',
        sort: 3,
      },
    });
    expect(edited.body.msg).toBe('品牌已保存');
    expect((await brandsList()).find((b) => b.id === id)).toMatchObject({
      name: '康源堂',
      logo: '/media/brand/ky2.png',
      banner: '/media/brand/ky-zone2.png',
      description: '百年老字号',
      sort: 3,
      goods_count: 0,
    });
    expect((await lastAudit('brand.update')).targetId).toBe(id);
    const bad = await t.call('POST', '/api/admin/catalogue/brands', { cookie: ops, json: { name: '' } });
    expect(errorsOf(bad).name).toEqual(['请填写品牌名称']);
  });

  it('deletes only an unused brand: goods or a 品牌专区 slot naming it refuse with the reason', async () => {
    const made = await t.call<{ id: number }>('POST', '/api/admin/catalogue/brands', {
      cookie: ops,
      json: { name: '待删品牌' },
    });
    const id = made.body.data.id;
    const g = await create({ external_code: 'ERP-BRAND-1', brand_id: id });
    expect(g.status, g.body.msg).toBe(200);
    const used = await removeBrand(id);
    expect(used.status).toBe(409);
    expect(used.body.msg).toBe('该品牌下还有商品，不能删除');
    await t.db.update(goods).set({ brandId: null }).where(eq(goods.id, g.body.data.id));
    const [slot] = await t.db
      .insert(focusItems)
      .values({ slot: 'brand', image: '/media/x.png', refId: id })
      .returning({ id: focusItems.id });
    const inZone = await removeBrand(id);
    expect(inZone.status).toBe(409);
    expect(inZone.body.msg).toBe('该品牌仍在品牌专区广告位中使用，不能删除');
    await t.db.delete(focusItems).where(eq(focusItems.id, slot.id));
    const gone = await removeBrand(id);
    expect(gone.status).toBe(200);
    expect(gone.body.msg).toBe('品牌已删除');
    expect((await brandsList()).some((b) => b.id === id)).toBe(false);
    expect((await lastAudit('brand.delete')).before).toMatchObject({ name: '待删品牌' });
    expect((await removeBrand(id)).status).toBe(404);
    expect((await removeBrand(0)).status).toBe(404);
  });
});

describe('the demo seed', () => {
  it('writes its goods through the same service: each logged as created, each identifier valid', async () => {
    const seeded = await createTestApp({ seed: 40 });
    try {
      const rows = await seeded.db
        .select({
          id: goods.id,
          approvalNo: goods.approvalNo,
          barcode: goods.barcode,
          externalCode: goods.externalCode,
        })
        .from(goods);
      const created = new Set(
        (await seeded.db.select().from(catalogueChanges).where(eq(catalogueChanges.kind, 'created'))).map(
          (r) => r.goodsId,
        ),
      );
      const twins = new Set(
        (await seeded.db.select({ id: goods.id }).from(goods).where(eq(goods.ypgg, '积分商城'))).map((r) => r.id),
      );
      expect(twins.size).toBeGreaterThan(0);
      // Every goods, the points mall's twins included, came through insertGoodsRows (logged created).
      for (const r of rows) expect(created.has(r.id), `goods ${r.id}`).toBe(true);
      for (const r of rows.filter((g) => !twins.has(g.id))) {
        expect(isApprovalNo(r.approvalNo), r.approvalNo).toBe(true);
        expect(isBarcode(r.barcode), r.barcode).toBe(true);
        expect(r.externalCode).toMatch(/^KY\d{6}$/);
      }
      for (const id of twins) expect(rows.find((g) => g.id === id)?.externalCode).toBe('');
      // The seed's later goods updates are noted: the goods a 到货通知 waits on, set to stock 0
      // (stock); its 赠/换购 badges go through addGoodsTag/dropGoodsTag (tested below).
      const log = await seeded.db
        .select({ goodsId: catalogueChanges.goodsId, kind: catalogueChanges.kind })
        .from(catalogueChanges);
      const kindsOf = (id: number) => new Set(log.filter((l) => l.goodsId === id).map((l) => l.kind));
      const [waiting] = await seeded.db
        .select({ goodsId: goodsAlerts.goodsId })
        .from(goodsAlerts)
        .where(and(eq(goodsAlerts.kind, 'restock'), isNull(goodsAlerts.notifiedAt)));
      expect(kindsOf(waiting.goodsId).has('stock')).toBe(true);
    } finally {
      await seeded.close();
    }
  });

  it('the badges promotions put on goods (赠, 换购) are noted changes, once per goods that changed', async () => {
    const ids: number[] = [];
    for (const code of ['ERP-TAG-1', 'ERP-TAG-2', 'ERP-TAG-3'])
      ids.push((await create({ external_code: code })).body.data.id);
    const edits = async (id: number) =>
      (
        await t.db
          .select()
          .from(catalogueChanges)
          .where(and(eq(catalogueChanges.goodsId, id), eq(catalogueChanges.kind, 'edited')))
      ).length;
    const before = await Promise.all(ids.map(edits));
    expect((await addGoodsTag(t.db, ids, '测试标', t.clock.now())).sort((a, b) => a - b)).toEqual(ids);
    // Again: nothing changes, nothing is noted.
    expect(await addGoodsTag(t.db, ids, '测试标', t.clock.now())).toEqual([]);
    expect(await Promise.all(ids.map(edits))).toEqual(before.map((n) => n + 1));
    const [tags] = await t.db.select({ tags: goods.tags }).from(goods).where(eq(goods.id, ids[0]));
    expect(tags.tags).toContain('测试标');
    expect((await dropGoodsTag(t.db, '测试标', [ids[0]], t.clock.now())).sort((a, b) => a - b)).toEqual(ids.slice(1));
    expect(await Promise.all(ids.map(edits))).toEqual([before[0] + 1, before[1] + 2, before[2] + 2]);
    await dropGoodsTag(t.db, '测试标', [], t.clock.now());
  });
});
