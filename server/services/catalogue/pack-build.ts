// Builds the catalogue pack of one price-and-visibility class (src/domain/catalogue-pack.ts): every
// on-sale goods the class may see, with the class's prices, read page by page after the
// catalogue version. Reading the version first is what makes the pack safe to follow with the
// change feed: a goods changed after that read is in the pack already AND in the feed after the
// version, and applying a change twice is harmless; the other order could miss one.
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, gzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf, visibleGoodsRow } from '../goods/search.ts';
import { catalogueVersionNow } from './changes.ts';
import { controlledVisibleTo, pricesVisibleTo, type Viewer } from '../price-visibility.ts';
import {
  decodePackChunk,
  encodePackChunk,
  PACK_CHUNK_GOODS,
  packFlags,
  type PackChunk,
  type PackFlag,
  type PackGoods,
} from '@domain/catalogue-pack.ts';

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gz = promisify(gzip);

/**
 * Compression of a pack's chunks. Brotli is made once per class and version, at build time (every
 * browser takes it); gzip only when a client without brotli asks for a chunk, then kept. Measured
 * at 20,000 goods (bench/catalogue-pack.ts): brotli 4 / 6 / 9 gave 1.25 / 1.18 / 1.16 MB in
 * 0.3 / 0.65 / 2.5 s; 6, as the chunks are compressed while the next page is read (hidden behind the reads).
 */
export const PACK_BROTLI_QUALITY = 6;
export const PACK_GZIP_LEVEL = 6;

/** The class a viewer's pack belongs to: what decides which goods and prices it sees, never who it is. */
export function packClassOf(v: Pick<Viewer, 'approved' | 'isSpecial' | 'rank'>): string {
  // Without approval no price is shown, so the rank makes no difference.
  return `${v.approved ? `r${v.rank}` : 'np'}-${v.isSpecial ? 'kx' : 'std'}`;
}

/** The viewer fields a class stands for (the inverse of packClassOf), to build a pack from its name. */
export function classViewer(cls: string): Pick<Viewer, 'approved' | 'isSpecial' | 'rank'> | null {
  const m = /^(?:r(\d{1,3})|np)-(kx|std)$/.exec(cls);
  if (!m) return null;
  return { approved: m[1] !== undefined, rank: m[1] === undefined ? 1 : Number(m[1]), isSpecial: m[2] === 'kx' };
}

export interface EncodedChunk {
  br: Buffer;
  /** The gzip bytes, made from the brotli ones on the first request that needs them, then kept. */
  gzip(): Promise<Buffer>;
  /** The JSON as it is (a client taking neither encoding). */
  identity(): Promise<Buffer>;
  raw: number;
}

export interface BuiltPack {
  class: string;
  version: number;
  builtAt: Date;
  goods: number;
  chunks: EncodedChunk[];
  /**
   * The goods ids each chunk covers ([first, last] when it was built): a rebuild from the change
   * log puts a changed goods in the chunk whose range holds it (a new goods: the last chunk).
   */
  ranges: [number, number][];
  /** When the class's goods were last read whole (a rebuild from the change log keeps it). */
  fullAt: Date;
  /** How the build was made: a whole read, or the goods the change log named since the held pack. */
  made: 'full' | { changed: number; chunks: number };
  /** Milliseconds the build took (query, encoding, compression). */
  buildMs: number;
}

/** A rebuild from the change log reads at most this many goods; more, and the class is read whole. */
export const PACK_REBUILD_MAX_CHANGES = 5_000;
/**
 * How long chunks may be carried over from build to build before the class is read whole again:
 * the change log names every goods whose row changed, but not a renamed warehouse or a rank price
 * written outside the goods writers; a whole read bounds such drift.
 */
export const PACK_FULL_EVERY_MS = 60 * 60_000;

/**
 * A goods row as the statement reads it: PackGoods where the columns already match, the SQL
 * shapes (booleans, prices before the visibility rule, flag columns) where they do not.
 */
type Row = Omit<
  PackGoods,
  | 'mid_pack_strict'
  | 'price'
  | 'base_price'
  | 'retail_price'
  | 'ladder'
  | 'ladder_price_type'
  | 'is_buy'
  | 'produced_on'
  | 'expires_on'
  | 'flags'
  | 'created'
> &
  Record<PackFlag, boolean> & {
    mid_pack_strict: boolean;
    base: number;
    rank_price: number | null;
    retail: number;
    ladder?: number[] | null;
    ladder_price_type: number;
    is_buy: boolean;
    produced_on: string | null;
    expires_on: string | null;
    created: number | string;
  };

