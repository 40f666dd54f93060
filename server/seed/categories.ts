// The demo category tree: three zones (standard 西药/中成药/保健/计生, zy 中药饮片, qx 医疗器械), three
// levels each. Level-3 nodes are the leaves goods hang on; each leaf says what kind of product it
// holds so the goods generator knows the approval-number format, price band and default specs.
import { categories } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { LEAF_WORDS } from './catalogue-words.ts';

/**
 * H 化学药 (国药准字H), Z 中成药 (国药准字Z), ZY 中药饮片 (no approval number), QX 医疗器械 (械注准/械备),
 * XD 消毒产品 (卫消证字), BJ 保健食品 (国食健注), JS 计生用品 (registered as devices).
 */
export type ProductKind = 'H' | 'Z' | 'ZY' | 'QX' | 'XD' | 'BJ' | 'JS';

export interface LeafDef {
  name: string;
  kind: ProductKind;
  /** Prescription drug by default (entries may override with O / R). */
  rx: boolean;
  /** Typical unit price band in yuan for the cheapest spec. */
  price: readonly [number, number];
  /** Specs used by entries that list none (饮片 by weight, for instance). */
  specs?: readonly string[];
}

interface Level2 {
  name: string;
  leaves: readonly LeafDef[];
}

interface Root {
  name: string;
  zone: 'standard' | 'zy' | 'qx';
  children: readonly Level2[];
}

const H = (name: string, price: readonly [number, number], rx = true): LeafDef => ({ name, kind: 'H', rx, price });
const Z = (name: string, price: readonly [number, number], rx = false): LeafDef => ({ name, kind: 'Z', rx, price });
const ROOT_SPECS = ['片 500g/袋', '片 1kg/袋', '统片 1kg/袋'] as const;
const HERB_SPECS = ['500g/袋', '1kg/袋', '250g/袋'] as const;
const ZY = (name: string, price: readonly [number, number], specs: readonly string[] = HERB_SPECS): LeafDef => ({
  name,
  kind: 'ZY',
  rx: false,
  price,
  specs,
});
const QX = (name: string, price: readonly [number, number]): LeafDef => ({ name, kind: 'QX', rx: false, price });

