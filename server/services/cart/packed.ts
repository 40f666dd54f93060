// Many rows × many columns, read as ONE json value. Drivers decode a result cell by cell in
// JavaScript (PGlite spends ~2 µs per typed cell: 300 cart lines × 35 columns ≈ 15 ms of CPU),
// while one json_agg cell is a single native JSON.parse — about four times cheaper, which is
// what keeps a 300-line cart inside its 60 ms budget. Only for columns whose JSON form is their
// JS value: integers, booleans, text and text[] (never timestamps, dates or bigint).
import { sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';

type Field = Column | SQL<unknown>;
export type PackedFields = Record<string, Field>;

type FieldValue<F> = F extends Column
  ? F['_']['notNull'] extends true
    ? F['_']['data']
    : F['_']['data'] | null
  : F extends SQL<infer T>
    ? T
    : never;

export type Unpacked<F extends PackedFields> = { [K in keyof F]: FieldValue<F[K]> };

export interface Packed<F extends PackedFields> {
  /** `json_agg(json_build_array(…) ORDER BY …)`: select it as the only column of an aggregate query. */
  expr: SQL<unknown>;
  /** The aggregate's value (null when no row matched) as objects keyed like `fields`. */
  unpack: (value: unknown) => Unpacked<F>[];
}

export function packed<F extends PackedFields>(fields: F, orderBy?: SQL): Packed<F> {
  const keys = Object.keys(fields);
  // json_build_array takes at most 100 arguments.
  if (keys.length > 100) throw new Error('packed(): at most 100 fields');
  const values = sql.join(
    keys.map((k) => sql`${fields[k]}`),
    sql`, `,
  );
  const expr = orderBy
    ? sql`json_agg(json_build_array(${values}) ORDER BY ${orderBy})`
    : sql`json_agg(json_build_array(${values}))`;
  return {
    expr,
    unpack: (value) => {
      // node-postgres and PGlite both parse json; a string would mean a driver that does not.
      const rows = (typeof value === 'string' ? JSON.parse(value) : value) as unknown[][] | null;
      if (!rows) return [];
      return rows.map((r) => {
        const o: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) o[keys[i]] = r[i];
        return o as Unpacked<F>;
      });
    },
  };
}

/**
 * `column = ANY('{1,2,3}'::int[])`: one bound parameter instead of inArray's one per id (binding
 * 300 parameters costs more than the lookup). `ids` must be integers (they are validated ids).
 */
export function anyId(column: SQLWrapper, ids: readonly number[]): SQL {
  if (!ids.every((n) => Number.isSafeInteger(n))) throw new Error('anyId(): ids must be integers');
  return sql`${column} = ANY(${`{${ids.join(',')}}`}::int[])`;
}
