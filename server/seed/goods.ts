// The goods generator: product lines of catalogue-words.ts × manufacturers × warehouses, one row at
// a time from a seeded stream, so the same options give the same catalogue and 100,000 rows never
// sit in memory at once. Pinyin keys are computed once per distinct name (names repeat a lot).
import type { ScopeClass } from '@domain/business-scope.ts';
import type { goods, goodsLadderPrices, promotionGoods } from '../db/schema.ts';
import { searchKeysFor, type SearchKeys } from '../services/search-keys.ts';
import { createRng, hashString, type Rng } from './rng.ts';
import { FEATURED, KIND_LETTER, LEAF_WORDS, PROVINCE_CODES } from './catalogue-words.ts';
import type { ProductKind, SeededLeaf } from './categories.ts';
import type { SeededMaker, SeededWarehouse } from './makers.ts';
import { addDays, shanghaiDate } from './dates.ts';

export type GoodsInsert = typeof goods.$inferInsert & { id: number };
export type LadderInsert = typeof goodsLadderPrices.$inferInsert;
export type PromotionGoodsInsert = Required<Omit<typeof promotionGoods.$inferInsert, 'price'>> & {
  price: number | null;
};

/** A promotion_goods row with every column set (bulk JSON inserts need uniform rows). */
export function promotionGoodsRow(
  row: Pick<PromotionGoodsInsert, 'promotionId' | 'goodsId'> & Partial<PromotionGoodsInsert>,
): PromotionGoodsInsert {
  return {
    price: null,
    quantity: 1,
    stockLimit: 0,
    sold: 0,
    perCompanyLimit: 0,
    groupOutcome: null,
    decidedAt: null,
    ...row,
  };
}

/** One sellable product line in one form and spec, before a maker is chosen. */
export interface Template {
  leaf: SeededLeaf;
  /** Generic name (通用名), e.g. 阿莫西林胶囊. */
  name: string;
  stem: string;
  ypgg: string;
  bzdw: string;
  dosageForm: string;
  rx: boolean;
  ephedrine: boolean;
  /** 国药准字S (live bacteria and other biologicals). */
  bio: boolean;
  /** Typical base price, fen. */
  priceFen: number;
}

const PACK_UNITS = new Set(['盒', '瓶', '袋', '支', '包', '罐', '台', '个', '只', '卷', '副', '对', '条', '贴', '片']);

/** Longest form suffix first, so 肠溶胶囊 wins over 胶囊. */
const DOSAGE_FORMS: readonly (readonly [string, string])[] = [
  ['肠溶软胶囊', '胶囊剂'],
  ['肠溶胶囊', '胶囊剂'],
  ['缓释胶囊', '胶囊剂'],
  ['软胶囊', '胶囊剂'],
  ['胶囊', '胶囊剂'],
  ['口腔粘贴片', '片剂'],
  ['阴道泡腾片', '片剂'],
  ['分散片', '片剂'],
  ['缓释片', '片剂'],
  ['控释片', '片剂'],
  ['肠溶片', '片剂'],
  ['咀嚼片', '片剂'],
  ['泡腾片', '片剂'],
  ['含片', '片剂'],
  ['粘贴片', '片剂'],
  ['阴道片', '片剂'],
  ['喉片', '片剂'],
  ['片', '片剂'],
  ['颗粒', '颗粒剂'],
  ['口服溶液', '口服溶液剂'],
  ['口服液', '合剂'],
  ['合剂', '合剂'],
  ['糖浆', '糖浆剂'],
  ['滴丸', '滴丸剂'],
  ['丸', '丸剂'],
  ['丹', '丸剂'],
  ['散', '散剂'],
  ['乳膏', '乳膏剂'],
  ['软膏', '软膏剂'],
  ['眼膏', '眼膏剂'],
  ['贴膏', '贴膏剂'],
  ['白药膏', '贴膏剂'],
  ['膏', '煎膏剂'],
  ['凝胶', '凝胶剂'],
  ['滴眼液', '滴眼剂'],
  ['滴耳液', '滴耳剂'],
  ['滴鼻液', '滴鼻剂'],
  ['鼻喷雾剂', '喷雾剂'],
  ['喷雾剂', '喷雾剂'],
  ['气雾剂', '气雾剂'],
  ['栓', '栓剂'],
  ['洗剂', '洗剂'],
  ['洗液', '洗剂'],
  ['含漱液', '含漱剂'],
  ['干混悬剂', '混悬剂'],
  ['混悬滴剂', '混悬剂'],
  ['混悬液', '混悬剂'],
  ['滴剂', '滴剂'],
  ['露', '糖浆剂'],
  ['水', '酊剂'],
  ['油', '搽剂'],
  ['浆', '合剂'],
  ['液', '合剂'],
  ['饮', '合剂'],
  ['精', '合剂'],
];