export const CATEGORY_TREE: readonly Root[] = [
  {
    name: '西药',
    zone: 'standard',
    children: [
      {
        name: '抗感染药',
        leaves: [
          H('青霉素类', [4, 30]),
          H('头孢菌素类', [8, 45]),
          H('大环内酯类', [6, 35]),
          H('喹诺酮类', [5, 40]),
          H('抗病毒药', [6, 60]),
          H('抗真菌药', [8, 60]),
        ],
      },
      {
        name: '心脑血管',
        leaves: [
          H('降压药', [5, 45]),
          H('降脂药', [8, 50]),
          H('抗心绞痛', [5, 40]),
          H('抗血栓', [6, 60]),
          H('脑血管用药', [6, 45]),
        ],
      },
      {
        name: '消化系统',
        leaves: [
          H('抑酸护胃', [6, 40]),
          H('胃肠动力', [8, 35]),
          H('止泻调节菌群', [6, 35], false),
          H('通便药', [4, 35], false),
          H('肝胆用药', [15, 80]),
        ],
      },
      {
        name: '呼吸系统',
        leaves: [H('止咳化痰', [4, 30], false), H('平喘药', [8, 60]), H('抗过敏药', [5, 35], false)],
      },
      {
        name: '解热镇痛',
        leaves: [H('解热镇痛药', [3, 30], false), H('抗感冒复方', [6, 30], false), H('抗风湿痛风', [8, 60])],
      },
      {
        name: '内分泌',
        leaves: [H('降糖药', [6, 60]), H('甲状腺用药', [8, 40]), H('激素类', [5, 40]), H('骨质疏松', [15, 80])],
      },
      {
        name: '神经系统',
        leaves: [H('营养神经', [4, 35]), H('抗眩晕', [5, 35]), H('抗癫痫帕金森', [15, 90])],
      },
      {
        name: '皮肤用药',
        leaves: [
          H('抗真菌外用', [5, 30], false),
          H('皮炎湿疹', [5, 30], false),
          H('抗感染外用', [5, 30], false),
          H('痤疮用药', [10, 50], false),
        ],
      },
      {
        name: '五官科',
        leaves: [H('眼科用药', [5, 40], false), H('耳鼻喉用药', [6, 60], false), H('口腔用药', [6, 30], false)],
      },
      {
        name: '妇科',
        leaves: [H('妇科抗感染', [6, 40], false), H('调经避孕', [10, 60])],
      },
      {
        name: '儿科',
        leaves: [H('儿童感冒退热', [6, 30], false), H('儿童消化', [6, 35], false), H('儿童维生素', [12, 50], false)],
      },
      {
        name: '维生素矿物质',
        leaves: [H('维生素类', [3, 40], false), H('矿物质类', [8, 60], false)],
      },
    ],
  },
  {
    name: '中成药',
    zone: 'standard',
    children: [
      { name: '感冒用药', leaves: [Z('风寒感冒', [6, 30]), Z('风热感冒', [6, 35]), Z('暑湿感冒', [4, 25])] },
      { name: '清热解毒', leaves: [Z('清热泻火', [4, 30]), Z('咽喉肿痛', [5, 30]), Z('口腔溃疡', [6, 30])] },
      { name: '止咳化痰', leaves: [Z('止咳平喘', [8, 45]), Z('清肺化痰', [6, 35])] },
      { name: '补益安神', leaves: [Z('补气补血', [10, 80]), Z('滋阴补肾', [8, 60]), Z('养心安神', [10, 60])] },
      { name: '妇科用药', leaves: [Z('调经养血', [8, 50]), Z('妇科炎症', [10, 50])] },
      { name: '骨伤科', leaves: [Z('跌打损伤', [6, 45]), Z('风湿骨痛', [10, 60]), Z('膏药贴剂', [6, 35])] },
      { name: '脾胃用药', leaves: [Z('健脾和胃', [6, 40]), Z('消食导滞', [5, 35])] },
      { name: '心脑血管', leaves: [Z('活血化瘀', [10, 80], true), Z('降压降脂', [10, 60], true)] },
      { name: '儿科用药', leaves: [Z('小儿感冒', [8, 35]), Z('小儿咳嗽', [8, 35]), Z('小儿消化', [6, 30])] },
      { name: '五官科', leaves: [Z('鼻科用药', [8, 40]), Z('眼耳用药', [8, 45])] },
      { name: '泌尿系统', leaves: [Z('前列腺用药', [12, 60]), Z('泌尿感染', [8, 40])] },
    ],
  },
  {
    name: '保健食品',
    zone: 'standard',
    children: [
      {
        name: '维生素矿物质',
        leaves: [
          { name: '维生素', kind: 'BJ', rx: false, price: [25, 120] },
          { name: '钙铁锌', kind: 'BJ', rx: false, price: [30, 150] },
        ],
      },
      {
        name: '营养补充',
        leaves: [
          { name: '蛋白营养', kind: 'BJ', rx: false, price: [80, 260] },
          { name: '鱼油卵磷脂', kind: 'BJ', rx: false, price: [40, 200] },
        ],
      },
      {
        name: '传统滋补',
        leaves: [
          { name: '参类滋补', kind: 'BJ', rx: false, price: [60, 300] },
          { name: '菌菇蜂产品', kind: 'BJ', rx: false, price: [50, 280] },
        ],
      },
    ],
  },
  {
    name: '计生用品',
    zone: 'standard',
    children: [
      {
        name: '避孕套',
        leaves: [
          { name: '超薄型', kind: 'JS', rx: false, price: [8, 40] },
          { name: '螺纹颗粒型', kind: 'JS', rx: false, price: [8, 35] },
          { name: '持久型', kind: 'JS', rx: false, price: [10, 40] },
        ],
      },
      {
        name: '计生检测',
        leaves: [
          { name: '早孕检测', kind: 'JS', rx: false, price: [3, 25] },
          { name: '排卵检测', kind: 'JS', rx: false, price: [10, 40] },
        ],
      },
      {
        name: '润滑护理',
        leaves: [
          { name: '润滑剂', kind: 'JS', rx: false, price: [15, 50] },
          { name: '私护凝胶', kind: 'JS', rx: false, price: [20, 80] },
        ],
      },
    ],
  },
  {
    name: '中药饮片',
    zone: 'zy',
    children: [
      {
        name: '根茎类',
        leaves: [
          ZY('补虚根茎', [20, 90], ROOT_SPECS),
          ZY('清热根茎', [15, 120], ROOT_SPECS),
          ZY('活血化痰根茎', [18, 150], ROOT_SPECS),
        ],
      },
      { name: '花叶类', leaves: [ZY('花类', [20, 160]), ZY('叶类', [8, 40])] },
      { name: '果实种子', leaves: [ZY('果实类', [15, 120]), ZY('种子类', [10, 90])] },
      { name: '全草类', leaves: [ZY('解表全草', [10, 50]), ZY('清热全草', [8, 45])] },
      { name: '矿物贝壳', leaves: [ZY('矿物类', [5, 30]), ZY('贝壳类', [6, 35])] },
      { name: '皮藤木类', leaves: [ZY('树皮类', [12, 90]), ZY('藤木类', [10, 60])] },
      {
        name: '贵细药材',
        leaves: [
          ZY('参类', [120, 680], ['50g/瓶', '100g/盒', '250g/袋']),
          ZY('菌类', [60, 400], ['100g/袋', '250g/袋', '500g/袋']),
          ZY('动物类', [150, 900], ['10g/盒', '50g/瓶']),
        ],
      },
    ],
  },
  {
    name: '医疗器械',
    zone: 'qx',
    children: [
      {
        name: '家用器械',
        leaves: [QX('血压计', [98, 360]), QX('血糖仪', [88, 298]), QX('体温计', [8, 120]), QX('雾化制氧', [160, 1800])],
      },
      {
        name: '医用耗材',
        leaves: [QX('注射输液', [8, 60]), QX('医用敷料', [3, 40]), QX('胶带绷带', [3, 30])],
      },
      {
        name: '检测试纸',
        leaves: [QX('血糖试纸', [35, 160]), QX('尿液检测', [15, 80]), QX('抗原检测', [5, 60])],
      },
      {
        name: '康复理疗',
        leaves: [QX('护具', [30, 160]), QX('理疗贴', [10, 60]), QX('助行器具', [60, 680])],
      },
      {
        name: '消毒用品',
        leaves: [
          { name: '皮肤消毒', kind: 'XD', rx: false, price: [3, 25] },
          { name: '环境消毒', kind: 'XD', rx: false, price: [6, 40] },
        ],
      },
      { name: '防护用品', leaves: [QX('口罩', [5, 60]), QX('医用手套', [15, 60])] },
    ],
  },
];

