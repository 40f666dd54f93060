// The editor's form state: text as typed (prices in yuan), turned into the API's input (integer
// fen) with every problem the console can see before sending — the same cross-field rules the
// server applies (goodsEditProblems), keyed like the server's 422 so both show in one place.
import { goodsEditProblems, yuanTextToFen, type ConsoleGoods, type GoodsEdit } from '@domain/admin-goods.ts';
import { formatFen } from '@domain/money.ts';
import type { ScopeClass } from '@domain/business-scope.ts';
import type { PlacementDraft } from '../../widgets/goods-placement-fields.tsx';

export interface StepDraft {
  min_number: string;
  price: string;
}

export interface RankDraft {
  rank: string;
  price: string;
}

export interface GoodsDraft {
  name: string;
  approval_no: string;
  barcode: string;
  base_price: string;
  retail_price: string;
  stock: string;
  purchase_limit: string;
  ephedrine_limit: string;
  min_buy: string;
  zbz: string;
  mid_pack_strict: boolean;
  qg_number: string;
  is_on_sale: boolean;
  is_kx: boolean;
  is_jxq: boolean;
  is_ephedrine: boolean;
  is_free_shipping: boolean;
  is_dpby: boolean;
  scope_class: ScopeClass;
  ladder_prices: StepDraft[];
  rank_prices: RankDraft[];
  /** Where it hangs: category, maker, brand, warehouse (ids as the selects hold them). */
  placement: PlacementDraft;
}

export function draftOf(g: ConsoleGoods): GoodsDraft {
  return {
    name: g.name,
    approval_no: g.approval_no,
    barcode: g.barcode,
    base_price: formatFen(g.base_price),
    retail_price: formatFen(g.retail_price),
    stock: String(g.stock),
    purchase_limit: String(g.purchase_limit),
    ephedrine_limit: String(g.ephedrine_limit),
    min_buy: String(g.min_buy),
    zbz: String(g.zbz),
    mid_pack_strict: g.mid_pack_strict,
    qg_number: String(g.qg_number),
    is_on_sale: g.is_on_sale,
    is_kx: g.is_kx,
    is_jxq: g.is_jxq,
    is_ephedrine: g.is_ephedrine,
    is_free_shipping: g.is_free_shipping,
    is_dpby: g.is_dpby,
    scope_class: g.scope_class,
    ladder_prices: g.ladder_prices.map((l) => ({ min_number: String(l.min_number), price: formatFen(l.price) })),
    rank_prices: g.rank_prices.map((r) => ({ rank: String(r.rank), price: formatFen(r.price) })),
    placement: {
      category_id: g.category_id ? String(g.category_id) : '',
      manufacturer_id: g.manufacturer_id ? String(g.manufacturer_id) : '',
      brand_id: g.brand_id ? String(g.brand_id) : '',
      warehouse_id: g.warehouse_id ? String(g.warehouse_id) : '',
    },
  };
}

const wholeOf = (s: string): number | null => (/^\d{1,9}$/.test(s.trim()) ? Number(s.trim()) : null);

/** The API input, or the problems that keep it from being sent (field keys as the server's). */
export function inputOf(d: GoodsDraft): { input: GoodsEdit | null; problems: Record<string, string[]> } {
  const problems: Record<string, string[]> = {};
  const add = (field: string, msg: string) => void (problems[field] ??= []).push(msg);
  const money = (field: string, text: string, what: string, required = true): number => {
    const fen = yuanTextToFen(text);
    if (fen === null || (required && fen === 0)) add(field, `${what}须为大于0的金额（元，最多两位小数）`);
    return fen ?? 0;
  };
  const whole = (field: string, text: string, what: string): number => {
    const n = wholeOf(text);
    if (n === null) add(field, text.trim().startsWith('-') ? `${what}不能为负数` : `${what}须为整数`);
    return n ?? 0;
  };
  if (d.name.trim() === '') add('name', '请填写商品名称');
  const pick = (field: 'category_id' | 'manufacturer_id' | 'warehouse_id', msg: string): number => {
    const n = wholeOf(d.placement[field]);
    if (n === null || n === 0) add(field, msg);
    return n ?? 0;
  };
  const input: GoodsEdit = {
    name: d.name.trim(),
    approval_no: d.approval_no.trim(),
    barcode: d.barcode.trim(),
    base_price: money('base_price', d.base_price, '基础价'),
    retail_price: d.retail_price.trim() === '' ? 0 : money('retail_price', d.retail_price, '建议零售价', false),
    stock: whole('stock', d.stock, '库存'),
    purchase_limit: whole('purchase_limit', d.purchase_limit, '每单限购'),
    ephedrine_limit: whole('ephedrine_limit', d.ephedrine_limit, '含麻黄碱每单限购'),
    min_buy: whole('min_buy', d.min_buy, '起订量'),
    zbz: whole('zbz', d.zbz, '中包装'),
    mid_pack_strict: d.mid_pack_strict,
    qg_number: whole('qg_number', d.qg_number, '单品包邮起订量'),
    is_on_sale: d.is_on_sale,
    is_kx: d.is_kx,
    is_jxq: d.is_jxq,
    is_ephedrine: d.is_ephedrine,
    is_free_shipping: d.is_free_shipping,
    is_dpby: d.is_dpby,
    scope_class: d.scope_class,
    ladder_prices: d.ladder_prices.map((l, i) => ({
      min_number: whole(`ladder_prices.${i}.min_number`, l.min_number, '阶梯起购数量'),
      price: money(`ladder_prices.${i}.price`, l.price, '阶梯价'),
    })),
    rank_prices: d.rank_prices.map((r, i) => ({
      rank: whole(`rank_prices.${i}.rank`, r.rank, '会员等级'),
      price: money(`rank_prices.${i}.price`, r.price, '等级价'),
    })),
    category_id: pick('category_id', '请选择分类'),
    manufacturer_id: pick('manufacturer_id', '请选择生产厂家'),
    brand_id: d.placement.brand_id === '' ? null : Number(d.placement.brand_id),
    warehouse_id: pick('warehouse_id', '请选择仓库'),
  };
  if (input.zbz === 0 && !problems.zbz) add('zbz', '中包装至少为1');
  for (const [field, messages] of Object.entries(goodsEditProblems(input))) {
    for (const m of messages) if (!problems[field]) add(field, m);
  }
  return { input: Object.keys(problems).length === 0 ? input : null, problems };
}
