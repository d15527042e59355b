/**
 * Writes OS Code-Point Open data to the `postcodes`, `outcodes` and `admin_areas` tables (schema.ts), the one write
 * path of the release import (`importCodePoint`) and of the demo's reference data (`loadReferenceData`).
 *
 * Rows are COPYed into a staging table first (COPY is the bulk path of both engines, load-session.ts). The import
 * builds the staging table's indexes (the same as `postcodes` has, read from the catalogue, so a later migration's
 * index is carried over) and swaps it in for `postcodes` in one short transaction, with the code list and the outcode
 * centroids: a search during the import sees the old release or the new one, never a mix, and waits at most for the
 * swap. The demo's load merges its rows into the existing tables instead (rows present are kept).
 */
import type { AdminArea } from './code-list.ts';
import type { PostcodeRow } from './code-point-csv.ts';
import { copyField, type LoadSession } from './load-session.ts';

/** The staging table of an import: `postcodes`' columns, loaded and indexed before the swap. */
export const STAGING_TABLE = 'postcodes_next';
/** The demo's staging table: temporary, so private to its connection. */
const MERGE_TABLE = 'postcodes_load';

/** The `postcodes` columns a Code-Point row fills, in COPY order. */
const POSTCODE_COLUMNS = [
  'postcode',
  'outcode',
  'latitude',
  'longitude',
  'positional_quality',
  'country_code',
  'county_code',
  'district_code',
  'ward_code',
] as const;

/** Staging indexes and constraints are named `<name>_next` until the swap gives them their names back. */
const NEXT = '_next';

/**
 * Another import holds the lock: two imports at once on one PostgreSQL database would share the staging table.
 * (PGlite has one process by its data-folder lock.)
 */
export class ImportRunningError extends Error {
  constructor() {
    super('Another postcode import is running on this database; wait for it to finish.');
    this.name = 'ImportRunningError';
  }
}

/** Arbitrary, fixed: the advisory lock key of postcode imports (any process on the database). */
const IMPORT_LOCK_KEY = 240_240_024;

/** Runs `work` holding the database-wide postcode-import lock; throws ImportRunningError when another holds it. */
export async function withImportLock<T>(session: LoadSession, work: () => Promise<T>): Promise<T> {
  const [row] = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
    IMPORT_LOCK_KEY,
  ]);
  if (!row?.locked) throw new ImportRunningError();
  try {
    return await work();
  } finally {
    await session.query('SELECT pg_advisory_unlock($1)', [IMPORT_LOCK_KEY]);
  }
}

/** One `postcodes` row as a COPY text line. */
function copyLine(r: PostcodeRow): string {
  return (
    `${copyField(r.postcode)}\t${copyField(r.outcode)}\t${r.latitude}\t${r.longitude}\t${r.positionalQuality}\t` +
    `${copyField(r.countryCode)}\t${copyField(r.countyCode)}\t${copyField(r.districtCode)}\t${copyField(r.wardCode)}\n`
  );
}

async function* copyLines(rows: AsyncIterable<PostcodeRow>): AsyncGenerator<string> {
  for await (const row of rows) yield copyLine(row);
}

/**
 * Creates the staging table afresh (a failed import's leftover is dropped) and COPYs `rows` into it. Resolves to
 * the number of rows. A postcode twice in `rows` fails the import when the indexes are built (OS lists each once).
 * `temporary` makes a session-local table under another name (the demo's merge, which may run beside an import).
 */
export async function stagePostcodes(
  session: LoadSession,
  rows: AsyncIterable<PostcodeRow>,
  { temporary = false } = {},
): Promise<number> {
  const table = temporary ? MERGE_TABLE : STAGING_TABLE;
  await session.query(`DROP TABLE IF EXISTS ${table}`);
  await session.query(
    `CREATE ${temporary ? 'TEMPORARY ' : ''}TABLE ${table} ` +
      '(LIKE postcodes INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED)',
  );
  return session.copyIn(table, POSTCODE_COLUMNS, copyLines(rows));
}

/** Drops what a failed import left behind. */
export async function dropStagedPostcodes(session: LoadSession): Promise<void> {
  await session.query(`DROP TABLE IF EXISTS ${STAGING_TABLE}`);
}

/** What the swap renames: each index of `postcodes`, and the constraint it backs (primary key, unique). */
interface IndexOfPostcodes {
  name: string;
  definition: string;
  constraintName: string | null;
  constraintType: 'p' | 'u' | null;
}

async function indexesOfPostcodes(session: LoadSession): Promise<IndexOfPostcodes[]> {
  const rows = await session.query<{
    name: string;
    definition: string;
    constraint_name: string | null;
    constraint_type: string | null;
  }>(`
    SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition,
           c.conname AS constraint_name, c.contype::text AS constraint_type
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      LEFT JOIN pg_constraint c ON c.conindid = i.oid AND c.conrelid = x.indrelid AND c.contype IN ('p', 'u')
     WHERE x.indrelid = 'postcodes'::regclass
     ORDER BY i.relname`);
  return rows.map((r) => ({
    name: r.name,
    definition: r.definition,
    constraintName: r.constraint_name,
    constraintType: r.constraint_type as 'p' | 'u' | null,
  }));
}

