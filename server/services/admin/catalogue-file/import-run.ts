// The catalogue import's journal (docs/decisions/catalogue-file.md "Apply in short transactions"):
// an apply writes its goods in chunks of a few hundred, each chunk one short transaction that also
// writes an undo row per goods (its written columns before and after) — so on PGlite, which runs a
// transaction exclusively, the shop's searches run between chunks — and the import stays all or
// nothing through the journal: a chunk that fails rolls the whole run back by playing its undo rows
// back, and a run a crash left `applying` is rolled back by the next start (or the next import).
//
// A roll back never clobbers a later change: an updated column is restored only where it still
// holds the value the import wrote (an order may have moved stock, an operator edited), and a goods
// the import created is deleted only while it is off sale and nothing points at it.
import { and, eq, getTableName, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTx } from '../../../db/tx.ts';
import { cartLines, catalogueImportRuns, catalogueImportUndo } from '../../../db/schema.ts';
import { GOODS_KEEPERS, GOODS_OWN_ROWS } from '../goods/remove.ts';
import { AppError } from '../../../http/envelope.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../../db/errors.ts';
import { bootId } from '../../../cluster/boot-id.ts';
import { startIsRunning } from '../../../cluster/server-starts.ts';
import { noteCatalogueChange } from '../../catalogue/changes.ts';
import { intArray } from '../../orders/stock.ts';
import { rowsOf } from '../../goods/search.ts';
import { writeAudit, type Actor } from '../audit.ts';
import { COLUMN_TYPES, STOCK_COLUMNS } from './goods-columns.ts';
import { ginBatchOff, ginBatchOn } from './gin-batch.ts';
import { yieldToEventLoop } from './event-loop.ts';

/**
 * Goods per chunk (one transaction), measured on PGlite (bench/catalogue-import.ts, docs/decisions/
 * catalogue-file.md "Apply in short transactions"): a chunk of 250 updates took a median 34–42 ms,
 * one of 150 new goods 89 ms (a new goods costs about four times an update: its rows in both goods
 * tables, every index). Also the page size of a roll back.
 */
export const IMPORT_CHUNK = 250;
export const IMPORT_CHUNK_NEW = 150;

/** A run nobody touched for this long belongs to a process that died (a live one touches it every chunk). */
export const RUN_STALE_MS = 5 * 60_000;

export const IMPORT_RUNNING = '另一个商品资料导入正在进行，请等它完成后再导入';

/**
 * Runs this process is applying now, per database (tests open several in one process): never taken
 * for abandoned, whatever the clock says.
 */
const liveRuns = new WeakMap<Db, Set<number>>();
const live = (db: Db): Set<number> => {
  let runs = liveRuns.get(db);
  if (!runs) liveRuns.set(db, (runs = new Set()));
  return runs;
};

/** A run whose roll back failed: no longer this process's, so a later recovery may take it. */
export const forgetRun = (db: Db, runId: number): void => void live(db).delete(runId);

export type UndoRow = typeof catalogueImportUndo.$inferInsert;

/** Opens a run; 409 while another is applying (one left by a dead process is rolled back first). */
export async function beginRun(db: Db, actor: Actor, fileName: string, now: Date): Promise<number> {
  await recoverCatalogueImports(db, now, () => {});
  try {
    const [run] = await db
      .insert(catalogueImportRuns)
      .values({
        fileName,
        staffId: actor.staffId,
        staffName: actor.name,
        status: 'applying',
        bootId: bootId(),
        startedAt: now,
        touchedAt: now,
      })
      .returning({ id: catalogueImportRuns.id });
    live(db).add(run.id);
    return run.id;
  } catch (err) {
    // `reason` for the ERP link (docs/integration-api.md "Errors"), whose goods upsert runs the same apply.
    if (isUniqueViolation(err)) throw new AppError(409, 409, IMPORT_RUNNING, { reason: 'import_running' });
    throw err;
  }
}

/** In a chunk's transaction: its undo rows, and the run marked alive. */
export async function journal(tx: Db, runId: number, undo: readonly UndoRow[], now: Date): Promise<void> {
  if (undo.length > 0)
    await tx.execute(sql`
      INSERT INTO catalogue_import_undo (run_id, kind, target_id, created, before, after)
      SELECT ${runId}, u.kind, u.target_id, u.created, u.before, u.after
      FROM jsonb_to_recordset(${JSON.stringify(
        undo.map((u) => ({
          kind: u.kind,
          target_id: u.targetId,
          created: u.created,
          before: u.before,
          after: u.after,
        })),
      )}::jsonb) AS u(kind text, target_id int, created boolean, before jsonb, after jsonb)`);
  await tx.update(catalogueImportRuns).set({ touchedAt: now }).where(eq(catalogueImportRuns.id, runId));
}

