/**
 * One database connection for a bulk load, on PostgreSQL or PGlite alike: plain queries, COPY of text-format rows
 * (the fast path on both: `COPY … FROM STDIN` through pg-copy-streams on PostgreSQL, `COPY … FROM '/dev/blob'` with
 * a Blob on PGlite, where every statement is costly) and transactions. A dedicated connection matters on
 * PostgreSQL: a staging table, a session-level advisory lock and BEGIN … COMMIT all belong to one connection, which
 * Drizzle's pool does not promise between statements.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { Database } from '#src/db/client.ts';

/** A connection for a bulk load ({@link withLoadSession}). */
export interface LoadSession {
  /** Runs one statement ($1… parameters) and returns its rows. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * COPYs `lines` into `table`: each line one row in COPY's text format (tab-separated, `\N` for null, ending in a
   * newline; see {@link copyField}). Resolves to the number of lines.
   */
  copyIn(table: string, columns: readonly string[], lines: AsyncIterable<string>): Promise<number>;
  /** Runs `work` in a transaction on this connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (session: LoadSession) => Promise<T>): Promise<T>;
}

/** Lines are sent in batches of about this many characters: one message (PostgreSQL) or one COPY (PGlite) each. */
const POSTGRES_BATCH_CHARS = 256 * 1024;
const PGLITE_BATCH_CHARS = 4 * 1024 * 1024;

/** Runs `work` on a connection of its own (PostgreSQL) or on the PGlite instance, released afterwards. */
export async function withLoadSession<T>(
  db: Database,
  work: (session: LoadSession) => Promise<T>,
): Promise<T> {
  const client = db.$client as unknown;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    let failure: Error | undefined;
    try {
      return await work(postgresSession(connection));
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // A connection that failed mid-load (a COPY cut short) is closed rather than handed back to the pool.
      connection.release(failure);
    }
  }
  if (client instanceof PGlite) return work(pgliteSession(client));
  throw new Error('withLoadSession: the database is neither a PostgreSQL pool nor PGlite');
}

/** A value for a COPY text-format line: `\N` for null; tab, newline, carriage return and backslash escaped. */
export function copyField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!)
    : text;
}

function copyStatement(table: string, columns: readonly string[], source: string): string {
  const list = columns.map((c) => pg.escapeIdentifier(c)).join(', ');
  return `COPY ${pg.escapeIdentifier(table)} (${list}) FROM ${source}`;
}

/** Joins lines into strings of about `size` characters. */
async function* batches(
  lines: AsyncIterable<string>,
  size: number,
  count: { n: number },
): AsyncGenerator<string> {
  let parts: string[] = [];
  let length = 0;
  for await (const line of lines) {
    parts.push(line);
    length += line.length;
    count.n += 1;
    if (length >= size) {
      yield parts.join('');
      parts = [];
      length = 0;
    }
  }
  if (parts.length) yield parts.join('');
}

function postgresSession(connection: pg.PoolClient): LoadSession {
  const session: LoadSession = {
    query: async <T>(text: string, params?: unknown[]) =>
      (await connection.query<T & pg.QueryResultRow>(text, params)).rows,
    async copyIn(table, columns, lines) {
      const count = { n: 0 };
      const stream = connection.query(copyStreams.from(copyStatement(table, columns, 'STDIN')));
      await pipeline(Readable.from(batches(lines, POSTGRES_BATCH_CHARS, count)), stream);
      return count.n;
    },
    async transaction(work) {
      await connection.query('BEGIN');
      try {
        const result = await work(session);
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK');
        throw error;
      }
    },
  };
  return session;
}

function pgliteSession(client: PGlite | Transaction): LoadSession {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    async copyIn(table, columns, lines) {
      const count = { n: 0 };
      const statement = copyStatement(table, columns, `'/dev/blob'`);
      for await (const batch of batches(lines, PGLITE_BATCH_CHARS, count)) {
        await client.query(statement, [], { blob: new Blob([batch]) });
      }
      return count.n;
    },
    transaction(work) {
      // PGlite's own transaction holds its one connection, so other callers in this process wait outside it
      // rather than having their statements run inside it.
      if (!(client instanceof PGlite)) return work(pgliteSession(client));
      return client.transaction((tx) => work(pgliteSession(tx)));
    },
  };
}