const day = (d: string | Date | null): string =>
  d === null ? '' : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);

function toPackGoods(r: Row, showPrices: boolean): PackGoods {
  return {
    id: r.id,
    name: r.name,
    common_name: r.common_name,
    py: r.py,
    pyi: r.pyi,
    sccj_pyi: r.sccj_pyi,
    sccj: r.sccj,
    ypgg: r.ypgg,
    bzdw: r.bzdw,
    zbz: r.zbz,
    mid_pack_strict: r.mid_pack_strict ? 1 : 0,
    jzl: r.jzl,
    min_buy: r.min_buy,
    purchase_limit: r.purchase_limit,
    image: r.image,
    // The same rule as a list item's card (server/services/goods/card.ts): the rank's price, else the base.
    price: showPrices ? (r.rank_price ?? r.base) : null,
    base_price: showPrices ? r.base : null,
    retail_price: showPrices ? r.retail : null,
    ladder: showPrices ? (r.ladder ?? []) : [],
    ladder_price_type: r.ladder_price_type === 1 ? 1 : 0,
    stock: r.stock,
    is_buy: r.is_buy ? 1 : 0,
    tags: r.tags,
    scope_class: r.scope_class,
    approval_no: r.approval_no,
    barcode: r.barcode,
    batch_no: r.batch_no,
    produced_on: day(r.produced_on),
    expires_on: day(r.expires_on),
    category_id: r.category_id,
    category_l1: r.category_l1,
    category_l2: r.category_l2,
    manufacturer_id: r.manufacturer_id,
    brand_id: r.brand_id,
    ck_id: r.ck_id,
    ck_name: r.ck_name,
    flags: packFlags(r),
    free_shipping_number: r.free_shipping_number,
    qg_number: r.qg_number,
    ephedrine_limit: r.ephedrine_limit,
    type: r.type,
    sales: r.sales,
    created: Number(r.created),
  };
}

/**
 * The class's goods, ordered by id (a chunk's range is stable for one version), read a page at a
 * time: on PGlite one statement holds the only connection, and a single read of 20,000 goods held
 * every buyer's request for seconds. Reading in pages after the version is as safe as one read: a
 * goods changed between two pages is in the feed after the version either way.
 */
export async function loadPackGoods(
  db: Db,
  v: Pick<Viewer, 'approved' | 'isSpecial' | 'rank'>,
  pageSize: number = PACK_CHUNK_GOODS,
): Promise<PackGoods[]> {
  const out: PackGoods[] = [];
  for await (const page of packPages(db, v, pageSize)) out.push(...page);
  return out;
}

/** The class's goods a page at a time, in id order (the last page may be empty). */
async function* packPages(
  db: Db,
  v: Pick<Viewer, 'approved' | 'isSpecial' | 'rank'>,
  pageSize: number,
): AsyncGenerator<PackGoods[]> {
  let after = 0;
  for (;;) {
    const page = await loadPackPage(db, v, after, pageSize);
    yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.id;
  }
}

/**
 * These goods as the class's pack carries them (those it may see and on sale; any order): what the
 * change feed sends the device with `pack=1`, so a goods created after the pack arrives with its
 * category, pinyin and 经营范围 class exactly as a pack row.
 */