/** Switches goods' GIN indexes to a pending list for the run (PGlite only), remembered on the run. */
export async function runGinOn(db: Db, runId: number): Promise<void> {
  await withTx(db, async (tx) => {
    const names = await ginBatchOn(tx);
    if (names.length > 0)
      await tx.update(catalogueImportRuns).set({ ginIndexes: names }).where(eq(catalogueImportRuns.id, runId));
  });
}

/** Merges and switches back the run's GIN indexes, one short transaction per index. */
async function runGinOff(db: Db, runId: number): Promise<void> {
  const [run] = await db
    .select({ names: catalogueImportRuns.ginIndexes })
    .from(catalogueImportRuns)
    .where(eq(catalogueImportRuns.id, runId));
  for (const name of run?.names ?? []) {
    await withTx(db, (tx) => ginBatchOff(tx, name));
    await yieldToEventLoop();
  }
}

/**
 * Undo rows go when the run has ended, in chunks (a 20,000-goods run's in one statement is a long
 * one). A failure here is only logged: the run has ended, its rows are left over and harmless.
 */
export async function dropUndo(db: Db, runId: number): Promise<void> {
  try {
    await dropUndoChunks(db, runId);
  } catch (err) {
    console.error(`[catalogue import] undo rows of run ${runId} not deleted`, err);
  }
}

async function dropUndoChunks(db: Db, runId: number): Promise<void> {
  for (;;) {
    const gone = rowsOf<{ id: number }>(
      await db.execute(sql`
        DELETE FROM catalogue_import_undo WHERE id IN (
          SELECT id FROM catalogue_import_undo WHERE run_id = ${runId} ORDER BY id LIMIT ${IMPORT_CHUNK * 8})
        RETURNING id`),
    );
    if (gone.length === 0) return;
    await yieldToEventLoop();
  }
}

/**
 * The run's writes are complete: its GIN indexes merged, then `last` and the run `applied` in one
 * transaction (a crash before it: the run is rolled back, its writes were all there but not yet
 * declared whole). The caller drops the undo rows.
 */
export async function finishRun(db: Db, runId: number, now: Date, last: (tx: Db) => Promise<void>): Promise<void> {
  await runGinOff(db, runId);
  await withTx(db, async (tx) => {
    await last(tx);
    await tx
      .update(catalogueImportRuns)
      .set({ status: 'applied', endedAt: now, touchedAt: now })
      .where(eq(catalogueImportRuns.id, runId));
  });
  live(db).delete(runId);
}