function dosageFormOf(name: string, kind: ProductKind, leafName: string): string {
  if (kind === 'ZY') return '饮片';
  if (leafName === '膏药贴剂') return '贴膏剂';
  if (kind === 'QX' || kind === 'JS' || kind === 'XD') return '';
  const clean = name.replace(/\(.*?\)$/, '');
  for (const [suffix, form] of DOSAGE_FORMS) if (clean.endsWith(suffix)) return form;
  return kind === 'BJ' ? '' : '其他';
}

/** "100ml/瓶" → { ypgg: 100ml, bzdw: 瓶 }; anything else is sold by the box. */
function splitSpec(spec: string): { ypgg: string; bzdw: string } {
  const slash = spec.lastIndexOf('/');
  const unit = slash >= 0 ? spec.slice(slash + 1) : '';
  if (slash > 0 && PACK_UNITS.has(unit)) return { ypgg: spec.slice(0, slash), bzdw: unit };
  return { ypgg: spec, bzdw: '盒' };
}

/** Parses every leaf's lines into templates (see the format in catalogue-words.ts). */
export function buildTemplates(leaves: readonly SeededLeaf[]): Template[] {
  const out: Template[] = [];
  for (const leaf of leaves) {
    for (const line of LEAF_WORDS[leaf.key] ?? []) {
      const [stem, formsPart = '', flags = ''] = line.split('|');
      const rx = flags.includes('R') ? true : flags.includes('O') ? false : leaf.def.rx;
      const priceHint = /@(\d+(?:\.\d+)?)/.exec(flags);
      const [lo, hi] = leaf.def.price;
      const u = hashString(`${leaf.key}/${stem}`) / 4_294_967_296;
      const lineYuan = priceHint ? Number(priceHint[1]) : lo * Math.pow(hi / lo, u);
      const forms: [string, string[]][] = formsPart
        ? formsPart.split(';').map((f) => {
            const [form, specs] = f.split(':');
            return [form, specs.split(',')];
          })
        : [['-', [...(leaf.def.specs ?? ['1盒'])]]];
      forms.forEach(([form, specs], fi) => {
        const name = form === '-' ? stem : stem + form;
        const formFactor = fi === 0 ? 1 : 0.8 + ((hashString(name) % 1000) / 1000) * 0.6;
        specs.forEach((spec, si) => {
          const { ypgg, bzdw } = splitSpec(spec);
          out.push({
            leaf,
            name,
            stem,
            ypgg,
            bzdw: leaf.def.kind === 'ZY' && bzdw === '盒' ? '袋' : bzdw,
            dosageForm: dosageFormOf(name, leaf.def.kind, leaf.def.name),
            rx,
            ephedrine: flags.includes('E'),
            bio: flags.includes('S'),
            priceFen: Math.max(150, Math.round(lineYuan * formFactor * (1 + 0.45 * si) * 100)),
          });
        });
      });
    }
  }
  return out;
}

/** EAN-13 check digit of a 12-digit payload. */
/** The demo distributor's goods code (what its ERP would call the goods). */
export const seededExternalCode = (id: number): string => `KY${String(id).padStart(6, '0')}`;