/** Key of a leaf in LEAF_WORDS. */
export function leafKey(l1: string, l2: string, l3: string): string {
  return `${l1}/${l2}/${l3}`;
}

export interface SeededLeaf {
  id: number;
  l1: number;
  l2: number;
  zone: Root['zone'];
  rootName: string;
  key: string;
  def: LeafDef;
}

export interface SeededCategories {
  leaves: SeededLeaf[];
  /** Root id by root name (西药, 中成药, 中药饮片, 医疗器械 …). */
  rootIds: Map<string, number>;
  count: number;
}

/**
 * Inserts the tree with ids from `firstId` on (so callers can reference them without a read-back)
 * and returns the leaves. Throws if a leaf has no vocabulary: a leaf without goods is a bug here.
 */
export async function seedCategories(db: Db, firstId: number): Promise<SeededCategories> {
  type Row = typeof categories.$inferInsert;
  const rows: Row[] = [];
  const leaves: SeededLeaf[] = [];
  const rootIds = new Map<string, number>();
  let id = firstId;
  CATEGORY_TREE.forEach((root, i) => {
    const rootId = id++;
    rootIds.set(root.name, rootId);
    rows.push({ id: rootId, parentId: null, level: 1, name: root.name, zone: root.zone, sort: i + 1 });
    root.children.forEach((l2, j) => {
      const l2Id = id++;
      rows.push({ id: l2Id, parentId: rootId, level: 2, name: l2.name, zone: root.zone, sort: j + 1 });
      l2.leaves.forEach((leaf, k) => {
        const leafId = id++;
        const key = leafKey(root.name, l2.name, leaf.name);
        if (!LEAF_WORDS[key]?.length) throw new Error(`seed: no vocabulary for leaf ${key}`);
        rows.push({ id: leafId, parentId: l2Id, level: 3, name: leaf.name, zone: root.zone, sort: k + 1 });
        leaves.push({ id: leafId, l1: rootId, l2: l2Id, zone: root.zone, rootName: root.name, key, def: leaf });
      });
    });
  });
  await db.insert(categories).values(rows);
  return { leaves, rootIds, count: rows.length };
}