export async function packGoodsOf(
  db: Db,
  v: Pick<Viewer, 'approved' | 'isSpecial' | 'rank'>,
  ids: readonly number[],
): Promise<PackGoods[]> {
  if (ids.length === 0) return [];
  return loadPackPage(
    db,
    v,
    sql`g.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    ids.length,
  );
}

async function loadPackPage(
  db: Db,
  v: Pick<Viewer, 'approved' | 'isSpecial' | 'rank'>,
  which: SQL | number,
  limit: number,
): Promise<PackGoods[]> {
  const showPrices = pricesVisibleTo(v as Viewer);
  const range = typeof which === 'number' ? sql`g.id > ${which}` : which;
  // The page comes back as ONE json text built by the database: measured (session 13, 6,000
  // goods) the statement runs in 20–60 ms, but 2,000 rows of ~45 columns handed over one by one
  // took ~0.9 s of PGlite's row conversion; a single text and JSON.parse take a fraction of it.
  const [page] = rowsOf<{ rows: string }>(
    await db.execute(sql`
      SELECT coalesce(json_agg(t ORDER BY t.id), '[]')::text AS rows FROM (
      SELECT g.id, g.name, g.common_name, g.pinyin_full AS py, g.pinyin_initials AS pyi, g.sccj_pinyin_initials AS sccj_pyi,
             g.sccj, g.ypgg, g.bzdw, g.zbz, g.mid_pack_strict, g.jzl, g.min_buy, g.purchase_limit, g.image,
             g.base_price AS base, p.price AS rank_price, g.retail_price AS retail,
             g.ladder_price_type, g.stock, g.is_buy, g.tags, g.scope_class, g.approval_no, g.barcode, g.batch_no,
             g.produced_on::text AS produced_on, g.expires_on::text AS expires_on, g.category_id, g.category_l1, g.category_l2,
             g.manufacturer_id, g.brand_id, g.warehouse_id AS ck_id, w.name AS ck_name,
             g.is_free_shipping, g.is_dpby, g.is_youx, g.is_jxq, g.is_kx, g.is_zy, g.is_qx, g.is_rx, g.is_ephedrine, g.free_shipping_number,
             g.qg_number, g.ephedrine_limit, g.type, g.sales_count AS sales,
             extract(epoch FROM g.created_at)::bigint AS created
      FROM goods g
      JOIN warehouses w ON w.id = g.warehouse_id
      LEFT JOIN goods_prices p ON p.goods_id = g.id AND p.rank = ${v.rank}
      WHERE ${visibleGoodsRow(controlledVisibleTo(v as Viewer))} AND ${range}
      ORDER BY g.id
      LIMIT ${limit}
      ) t`),
  );
  const rows = JSON.parse(page?.rows ?? '[]') as Row[];
  // The page's ladders in one grouped pass, not a subquery per goods (rows are in id order).
  const ladders = new Map<number, number[]>();
  if (showPrices && rows.length > 0) {
    const steps = rowsOf<{ goods_id: number; numbers: number[]; prices: number[] }>(
      await db.execute(sql`SELECT goods_id, array_agg(min_number ORDER BY min_number) AS numbers, array_agg(price ORDER BY min_number) AS prices
                           FROM goods_ladder_prices WHERE goods_id BETWEEN ${rows[0]!.id} AND ${rows[rows.length - 1]!.id}
                           GROUP BY goods_id`),
    );
    for (const st of steps)
      ladders.set(
        st.goods_id,
        st.numbers.flatMap((n, i) => [n, st.prices[i]!]),
      );
  }
  return rows.map((r) => toPackGoods({ ...r, ladder: ladders.get(r.id) ?? null }, showPrices));
}

async function encodeChunk(
  cls: string,
  version: number,
  index: number,
  goods: readonly PackGoods[],
): Promise<EncodedChunk> {
  const json = Buffer.from(JSON.stringify(encodePackChunk(cls, version, index, goods)));
  const br = await brotli(json, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: PACK_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
  let gzipped: Promise<Buffer> | null = null;
  const identity = () => unbrotli(br);
  return {
    br,
    raw: json.length,
    identity,
    gzip: () => {
      if (!gzipped) {
        const made = identity().then((plain) => gz(plain, { level: PACK_GZIP_LEVEL }));
        // A failure is not kept: the next request tries again.
        made.catch(() => {
          if (gzipped === made) gzipped = null;
        });
        gzipped = made;
      }
      return gzipped;
    },
  };
}

/**
 * Builds one class's pack at the current catalogue version. Each page is encoded and compressed
 * (brotli on libuv's threads) while the next page is read, so the compression overlaps the reads.
 */
export async function buildPack(
  db: Db,
  cls: string,
  now: () => Date,
  timer: () => number = () => performance.now(),
): Promise<BuiltPack> {
  const v = classViewer(cls);
  if (!v) throw new Error(`unknown pack class ${cls}`);
  const started = timer();
  const version = await catalogueVersionNow(db);
  const encoding: Promise<EncodedChunk>[] = [];
  const firstLast: ([number, number] | null)[] = [];
  let goods = 0;
  try {
    for await (const page of packPages(db, v, PACK_CHUNK_GOODS)) {
      // The last page is empty when the count is a multiple of the chunk size: no empty chunk then,
      // but an empty class still has one (empty) chunk.
      if (page.length === 0 && encoding.length > 0) break;
      encoding.push(encodeChunk(cls, version, encoding.length, page));
      firstLast.push(page.length > 0 ? [page[0]!.id, page[page.length - 1]!.id] : null);
      goods += page.length;
    }
  } finally {
    // A failed read leaves no compression promise unobserved.
    await Promise.allSettled(encoding);
  }
  const chunks = await Promise.all(encoding);
  const at = now();
  return {
    class: cls,
    version,
    builtAt: at,
    goods,
    chunks,
    ranges: rangesOf(firstLast),
    fullAt: at,
    made: 'full',
    buildMs: timer() - started,
  };
}

/** Each chunk's [first, last] id; an empty chunk takes the gap after its neighbour. */
function rangesOf(firstLast: ([number, number] | null)[]): [number, number][] {
  let last = 0;
  return firstLast.map((r) => {
    const range: [number, number] = r ?? [last + 1, last + 1];
    last = range[1];
    return range;
  });
}

/** The chunk a goods id belongs to: the one whose range holds it, else the one before the gap it falls in. */
function chunkOf(ranges: readonly [number, number][], id: number): number {
  for (let i = ranges.length - 1; i > 0; i--) if (id >= ranges[i]![0]) return i;
  return 0;
}

class RebuildWhole extends Error {}

/**
 * The class's pack at the current version, made from `held`: only the goods the change log names
 * since `held.version` are read (by the pack's own statement), and only the chunks holding them are
 * encoded again; the others are carried over as they are (their JSON's `version` stays the one
 * their goods were read at). Falls back to a whole build when the log names more than
 * PACK_REBUILD_MAX_CHANGES goods, when a chunk would grow past twice its size, or when the class
 * was last read whole PACK_FULL_EVERY_MS ago.
 */
export async function rebuildPack(
  db: Db,
  held: BuiltPack,
  now: () => Date,
  timer: () => number = () => performance.now(),
): Promise<BuiltPack> {
  const cls = held.class;
  const v = classViewer(cls);
  if (!v) throw new Error(`unknown pack class ${cls}`);
  if (now().getTime() - held.fullAt.getTime() >= PACK_FULL_EVERY_MS) return buildPack(db, cls, now, timer);
  const started = timer();
  // The version first, then the goods: the same order as a whole build, for the same reason.
  const version = await catalogueVersionNow(db);
  const ids = rowsOf<{ goods_id: number }>(
    await db.execute(sql`SELECT DISTINCT goods_id FROM catalogue_changes
                         WHERE version > ${held.version} AND version <= ${version}
                         LIMIT ${PACK_REBUILD_MAX_CHANGES + 1}`),
  ).map((r) => r.goods_id);
  if (ids.length > PACK_REBUILD_MAX_CHANGES) return buildPack(db, cls, now, timer);
  const fresh = new Map((await packGoodsOf(db, v, ids)).map((g) => [g.id, g]));
  const touched = new Map<number, number[]>();
  for (const id of ids) {
    const i = chunkOf(held.ranges, id);
    const inChunk = touched.get(i);
    if (inChunk) inChunk.push(id);
    else touched.set(i, [id]);
  }
  const chunks = [...held.chunks];
  const ranges = held.ranges.map((r): [number, number] => [r[0], r[1]]);
  let goods = held.goods;
  try {
    await Promise.all(
      [...touched].map(async ([i, changed]) => {
        const before = decodePackChunk(JSON.parse((await unbrotli(held.chunks[i]!.br)).toString('utf8')) as PackChunk);
        const byId = new Map(before.map((g) => [g.id, g]));
        for (const id of changed) {
          const g = fresh.get(id);
          if (g) byId.set(id, g);
          else byId.delete(id);
        }
        const after = [...byId.values()].sort((a, b) => a.id - b.id);
        if (after.length > 2 * PACK_CHUNK_GOODS) throw new RebuildWhole();
        goods += after.length - before.length;
        chunks[i] = await encodeChunk(cls, version, i, after);
        if (after.length > 0)
          ranges[i] = [Math.min(ranges[i]![0], after[0]!.id), Math.max(ranges[i]![1], after[after.length - 1]!.id)];
      }),
    );
  } catch (err) {
    if (err instanceof RebuildWhole) return buildPack(db, cls, now, timer);
    throw err;
  }
  return {
    class: cls,
    version,
    builtAt: now(),
    goods,
    chunks,
    ranges,
    fullAt: held.fullAt,
    made: { changed: ids.length, chunks: touched.size },
    buildMs: timer() - started,
  };
}
