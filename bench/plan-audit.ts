// The EXPLAIN audit the in-process benches (cart.ts, checkout.ts) run over the statements one
// request made: each statement's access paths, and a failure for a sequential scan of a big table.
// A table that is still tiny in the bench (this buyer's few orders) is rightly read whole, so for
// those the plan with sequential scans off is shown and judged instead.
import type { PGlite } from '@electric-sql/pglite';

export interface CapturedStatement {
  query: string;
  params: unknown[];
}

/**
 * Tables big enough on a 100,000-goods database that a sequential scan of them is a bug. goods is
 * a view (migration 0034): plans scan its two tables.
 */
export const BIG_TABLES: readonly string[] = [
  'goods_master',
  'goods_stock',
  'cart_lines',
  'goods_ladder_prices',
  'promotion_goods',
  'orders',
  'goods_prices',
  'order_lines',
  'company_coupons',
  'wallet_ledger',
];

export interface PlanAuditOptions {
  /** Tables whose sequential scan fails the audit (usually BIG_TABLES). */
  bigTables: readonly string[];
  /** EXPLAIN ANALYZE (runs the statement again: only for reads) or plain EXPLAIN. */
  analyze: boolean;
  /** Print every plan line, not just the summary. */
  verbose: boolean;
  /** A line after each statement's summary, e.g. the time until the next statement. */
  detail?: (index: number, planLines: string[]) => string;
}

const ACCESS_RE =
  /(Seq Scan on \w+|Index Only Scan(?: Backward)? using \w+|Index Scan(?: Backward)? using \w+|Bitmap Index Scan on \w+)/;
const EXPLAINABLE_RE = /^\s*(?:select|insert|update|delete|with)\b/i;
/** Below this many rows a table counts as tiny (see above). */
const TINY_TABLE_ROWS = 1_000;

function accessOf(plan: readonly string[]): string[] {
  return [...new Set(plan.map((l) => ACCESS_RE.exec(l)?.[1]).filter((x): x is string => Boolean(x)))];
}

/** Prints one line per statement; resolves the number of sequential scans of big tables. */
export async function auditPlans(
  client: PGlite,
  statements: readonly CapturedStatement[],
  opts: PlanAuditOptions,
): Promise<number> {
  const sizes = new Map<string, number>();
  for (const tb of opts.bigTables) {
    const r = await client.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE relname = $1`, [tb]);
    sizes.set(tb, r.rows[0]?.n ?? 0);
  }
  const prefix = opts.analyze ? 'EXPLAIN (ANALYZE, BUFFERS OFF)' : 'EXPLAIN';
  const explain = async (st: CapturedStatement) =>
    (await client.query<{ 'QUERY PLAN': string }>(`${prefix} ${st.query}`, st.params)).rows.map((r) => r['QUERY PLAN']);
  const isBigSeq = (a: string) => opts.bigTables.some((tb) => a === `Seq Scan on ${tb}`);
  let seqOnBig = 0;
  for (const [i, st] of statements.entries()) {
    // Transaction control (savepoint, release) has no plan.
    if (!EXPLAINABLE_RE.test(st.query)) continue;
    const lines = await explain(st);
    const access = accessOf(lines);
    const seqs = access.filter(isBigSeq);
    let note = '';
    let bad = seqs.length;
    if (bad > 0 && seqs.every((a) => (sizes.get(a.replace('Seq Scan on ', '')) ?? 0) < TINY_TABLE_ROWS)) {
      await client.query('SET enable_seqscan = off');
      const forced = accessOf(await explain(st));
      await client.query('RESET enable_seqscan');
      bad = forced.filter(isBigSeq).length;
      note = `  [small table; with seq scans off: ${forced.join(', ')}]`;
    }
    seqOnBig += bad;
    console.log(
      `  ${bad ? '!!' : 'ok'} #${i + 1} ${opts.detail?.(i, lines) ?? ''}  ${access.join(', ') || '(no table access)'}${note}`,
    );
    console.log(`       ${st.query.replace(/\s+/g, ' ').slice(0, 110)}…`);
    if (opts.verbose) for (const l of lines) console.log(`       ${l}`);
  }
  console.log(`# sequential scans of big tables: ${seqOnBig}`);
  return seqOnBig;
}
