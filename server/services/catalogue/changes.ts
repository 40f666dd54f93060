// The catalogue change log (docs/decisions/catalogue-change-log.md): THE way every change to what a
// buyer may see of a goods is announced. A writer calls noteCatalogueChange inside its transaction;
// this
// - fires the buyers' 到货/降价 alerts of those goods at once, in that transaction (a stock or
//   price change and its alerts commit together, each alert once),
// - as the transaction's last statements bumps the one version counter (its row lock orders the
//   versions as the commits) and writes one log row per goods under that version,
// - after the commit tells this process's catalogue caches and session memo (their epoch moves)
//   and the other WORKERS processes. Stock moved by orders is logged but does not empty the
//   caches: under load that would empty them on every order (catalogue-cache.md, 30 s TTL).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { afterCommit, beforeCommit, txLocal } from '../../db/tx.ts';
import type { CatalogueChangeKind } from '@domain/catalogue-changes.ts';
import { checkGoodsAlerts } from '../goods-alerts/check.ts';
import { intArray } from '../orders/stock.ts';
import { rowsOf } from '../goods/search.ts';
import { catalogueChangedHere } from '../../cluster/catalogue-news.ts';

/** Kinds after which an armed alert may now hold (stock up, price down, back on sale); a new goods has none. */
const ALERTING: ReadonlySet<CatalogueChangeKind> = new Set(['edited', 'imported', 'stock', 'on_sale', 'released']);
/** Kinds that do not empty the caches (their TTL bounds them). */
const ORDER_MOVES: ReadonlySet<CatalogueChangeKind> = new Set(['ordered', 'released']);

export interface CatalogueChangeNote {
  /** Whether each goods is 控销 when its row is gone by the commit (deleted); otherwise read from the goods. */
  controlled?: ReadonlyMap<number, boolean>;
  /**
   * False: the caller checks the buyers' alerts itself, later (the catalogue import checks them once
   * its last chunk is written, so a run rolled back never told a buyer of a price it took back).
   */
  alerts?: boolean;
}

interface Pending {
  /** `${goodsId}:${kind}` → the entry. */
  entries: Map<string, { goodsId: number; kind: CatalogueChangeKind; controlled: boolean | null }>;
  now: Date;
}

const pendingKey = {};

async function writeLog(tx: Db, p: Pending): Promise<void> {
  if (p.entries.size === 0) return;
  const rows = [...p.entries.values()];
  const [bumped] = rowsOf<{ version: number | string }>(
    await tx.execute(sql`UPDATE catalogue_version SET version = version + 1 WHERE id = 1 RETURNING version`),
  );
  if (!bumped) throw new Error('catalogue_version has no row (migration 0025)');
  const version = Number(bumped.version);
  await tx.execute(sql`
    INSERT INTO catalogue_changes (version, goods_id, kind, controlled, changed_at)
    SELECT ${version}, w.id, w.kind, coalesce(g.is_kx, w.controlled, false), ${p.now.toISOString()}::timestamptz
    FROM unnest(${intArray(rows.map((r) => r.goodsId))}::int[], ${`{${rows.map((r) => r.kind).join(',')}}`}::text[],
                ${`{${rows.map((r) => (r.controlled === null ? 'NULL' : String(r.controlled))).join(',')}}`}::boolean[]) AS w(id, kind, controlled)
    LEFT JOIN goods g ON g.id = w.id`);
}

/**
 * Notes that `goodsIds` changed in the transaction `tx` (or, outside one, at once). Returns how
 * many buyer alerts the change fired.
 */
export async function noteCatalogueChange(
  tx: Db,
  goodsIds: readonly number[],
  kind: CatalogueChangeKind,
  now: Date,
  note: CatalogueChangeNote = {},
): Promise<number> {
  if (goodsIds.length === 0) return 0;
  const fired = ALERTING.has(kind) && note.alerts !== false ? await checkGoodsAlerts(tx, goodsIds, now) : 0;
  const add = (p: Pending) => {
    for (const goodsId of goodsIds)
      p.entries.set(`${goodsId}:${kind}`, { goodsId, kind, controlled: note.controlled?.get(goodsId) ?? null });
  };
  const pending = txLocal<Pending>(tx, pendingKey, () => {
    const p: Pending = { entries: new Map(), now };
    void beforeCommit(tx, (last) => writeLog(last, p));
    afterCommit(tx, () => {
      if ([...p.entries.values()].some((e) => !ORDER_MOVES.has(e.kind))) catalogueChangedHere();
    });
    return p;
  });
  if (pending) {
    add(pending);
    return fired;
  }
  // Not in a withTx transaction: its own, now.
  const alone: Pending = { entries: new Map(), now };
  add(alone);
  await beforeCommit(tx, (last) => writeLog(last, alone));
  if (!ORDER_MOVES.has(kind)) catalogueChangedHere();
  return fired;
}

/** The catalogue's current version (0 before any change). */
export async function catalogueVersionNow(db: Db): Promise<number> {
  const [row] = rowsOf<{ version: number | string }>(
    await db.execute(sql`SELECT version FROM catalogue_version WHERE id = 1`),
  );
  return row ? Number(row.version) : 0;
}
