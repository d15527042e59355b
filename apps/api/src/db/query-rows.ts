/**
 * Raw SQL with typed rows, one way for every query that Drizzle's builder does not express:
 * `await queryRows<Row>(db, sql\`…\`)`, or `queryRow<Row>` for one row, instead of casting
 * `(await db.execute(query)).rows`.
 */
import type { SQL } from 'drizzle-orm';

/** Anything that runs raw SQL: the database (PGlite or node-postgres), a transaction of either, or a wrapper. */
export interface SqlExecutor {
  execute(query: SQL): PromiseLike<{ rows: unknown[] }>;
}

/**
 * Runs `query` and returns its rows as `T[]`. Fields are named as the query's columns (snake_case unless aliased)
 * and hold what the driver reads, so a count needs `::int` to arrive as a number. `T` is the caller's statement of
 * the query's shape; it is not checked at run time.
 */
export async function queryRows<T = Record<string, unknown>>(db: SqlExecutor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

/**
 * Runs `query` and returns its first row, or undefined when it returns none: for queries that read one row (by key,
 * an aggregate, `RETURNING` of one insert). Same contract as `queryRows`.
 */
export async function queryRow<T = Record<string, unknown>>(
  db: SqlExecutor,
  query: SQL,
): Promise<T | undefined> {
  return (await queryRows<T>(db, query))[0];
}