export function eanCheckDigit(payload12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(payload12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

function digits(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(rng.int(0, 9));
  return s;
}

/** 批准文号 / 注册证号 / 备案号, stable for one maker and product name. */
function approvalNumber(kind: ProductKind, bio: boolean, maker: SeededMaker, name: string): string {
  const h = createRng(hashString(`${maker.name}|${name}`));
  const [code, abbr] = PROVINCE_CODES[maker.province] ?? ['44', '粤'];
  const year = 2000 + h.int(0, 23);
  switch (kind) {
    case 'H':
    case 'Z': {
      const letter = bio ? 'S' : kind;
      return h.chance(0.5) ? `国药准字${letter}${code}${digits(h, 6)}` : `国药准字${letter}${year}${digits(h, 4)}`;
    }
    case 'ZY':
      return '';
    case 'BJ':
      return h.chance(0.6) ? `国食健注G${year}${digits(h, 4)}` : `食健备G${year}${code}${digits(h, 6)}`;
    case 'XD':
      return `${abbr}卫消证字(${year})第${digits(h, 4)}号`;
    case 'QX':
    case 'JS': {
      const cls = h.weighted([
        [1, 3],
        [2, 5],
        [3, 2],
      ] as const);
      if (cls === 1) return `${abbr}械备${year}${digits(h, 4)}号`;
      if (cls === 2) return `${abbr}械注准${year}2${digits(h, 6)}`;
      return `国械注准${year}3${digits(h, 6)}`;
    }
  }
}

/** 经营范围 class of a product kind (src/domain/business-scope.ts); 计生用品 are registered as devices. */
export function scopeClassOf(kind: ProductKind, bio: boolean): ScopeClass {
  if (bio) return 'swzp';
  const byKind: Record<ProductKind, ScopeClass> = {
    H: 'xy',
    Z: 'zcy',
    ZY: 'zyyp',
    QX: 'qx',
    XD: 'xdcp',
    BJ: 'bjsp',
    JS: 'jsyp',
  };
  return byKind[kind];
}

function shelfMonths(kind: ProductKind, bio: boolean): number {
  if (bio) return 24;
  if (kind === 'QX' || kind === 'JS') return 60;
  if (kind === 'ZY' || kind === 'BJ' || kind === 'XD') return 24;
  return 36;
}

function storageOf(t: Template): string {
  const kind = t.leaf.def.kind;
  if (t.bio) return '2～8℃避光保存';
  if (kind === 'ZY') return '置通风干燥处，防潮，防蛀';
  if (kind === 'QX' || kind === 'JS') return '常温、干燥、通风处保存，避免阳光直射';
  if (kind === 'XD') return '密封，置阴凉处，远离火源';
  if (kind === 'BJ') return '密封，置阴凉干燥处';
  if (/液|糖浆|露|水|膏|凝胶/.test(t.name)) return '密封，置阴凉处（不超过20℃）';
  return '遮光，密封，在干燥处保存';
}

const ZY_ORIGINS = [
  '甘肃',
  '内蒙古',
  '山西',
  '四川',
  '云南',
  '安徽亳州',
  '河北安国',
  '宁夏',
  '广西',
  '浙江',
  '吉林',
  '湖北',
];

function descriptionOf(t: Template, maker: SeededMaker, approval: string, rng: Rng): string {
  const kind = t.leaf.def.kind;
  if (kind === 'ZY') {
    return [
      `【品名】${t.name}`,
      `【规格】${t.ypgg}`,
      `【产地】${rng.pick(ZY_ORIGINS)}`,
      '【执行标准】《中国药典》2020年版一部',
      `【生产企业】${maker.name}`,
      `【贮藏】${storageOf(t)}`,
    ].join('\n');
  }
  const lines = [
    `【${kind === 'QX' || kind === 'JS' || kind === 'XD' || kind === 'BJ' ? '产品名称' : '通用名称'}】${t.name}`,
    `【规格】${t.ypgg}`,
    `【${kind === 'H' || kind === 'Z' ? '批准文号' : '注册证号/备案号'}】${approval}`,
    `【生产企业】${maker.name}`,
    `【贮藏】${storageOf(t)}`,
    `【有效期】${shelfMonths(kind, t.bio)}个月`,
  ];
  if (t.ephedrine) lines.push('【特别提示】本品含麻黄碱类复方制剂，按国家规定限量销售，购买需登记。');
  if (t.rx) lines.push('【提示】处方药，请凭医师处方购买和使用。');
  return lines.join('\n');
}

const ROOT_WEIGHTS: Readonly<Record<string, number>> = {
  西药: 38,
  中成药: 30,
  保健食品: 5,
  计生用品: 3,
  中药饮片: 12,
  医疗器械: 12,
};

export interface GoodsContext {
  rng: Rng;
  leaves: readonly SeededLeaf[];
  makers: readonly SeededMaker[];
  warehouses: readonly SeededWarehouse[];
  now: Date;
  firstId: number;
  /** 满减 and 满折 promotions that ~20% and ~10% of goods join. */
  manjianId: number;
  discountId: number;
}

export interface GoodsBatch {
  goods: GoodsInsert[];
  ladders: LadderInsert[];
  promotionGoods: PromotionGoodsInsert[];
}

export interface GoodsFactory {
  next(count: number): GoodsBatch;
  /** Distinct names seen so far (the pinyin cache size). */
  distinctNames(): number;
}

export function createGoodsFactory(ctx: GoodsContext): GoodsFactory {
  const { rng, now } = ctx;
  const templates = buildTemplates(ctx.leaves);
  const byRoot = new Map<string, Template[]>();
  for (const t of templates) {
    const list = byRoot.get(t.leaf.rootName) ?? [];
    list.push(t);
    byRoot.set(t.leaf.rootName, list);
  }
  const rootWeights = [...byRoot.keys()].map((r) => [r, ROOT_WEIGHTS[r] ?? 1] as const);

  const makersByLetter = new Map<string, SeededMaker[]>();
  for (const m of ctx.makers) {
    for (const letter of m.kinds) {
      const list = makersByLetter.get(letter) ?? [];
      list.push(m);
      makersByLetter.set(letter, list);
    }
  }
  const makerByName = new Map(ctx.makers.map((m) => [m.name, m]));
  const warehouseWeights = ctx.warehouses.map((w) => [w, w.weight] as const);

  const featured = FEATURED.flatMap(([display, templateName, makerName]) => {
    const t = templates.find((x) => x.name === templateName);
    const m = makerByName.get(makerName);
    return t && m ? [{ display, template: t, maker: m }] : [];
  });

  const keyCache = new Map<string, SearchKeys>();
  const keysOf = (name: string): SearchKeys => {
    let k = keyCache.get(name);
    if (!k) {
      k = searchKeysFor(name);
      keyCache.set(name, k);
    }
    return k;
  };

  const pickMaker = (t: Template): SeededMaker => {
    const pool = makersByLetter.get(KIND_LETTER[t.leaf.def.kind]) ?? ctx.makers;
    // Most lines come from the same few makers (as in the market); the rest from anyone able to.
    if (pool.length > 6 && rng.chance(0.65)) {
      const h = hashString(t.name);
      return pool[(h + rng.int(0, 5) * 7919) % pool.length];
    }
    return rng.pick(pool);
  };

  let index = 0;

  const makeOne = (batch: GoodsBatch): void => {
    const id = ctx.firstId + index;
    const feat = index < featured.length ? featured[index] : null;
    index++;
    const t = feat?.template ?? rng.pick(byRoot.get(rng.weighted(rootWeights)) ?? templates);
    const maker = feat?.maker ?? pickMaker(t);
    const kind = t.leaf.def.kind;

    let name = feat?.display ?? t.name;
    if (!feat && maker.brand && kind !== 'ZY' && rng.chance(0.35)) name = `${maker.brand}${t.name}`;
    const keys = keysOf(name);

    const approval = approvalNumber(kind, t.bio, maker, t.name);
    const codeRng = createRng(hashString(`${maker.name}|${t.name}|${t.ypgg}`));
    const payload = `69${digits(codeRng, 10)}`;
    const barcode = `${payload}${eanCheckDigit(payload)}`;

    // Expiry: ~6% 近效期 (within 6 months), the rest at least 7 months away.
    const shelfDays = Math.round(shelfMonths(kind, t.bio) * 30.4);
    // The featured goods open the demo, so they are always in date, in stock and buyable.
    const jxq = !feat && rng.chance(0.06);
    const expires = jxq ? addDays(now, rng.int(20, 175)) : addDays(now, rng.int(215, shelfDays - 15));
    const produced = addDays(expires, -shelfDays);
    const batchNo = `${shanghaiDate(produced).replace(/-/g, '').slice(2)}${String(rng.int(1, 12)).padStart(2, '0')}`;

    const zbz =
      kind === 'ZY' || t.bzdw === '台' || t.bzdw === '个'
        ? 1
        : kind === 'QX' || kind === 'XD'
          ? rng.weighted([
              [1, 5],
              [5, 2],
              [10, 3],
            ] as const)
          : rng.weighted([
              [10, 30],
              [20, 25],
              [1, 10],
              [5, 5],
              [12, 5],
              [24, 5],
              [40, 5],
              [50, 5],
              [60, 5],
              [100, 5],
            ] as const);
    const jzl = zbz > 1 ? zbz * rng.pick([10, 20, 30, 40]) : rng.pick([20, 50, 100, 200, 300, 400]);
    const midPackStrict = zbz > 1 && rng.chance(0.12);

    const r = feat ? 1 : rng.next();
    const stock = r < 0.04 ? 0 : r < 0.12 ? rng.int(1, 20) : Math.round(Math.exp(rng.next() * 8.5) * 3) + 50;

    const basePrice = Math.max(100, Math.round(t.priceFen * (0.8 + rng.next() * 0.45)));
    const retailPrice = Math.round((basePrice * (1.25 + rng.next() * 0.55)) / 10) * 10;

    const tags: string[] = [];
    const ageDays = rng.chance(0.08) ? rng.int(0, 29) : rng.int(30, 900);
    const youx = rng.chance(0.1);
    if (youx) tags.push('优');
    const promoRoll = rng.next();
    if (promoRoll < 0.3) tags.push('满');
    if (rng.chance(0.02)) tags.push('换购');
    if (rng.chance(0.03)) tags.push('赠');
    if (ageDays < 30) tags.push('新');

    const isKx = !feat && (kind === 'H' || kind === 'Z') && rng.chance(0.05);
    const isFreeShipping = rng.chance(0.1);
    const isDpby = rng.chance(0.05);
    const createdAt = addDays(now, -ageDays);

    const row: GoodsInsert = {
      id,
      name,
      commonName: t.name,
      pinyinFull: keys.pinyinFull,
      pinyinInitials: keys.pinyinInitials,
      manufacturerId: maker.id,
      sccj: maker.name,
      sccjPinyinInitials: maker.initials,
      brandId: maker.brandId,
      categoryId: t.leaf.id,
      categoryL1: t.leaf.l1,
      categoryL2: t.leaf.l2,
      warehouseId: rng.weighted(warehouseWeights).id,
      ypgg: t.ypgg,
      bzdw: t.bzdw,
      zbz,
      midPackStrict,
      jzl,
      dosageForm: t.dosageForm,
      externalCode: seededExternalCode(id),
      approvalNo: approval,
      barcode,
      batchNo,
      producedOn: shanghaiDate(produced),
      expiresOn: shanghaiDate(expires),
      stock,
      basePrice,
      retailPrice,
      ladderPriceType: 0,
      type: 0,
      isBuy: feat !== null || !rng.chance(0.02),
      isOnSale: true,
      tags,
      isFreeShipping,
      freeShippingNumber: isFreeShipping ? rng.pick([1, 1, zbz, 5, 10]) : 0,
      isDpby,
      qgNumber: isDpby ? Math.max(zbz, 1) * rng.pick([2, 5, 10]) : 0,
      isYoux: youx,
      isJxq: jxq,
      isKx,
      scopeClass: scopeClassOf(kind, t.bio),
      isZy: t.leaf.zone === 'zy',
      isQx: t.leaf.zone === 'qx',
      isRx: t.rx,
      isEphedrine: t.ephedrine,
      ephedrineLimit: t.ephedrine ? rng.int(2, 5) : 0,
      purchaseLimit: rng.chance(0.02) ? rng.pick([10, 20, 50]) : 0,
      minBuy: midPackStrict ? zbz : 1,
      image: `/media/goods/${id}.svg`,
      images: [`/media/goods/${id}.svg`],
      description: descriptionOf(t, maker, approval, rng),
      storage: storageOf(t),
      salesCount: feat ? rng.int(8_000, 60_000) : Math.floor(Math.exp(rng.next() * 9.5)) - 1,
      createdAt,
      updatedAt: createdAt,
    };

    // ~40% have 2-3 ladder steps, each cheaper than the one before.
    if (rng.chance(0.4) && basePrice >= 200) {
      const unit = zbz > 1 ? zbz : rng.pick([5, 10]);
      const mults = rng.chance(0.5) ? [1, 5] : [1, 3, 10];
      let prev = basePrice;
      mults.forEach((m, k) => {
        const price = Math.min(prev - 1, Math.round(basePrice * (1 - 0.02 * (k + 1) - rng.next() * 0.01)));
        prev = price;
        batch.ladders.push({ goodsId: id, minNumber: unit * m, price });
      });
      row.ladderPriceType = 1;
    }

    if (promoRoll < 0.2) batch.promotionGoods.push(promotionGoodsRow({ promotionId: ctx.manjianId, goodsId: id }));
    else if (promoRoll < 0.3)
      batch.promotionGoods.push(promotionGoodsRow({ promotionId: ctx.discountId, goodsId: id }));

    batch.goods.push(row);
  };

  return {
    next(count) {
      const batch: GoodsBatch = { goods: [], ladders: [], promotionGoods: [] };
      for (let i = 0; i < count; i++) makeOne(batch);
      return batch;
    },
    distinctNames: () => keyCache.size,
  };
}