/** `CREATE [UNIQUE] INDEX name ON [ONLY] [schema.]postcodes USING …` → the same on the staging table. */
function stagingIndexDefinition(index: IndexOfPostcodes): string {
  const match = /^(CREATE (?:UNIQUE )?INDEX )(\S+)( ON (?:ONLY )?)(\S+)( USING .*)$/s.exec(index.definition);
  if (!match || match[2] !== index.name)
    throw new Error(`Unexpected definition of index ${index.name}: ${index.definition}`);
  return `${match[1]}${index.name}${NEXT}${match[3]}${STAGING_TABLE}${match[5]}`;
}

/** Builds on the staging table the indexes and constraints `postcodes` has, then its planner statistics. */
export async function indexStagedPostcodes(session: LoadSession): Promise<void> {
  // Sorting 1.7 million keys in memory instead of in temporary files (the default is 64 MB).
  await session.query(`SET maintenance_work_mem = '256MB'`);
  try {
    for (const index of await indexesOfPostcodes(session)) {
      await session.query(stagingIndexDefinition(index));
      if (index.constraintName && index.constraintType) {
        const kind = index.constraintType === 'p' ? 'PRIMARY KEY' : 'UNIQUE';
        // USING INDEX renames the index to the constraint's name.
        await session.query(
          `ALTER TABLE ${STAGING_TABLE} ADD CONSTRAINT ${index.constraintName}${NEXT} ${kind} USING INDEX ${index.name}${NEXT}`,
        );
      }
    }
  } finally {
    await session.query('RESET maintenance_work_mem');
  }
  await session.query(`ANALYZE ${STAGING_TABLE}`);
}

/**
 * In the caller's transaction: replaces `postcodes` by the indexed staging table (its indexes and constraints
 * renamed to the old ones' names), `admin_areas` by `areas` and `outcodes` by the mean position and count of each
 * outcode's units.
 */
export async function swapInPostcodes(
  tx: LoadSession,
  areas: readonly AdminArea[],
): Promise<{ outcodes: number }> {
  const indexes = await indexesOfPostcodes(tx);
  await tx.query('DROP TABLE postcodes');
  await tx.query(`ALTER TABLE ${STAGING_TABLE} RENAME TO postcodes`);
  for (const index of indexes) {
    if (index.constraintName)
      await tx.query(
        `ALTER TABLE postcodes RENAME CONSTRAINT ${index.constraintName}${NEXT} TO ${index.constraintName}`,
      );
    else await tx.query(`ALTER INDEX ${index.name}${NEXT} RENAME TO ${index.name}`);
  }
  await tx.query('DELETE FROM admin_areas');
  await insertAdminAreas(tx, areas);
  await tx.query('DELETE FROM outcodes');
  const [outcodes] = await tx.query<{ n: number }>(`
    WITH inserted AS (
      INSERT INTO outcodes (outcode, latitude, longitude, postcode_count)
      SELECT outcode, round(avg(latitude)::numeric, 6)::float8, round(avg(longitude)::numeric, 6)::float8,
             count(*)::int
        FROM postcodes GROUP BY outcode
      RETURNING 1)
    SELECT count(*)::int AS n FROM inserted`);
  return { outcodes: Number(outcodes!.n) };
}

/**
 * Adds `rows` to `postcodes` and `areas` to `admin_areas`, keeping rows already there (the demo's reference data).
 * Resolves to the number of postcodes added.
 */
export async function mergePostcodes(
  session: LoadSession,
  rows: AsyncIterable<PostcodeRow>,
  areas: readonly AdminArea[],
): Promise<number> {
  await stagePostcodes(session, rows, { temporary: true });
  return session.transaction(async (tx) => {
    const [added] = await tx.query<{ n: number }>(`
      WITH inserted AS (
        INSERT INTO postcodes (${POSTCODE_COLUMNS.join(', ')})
        SELECT ${POSTCODE_COLUMNS.join(', ')} FROM ${MERGE_TABLE}
        ON CONFLICT DO NOTHING RETURNING 1)
      SELECT count(*)::int AS n FROM inserted`);
    await tx.query(`DROP TABLE ${MERGE_TABLE}`);
    await insertAdminAreas(tx, areas);
    return Number(added!.n);
  });
}

/** Inserts `areas` (one JSON parameter), keeping codes already there. */
async function insertAdminAreas(tx: LoadSession, areas: readonly AdminArea[]): Promise<void> {
  if (!areas.length) return;
  await tx.query(
    `INSERT INTO admin_areas (code, name, area_type)
     SELECT code, name, area_type FROM jsonb_to_recordset($1::jsonb) AS a(code text, name text, area_type text)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(areas.map((a) => ({ code: a.code, name: a.name, area_type: a.areaType })))],
  );
}
