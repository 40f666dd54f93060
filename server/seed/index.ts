// The demo data (DESIGN.md "Demo data"): deterministic — the same options give the same rows in
// the same order — generated here, nothing downloaded. Everything is written in one transaction, so
// a failed seed leaves the database as it was. Expects an empty database (fresh, or after the CLI's
// --reset); refuses to run twice.
import { seedSelfService } from './self-service.ts';
import { seedBuyerService } from './buyer-service.ts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { withTx } from '../db/tx.ts';
import { goods, promotionGoods, siteConfig } from '../db/schema.ts';
import { createRng } from './rng.ts';
import { seedCategories } from './categories.ts';
import { seedMakers, seedWarehouses } from './makers.ts';
import { insertGoodsRows } from '../services/catalogue/write-goods.ts';
import { createGoodsFactory, type GoodsInsert, type PromotionGoodsInsert } from './goods.ts';
import { seedActivityPages } from './activity-pages.ts';
import { pickShowcase, seedCouponTemplates, seedLuckyDraw, seedPointsMall, seedPromotionRows } from './promotions.ts';
import { seedSpecialsAndCashback } from './specials-and-cashback.ts';
import { DEMO_USERNAMES, seedAccounts } from './accounts.ts';
import { seedStoreOrders } from './store-orders.ts';
import { seedGroupJoins } from './group-joins.ts';
import { seedPointsMallGoods } from './points-mall-goods.ts';
import { seedGiftPromotion } from './gift-promotions.ts';
import { seedExchangePromotion, seedWaitingDrawPrize } from './exchange-promotions.ts';
import { seedDrawWinners } from './draw-winners.ts';
import { seedDemoOrders } from './orders.ts';
import { seedDemoMessages } from './messages.ts';
import { seedChat } from './chat.ts';
import { seedWalletExtras } from './wallet.ts';
import { seedLoginHistory, seedWechatBinding } from './login-history.ts';
import { seedQuickPurchase } from './quick-purchase.ts';
import { seedContent } from './content.ts';
import { seedInspectionReports, seedQualifications } from './qualifications.ts';
import { seedOperators, seedQualificationFiles } from './operators.ts';
import { firstFreeId, insertJson, rowsOf, suspendIndexes, syncSequence } from './db-util.ts';

/** Bump when the generated data changes shape, so a stale demo database can be told apart. */
export const SEED_VERSION = 1;
export const SEED_CONFIG_KEY = 'seed';
export const DEFAULT_SEED = 20_240_501;
export const DEFAULT_GOODS = 2_000;
const MANUFACTURER_COUNT = 150;
const BATCH_SIZE = 1_000;

export interface SeedOptions {
  /** Number of goods rows (default catalogue: 2,000; benchmarks: 100,000). */
  goods: number;
  /** "Now" for every relative date (expiry, 近效期, promotions, orders). */
  now: Date;
  /** PRNG seed; the same seed and options give the same data. */
  seed?: number;
  /** Called after each phase with its wall time (the CLI prints them). */
  onPhase?: (phase: string, ms: number) => void;
}

export interface SeedSummary {
  version: number;
  seed: number;
  goods: number;
  /** Distinct goods names (pinyin was computed once for each). */
  distinctNames: number;
  ladderPrices: number;
  categories: number;
  manufacturers: number;
  brands: number;
  warehouses: number;
  promotions: number;
  promotionGoods: number;
  /** Demo usernames (password demo1234). */
  accounts: string[];
  orders: number;
  focusItems: number;
  articles: number;
}

/** The marker row seedDemo writes last. */
export interface SeedMarker {
  version: number;
  seed: number;
  goods: number;
  now: string;
}

export async function isSeeded(db: Db): Promise<boolean> {
  return (await readSeedMarker(db)) !== null;
}

export async function readSeedMarker(db: Db): Promise<SeedMarker | null> {
  const [row] = await db.select().from(siteConfig).where(eq(siteConfig.key, SEED_CONFIG_KEY)).limit(1);
  return row ? (row.value as SeedMarker) : null;
}

