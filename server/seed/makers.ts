// Manufacturers (生产厂家), brands and warehouses. About 60 real household names plus generated
// "某地某某制药有限公司" makers up to the requested total; brands belong to the real ones.
import { brands, manufacturers, warehouses } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { searchKeysFor } from '../services/search-keys.ts';
import type { Rng } from './rng.ts';
import { MAKER_PLACES, MAKER_SUFFIX, MAKER_WORDS, REAL_MAKERS, type MakerDef } from './catalogue-words.ts';
import { firstFreeId, syncSequence } from './db-util.ts';

export interface SeededMaker extends MakerDef {
  id: number;
  brandId: number | null;
  /** Pinyin initials of the full name, copied onto goods.sccj_pinyin_initials. */
  initials: string;
}

export interface SeededWarehouse {
  id: number;
  name: string;
  weight: number;
}

/** Kind letters of generated makers, with how often each appears. */
const GENERATED_KINDS: readonly (readonly [string, number])[] = [
  ['H', 30],
  ['Z', 24],
  ['HZ', 10],
  ['Y', 12],
  ['Q', 10],
  ['QX', 4],
  ['B', 6],
  ['J', 2],
  ['X', 2],
];

export async function seedMakers(
  db: Db,
  rng: Rng,
  total: number,
): Promise<{ makers: SeededMaker[]; brandCount: number }> {
  const defs: MakerDef[] = [...REAL_MAKERS];
  const names = new Set(defs.map((d) => d.name));
  while (defs.length < total) {
    const [city, province] = rng.pick(MAKER_PLACES);
    const kinds = rng.weighted(GENERATED_KINDS);
    const word = rng.pick(MAKER_WORDS);
    const name = `${city}${word}${rng.pick(MAKER_SUFFIX[kinds[0]])}`;
    if (names.has(name)) continue;
    names.add(name);
    defs.push({ name, short: `${city}${word}`, province, kinds });
  }

  const firstMakerId = await firstFreeId(db, 'manufacturers');
  const makers: SeededMaker[] = defs.map((d, i) => {
    const keys = searchKeysFor(d.name);
    return { ...d, id: firstMakerId + i, brandId: null, initials: keys.pinyinInitials };
  });
  await db.insert(manufacturers).values(
    makers.map((m) => {
      const keys = searchKeysFor(m.name);
      return {
        id: m.id,
        name: m.name,
        shortName: m.short,
        pinyinFull: keys.pinyinFull,
        pinyinInitials: keys.pinyinInitials,
        province: m.province,
      };
    }),
  );
  await syncSequence(db, 'manufacturers');

  // One brand per distinct brand name, owned by the first maker that carries it.
  let brandId = await firstFreeId(db, 'brands');
  const brandIds = new Map<string, number>();
  const brandRows: (typeof brands.$inferInsert)[] = [];
  for (const m of makers) {
    if (!m.brand) continue;
    let id = brandIds.get(m.brand);
    if (id === undefined) {
      id = brandId++;
      brandIds.set(m.brand, id);
      brandRows.push({
        id,
        name: m.brand,
        logo: `/media/banner/brand-${id}.svg`,
        banner: `/media/banner/ppzq-${id}.svg`,
        description: `${m.brand}是${m.short}旗下品牌，本店为其授权经销商，所售${m.brand}系列产品均由厂家直供，批次可追溯，质量有保障。`,
        manufacturerId: m.id,
        sort: brandRows.length + 1,
      });
    }
    m.brandId = id;
  }
  await db.insert(brands).values(brandRows);
  await syncSequence(db, 'brands');
  return { makers, brandCount: brandRows.length };
}

export async function seedWarehouses(db: Db): Promise<SeededWarehouse[]> {
  const list = [
    { name: '广州仓', region: '华南', weight: 5 },
    { name: '武汉仓', region: '华中', weight: 3 },
    { name: '成都仓', region: '西南', weight: 2 },
  ];
  const first = await firstFreeId(db, 'warehouses');
  await db.insert(warehouses).values(list.map((w, i) => ({ id: first + i, name: w.name, region: w.region })));
  await syncSequence(db, 'warehouses');
  return list.map((w, i) => ({ id: first + i, name: w.name, weight: w.weight }));
}