interface UndoRead {
  id: number;
  target_id: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

async function undoPage(db: Db, runId: number, kind: string, created: boolean, afterId: number): Promise<UndoRead[]> {
  return rowsOf<UndoRead>(
    await db.execute(sql`
      SELECT id::int AS id, target_id, before, after FROM catalogue_import_undo
      WHERE run_id = ${runId} AND kind = ${kind} AND created = ${created} AND id > ${afterId}
      ORDER BY id LIMIT ${IMPORT_CHUNK}`),
  );
}

/** Restores one group of updated goods (same columns): each column only where it still holds what the import wrote. */
async function restoreGroup(tx: Db, undoIds: number[], columns: string[], now: Date): Promise<number[]> {
  const restored = new Set<number>();
  for (const [table, idColumn, written] of [
    ['goods_master', 'id', columns.filter((c) => !STOCK_COLUMNS.has(c))],
    ['goods_stock', 'goods_id', columns.filter((c) => STOCK_COLUMNS.has(c))],
  ] as const) {
    if (written.length === 0) continue;
    const still = (c: string) => `g.${c} IS NOT DISTINCT FROM (u.after->>'${c}')::${COLUMN_TYPES[c]}`;
    const set = written.map(
      (c) => `${c} = CASE WHEN ${still(c)} THEN (u.before->>'${c}')::${COLUMN_TYPES[c]} ELSE g.${c} END`,
    );
    const rows = rowsOf<{ id: number }>(
      await tx.execute(sql`
        UPDATE ${sql.raw(table)} g SET ${sql.raw([...set, `updated_at = '${now.toISOString()}'::timestamptz`].join(', '))}
        FROM catalogue_import_undo u
        WHERE u.id = ANY(${intArray(undoIds)}::bigint[]) AND g.${sql.raw(idColumn)} = u.target_id
          AND (${sql.raw(written.map(still).join(' OR '))})
        RETURNING g.${sql.raw(idColumn)} AS id`),
    );
    for (const r of rows) restored.add(r.id);
  }
  return [...restored];
}

/**
 * What keeps a goods the import created: what keeps the console's delete from removing it, and a
 * buyer's cart line (the console's delete takes a goods out of carts; a roll back leaves a goods a
 * buyer has already chosen). What belongs to it alone goes with it, as in the console's delete.
 */
const KEEPS_GOODS = [...GOODS_KEEPERS.map(([table]) => getTableName(table)), getTableName(cartLines)];
const GOES_WITH_GOODS = GOODS_OWN_ROWS.filter((table) => table !== cartLines).map((table) => getTableName(table));

/** Deletes the created goods of one page that are still off sale and unused; answers the ones kept. */
async function deleteCreated(tx: Db, ids: number[], now: Date): Promise<number[]> {
  const rows = rowsOf<{ id: number; is_kx: boolean; kept: boolean }>(
    await tx.execute(sql`
      SELECT g.id, g.is_kx,
             g.is_on_sale OR ${sql.raw(KEEPS_GOODS.map((t) => `EXISTS (SELECT 1 FROM ${t} x WHERE x.goods_id = g.id)`).join(' OR '))} AS kept
      FROM goods g WHERE g.id = ANY(${intArray(ids)}::int[]) ORDER BY g.id FOR UPDATE`),
  );
  const gone = rows.filter((r) => !r.kept);
  if (gone.length > 0) {
    const goneIds = intArray(gone.map((r) => r.id));
    for (const t of GOES_WITH_GOODS)
      await tx.execute(sql`DELETE FROM ${sql.raw(t)} WHERE goods_id = ANY(${goneIds}::int[])`);
    // goods_stock goes with its master row (ON DELETE CASCADE, migration 0034).
    await tx.execute(sql`DELETE FROM goods_master WHERE id = ANY(${goneIds}::int[])`);
    await noteCatalogueChange(
      tx,
      gone.map((r) => r.id),
      'deleted',
      now,
      { controlled: new Map(gone.map((r) => [r.id, r.is_kx])) },
    );
  }
  return rows.filter((r) => r.kept).map((r) => r.id);
}

/** Deletes a maker, brand or category the run created, unless something uses it now. */
async function deleteMasterRow(tx: Db, kind: 'maker' | 'brand' | 'category', id: number): Promise<boolean> {
  const statement = {
    maker: sql`DELETE FROM manufacturers m WHERE m.id = ${id} AND NOT EXISTS (SELECT 1 FROM goods_master g WHERE g.manufacturer_id = m.id)`,
    brand: sql`DELETE FROM brands b WHERE b.id = ${id} AND NOT EXISTS (SELECT 1 FROM goods_master g WHERE g.brand_id = b.id)`,
    category: sql`DELETE FROM categories c WHERE c.id = ${id}
      AND NOT EXISTS (SELECT 1 FROM goods_master g WHERE g.category_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id)`,
  }[kind];
  try {
    // A savepoint: another table pointing at it (a 品牌专区 slot, an activity page) keeps it.
    return await withTx(tx, async (sp) => rowsOf(await sp.execute(sql`${statement} RETURNING 1 AS gone`)).length > 0);
  } catch (err) {
    if (isForeignKeyViolation(err)) return false;
    throw err;
  }
}

export interface RollbackResult {
  restored: number;
  deleted: number;
  /** Created goods left in place: put on sale, ordered, in a cart or a promotion meanwhile. */
  keptGoods: number[];
  /** Created makers, brands and categories left in place: something uses them now. */
  keptMasterData: { kind: string; id: number }[];
}

/**
 * Plays a run's undo rows back, in chunks (each one short transaction), and ends it `rolled_back`.
 * Safe to repeat after a crash halfway: a restored column no longer holds the import's value, a
 * deleted goods is gone.
 */
export async function rollbackRun(db: Db, runId: number, now: Date): Promise<RollbackResult> {
  const out: RollbackResult = { restored: 0, deleted: 0, keptGoods: [], keptMasterData: [] };
  const [state] = await db
    .select({ status: catalogueImportRuns.status })
    .from(catalogueImportRuns)
    .where(eq(catalogueImportRuns.id, runId));
  // Only a run still applying is undone (an applied one is whole; a rolled back one is done).
  if (state?.status !== 'applying') {
    live(db).delete(runId);
    return out;
  }
  for (let last = 0; ;) {
    const page = await undoPage(db, runId, 'goods', false, last);
    if (page.length === 0) break;
    last = page.at(-1)!.id;
    const groups = new Map<string, UndoRead[]>();
    for (const u of page) {
      const key = Object.keys(u.after ?? {})
        .filter((c) => c in COLUMN_TYPES)
        .sort()
        .join(',');
      const group = groups.get(key);
      if (group) group.push(u);
      else groups.set(key, [u]);
    }
    await withTx(db, async (tx) => {
      const restored = new Set<number>();
      for (const [key, group] of groups) {
        if (key === '') continue;
        const ids = await restoreGroup(
          tx,
          group.map((u) => u.id),
          key.split(','),
          now,
        );
        for (const id of ids) restored.add(id);
      }
      out.restored += restored.size;
      await noteCatalogueChange(tx, [...restored], 'imported', now);
      await tx.update(catalogueImportRuns).set({ touchedAt: now }).where(eq(catalogueImportRuns.id, runId));
    });
    await yieldToEventLoop();
  }
  for (let last = 0; ;) {
    const page = await undoPage(db, runId, 'goods', true, last);
    if (page.length === 0) break;
    last = page.at(-1)!.id;
    await withTx(db, async (tx) => {
      const ids = page.map((u) => u.target_id);
      const kept = await deleteCreated(tx, ids, now);
      out.keptGoods.push(...kept);
      // A goods already gone (a repeated roll back) counts as deleted.
      out.deleted += ids.length - kept.length;
      await tx.update(catalogueImportRuns).set({ touchedAt: now }).where(eq(catalogueImportRuns.id, runId));
    });
    await yieldToEventLoop();
  }
  await runGinOff(db, runId);
  const [run] = await db.select().from(catalogueImportRuns).where(eq(catalogueImportRuns.id, runId));
  await withTx(db, async (tx) => {
    // Newest first: a category's children before it, master data after the goods that used it.
    const created = rowsOf<{ kind: 'maker' | 'brand' | 'category'; target_id: number }>(
      await tx.execute(sql`
        SELECT kind, target_id FROM catalogue_import_undo
        WHERE run_id = ${runId} AND kind <> 'goods' AND created ORDER BY id DESC`),
    );
    for (const c of created)
      if (!(await deleteMasterRow(tx, c.kind, c.target_id))) out.keptMasterData.push({ kind: c.kind, id: c.target_id });
    const note = { restored: out.restored, deleted: out.deleted, kept_goods: out.keptGoods, kept: out.keptMasterData };
    const actor: Actor = { staffId: run.staffId, name: run.staffName, ip: '' };
    await writeAudit(
      tx,
      actor,
      {
        action: 'catalogue.import.rollback',
        targetType: 'catalogue_import',
        targetId: runId,
        after: { file_name: run.fileName, ...note },
      },
      now,
    );
    await tx
      .update(catalogueImportRuns)
      .set({ status: 'rolled_back', endedAt: now, touchedAt: now, note })
      .where(and(eq(catalogueImportRuns.id, runId), eq(catalogueImportRuns.status, 'applying')));
  });
  live(db).delete(runId);
  await dropUndo(db, runId);
  return out;
}

/**
 * Rolls back every run left `applying` by a process that is gone: of another server start no longer
 * running (on PGlite: any other start, one process per data directory), or untouched for
 * RUN_STALE_MS (a WORKERS process that died; its start lives on). Runs of this process are never
 * taken. Called at server start and before each import; answers how many it rolled back.
 */
export async function recoverCatalogueImports(db: Db, now: Date, log: (line: string) => void): Promise<number> {
  const applying = await db.select().from(catalogueImportRuns).where(eq(catalogueImportRuns.status, 'applying'));
  let n = 0;
  for (const run of applying) {
    if (live(db).has(run.id)) continue;
    const untouched = run.touchedAt.getTime() < now.getTime() - RUN_STALE_MS;
    const gone = run.bootId !== bootId() && !(await startIsRunning(db, run.bootId, now));
    if (!untouched && !gone) continue;
    const r = await rollbackRun(db, run.id, now);
    n++;
    log(
      `catalogue import ${run.id} (${run.fileName}, ${run.staffName}) was left applying: rolled back ` +
        `(${r.restored} goods restored, ${r.deleted} new goods deleted` +
        `${r.keptGoods.length > 0 ? `, ${r.keptGoods.length} new goods kept (used meanwhile): ${r.keptGoods.join(',')}` : ''})`,
    );
  }
  return n;
}