export async function seedDemo(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  if (!Number.isInteger(opts.goods) || opts.goods < 1)
    throw new Error(`seed: goods must be a positive integer, got ${opts.goods}`);
  if (await isSeeded(db)) throw new Error('seed: the database is already seeded');
  const nonEmpty = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT (SELECT COUNT(*) FROM ${goods})::int + (SELECT COUNT(*) FROM categories)::int AS n`),
  )[0].n;
  if (nonEmpty > 0) throw new Error('seed: the catalogue is not empty; reset the database first');

  const seed = opts.seed ?? DEFAULT_SEED;
  const now = opts.now;
  const root = createRng(seed);

  let mark = performance.now();
  const phase = (name: string) => {
    const t = performance.now();
    opts.onPhase?.(name, t - mark);
    mark = t;
  };

  return withTx(db, async (tx) => {
    const warehouses = await seedWarehouses(tx);
    const categories = await seedCategories(tx, await firstFreeId(tx, 'categories'));
    await syncSequence(tx, 'categories');
    const { makers, brandCount } = await seedMakers(tx, root.fork('makers'), MANUFACTURER_COUNT);
    const promo = await seedPromotionRows(tx, now);
    phase('catalogue tree, makers, promotions');

    const factory = createGoodsFactory({
      rng: root.fork('goods'),
      leaves: categories.leaves,
      makers,
      warehouses,
      now,
      firstId: await firstFreeId(tx, 'goods'),
      manjianId: promo.manjian,
      discountId: promo.discount,
    });

    const restoreIndexes = await suspendIndexes(tx, [
      'goods_master',
      'goods_stock',
      'goods_ladder_prices',
      'promotion_goods',
    ]);
    let firstBatch: GoodsInsert[] = [];
    let groupRows: PromotionGoodsInsert[] = [];
    let ladderCount = 0;
    let promotionGoodsCount = 0;
    for (let done = 0; done < opts.goods; done += BATCH_SIZE) {
      const batch = factory.next(Math.min(BATCH_SIZE, opts.goods - done));
      if (done === 0) {
        firstBatch = batch.goods;
        const showcase = pickShowcase(batch.goods, promo, root.fork('showcase'));
        groupRows = showcase.filter((r) => promo.group.includes(r.promotionId));
        batch.promotionGoods.push(...showcase);
      }
      // The same service as the console's 新建商品 (no second way of writing goods).
      await insertGoodsRows(tx, batch.goods, batch.ladders, now);
      await insertJson(tx, promotionGoods, batch.promotionGoods);
      ladderCount += batch.ladders.length;
      promotionGoodsCount += batch.promotionGoods.length;
    }
    phase('goods, ladder prices, promotion goods');
    await restoreIndexes();
    // Fresh statistics for the planner: PGlite has no autovacuum to gather them after a bulk load.
    await tx.execute(
      sql`ANALYZE goods_master, goods_stock, goods_ladder_prices, promotion_goods, categories, manufacturers, brands`,
    );
    phase('goods indexes and statistics');
    await syncSequence(tx, 'goods_master');

    const coupons = await seedCouponTemplates(tx, now, {
      zy: categories.rootIds.get('中药饮片') ?? 0,
      qx: categories.rootIds.get('医疗器械') ?? 0,
    });
    const accounts = await seedAccounts(tx, now, coupons);
    // demo first: it gets the longest history.
    await seedLoginHistory(
      tx,
      now,
      DEMO_USERNAMES.map((u) => accounts.userIds[u]),
    );
    await seedWechatBinding(tx, accounts.userIds.chain);
    await seedOperators(tx, now);
    const orders = await seedDemoOrders(tx, root.fork('orders'), now, firstBatch, accounts, coupons);
    await seedDemoMessages(tx, now, accounts.demo.companyId);
    await seedChat(tx, now, {
      demo: accounts.demo,
      chain: { userId: accounts.userIds.chain, companyId: accounts.companyIds.chain },
    });
    await seedWalletExtras(tx, now, accounts, coupons);
    const reorders = await seedQuickPurchase(tx, root.fork('quick-purchase'), now, firstBatch, accounts);
    const storeOrders = await seedStoreOrders(tx, root.fork('store-orders'), now, firstBatch, accounts);
    const groupOrders = await seedGroupJoins(tx, now, groupRows, firstBatch, accounts);
    await seedQualifications(tx, now, accounts);
    // After the certificates in force: pending's registration scans and chain's renewal that replaces one.
    await seedQualificationFiles(tx, now, accounts.companyIds.pending, accounts.companyIds.chain);
    await seedInspectionReports(tx, now);
    await seedSelfService(tx, now, { demoCompanyId: accounts.demo.companyId, goods: firstBatch });
    await seedBuyerService(tx, now, accounts.demo.companyId);
    const pointsGoodsIds = await seedPointsMall(tx);
    const drawId = await seedLuckyDraw(tx, now, coupons, pointsGoodsIds);
    const { companyIds } = accounts;
    await seedDrawWinners(tx, now, drawId, [
      companyIds['chain-a'],
      companyIds['chain-b'],
      companyIds.nocontract,
      companyIds.expired,
    ]);
    await seedSpecialsAndCashback(tx, root.fork('specials-and-cashback'), now, firstBatch);
    await seedActivityPages(tx, now, firstBatch);
    await seedPointsMallGoods(tx, now, pointsGoodsIds, accounts);
    await seedGiftPromotion(tx, now, firstBatch);
    await seedExchangePromotion(tx, now, firstBatch);
    await seedWaitingDrawPrize(tx, now, firstBatch, accounts.demo.companyId);
    const brandIds = [...new Set(makers.flatMap((m) => (m.brandId === null ? [] : [m.brandId])))].sort((a, b) => a - b);
    const content = await seedContent(tx, now, {
      categories,
      brandIds,
      goodsIds: firstBatch.slice(0, 40).map((g) => g.id),
    });

    phase('accounts, orders, content');
    const marker: SeedMarker = { version: SEED_VERSION, seed, goods: opts.goods, now: now.toISOString() };
    await tx.insert(siteConfig).values({ key: SEED_CONFIG_KEY, value: marker });

    return {
      version: SEED_VERSION,
      seed,
      goods: opts.goods,
      distinctNames: factory.distinctNames(),
      ladderPrices: ladderCount,
      categories: categories.count,
      manufacturers: makers.length,
      brands: brandCount,
      warehouses: warehouses.length,
      promotions: Object.values(promo).flat().length,
      promotionGoods: promotionGoodsCount,
      accounts: [...DEMO_USERNAMES],
      orders: orders.count + reorders + storeOrders + groupOrders,
      focusItems: content.focusItems,
      articles: content.articles,
    };
  });
}
