/**
 * Finds markup stored in the database (REQ-SEC-01: "never a stored unsanitised script"): every text, varchar and JSON
 * column of every table is searched for `<` followed by a letter (which covers `<script`, `<img`, `<svg`…). Text that
 * went through the REQ-SEC-01 sanitiser never holds a `<` at all.
 *
 * A few columns hold markup or raw attacker input on purpose and are checked differently ({@link MARKUP_EXEMPTIONS}).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { queryRows } from '#src/db/query-rows.ts';

export interface StoredMarkup {
  table: string;
  column: string;
  /** The start of the stored value. */
  sample: string;
}

/**
 * Columns allowed to hold `<` + letter, each with the reason, and what is still checked there: a stricter `pattern`
 * (null: nothing), or the same pattern over an `expression` that leaves the exempt part out.
 * - outbox.html is our own e-mail HTML (user text in it goes through `escapeHtml`): no script tag, no tag with an
 *   event handler, no javascript: link.
 * - rate_limits.key holds the e-mail typed at sign-in and sign-up before it is validated (`ip|email`); never shown.
 * - audit_logs rows the server writes about an attack (entity_type 'security_event' without the browser's
 *   `clientTimestamp`) keep parts of the attacker's input as typed: the excerpt and property id of a refused enquiry
 *   (features/enquiries/routes.ts; its test asserts the raw excerpt), the path of a script-carrying write
 *   (middleware/script-injection.ts), the e-mail of a failed sign-in. They are shown only in the admin audit log, as
 *   text; reported to the owners (REQ-SEC fuzzing). Browser-reported events (sanitised by
 *   features/security-events) and admin actions are still checked.
 */
export const MARKUP_EXEMPTIONS: Record<
  string,
  { reason: string; pattern: string | null; expression?: string }
> = {
  'outbox.html': {
    reason: 'our e-mail HTML; user text escaped',
    pattern: '<script|<[a-z][^>]*\\son[a-z]+\\s*=|href\\s*=\\s*"?\\s*javascript:',
  },
  'rate_limits.key': { reason: 'limiter key from unvalidated input, never displayed', pattern: null },
  'audit_logs.after_data': {
    reason: 'server-written attack records keep the input as typed',
    pattern: '<[a-z]',
    expression:
      "CASE WHEN entity_type = 'security_event' AND after_data->>'clientTimestamp' IS NULL THEN NULL ELSE after_data END",
  },
  'audit_logs.entity_id': {
    reason: 'server-written attack records keep the input as typed',
    pattern: '<[a-z]',
    expression: "CASE WHEN entity_type = 'security_event' THEN NULL ELSE entity_id END",
  },
};

const MARKUP = '<[a-z]';

interface Column {
  table_name: string;
  column_name: string;
}

/** Every stored value that holds markup, at most `limit` per column. */
export async function findStoredMarkup(db: Database, limit = 3): Promise<StoredMarkup[]> {
  const columns = await queryRows<Column>(
    db,
    sql`
      SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY')
         AND table_name NOT LIKE '\\_\\_%'
       ORDER BY table_name, ordinal_position`,
  );
  const found: StoredMarkup[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const exemption = MARKUP_EXEMPTIONS[`${table}.${column}`];
    const pattern = exemption ? exemption.pattern : MARKUP;
    if (pattern === null) continue;
    const value = exemption?.expression ? sql.raw(`(${exemption.expression})`) : sql.identifier(column);
    const rows = await queryRows<{ sample: string }>(
      db,
      sql`
        SELECT left(${value}::text, 200) AS sample FROM ${sql.identifier(table)}
         WHERE ${value}::text ~* ${pattern} LIMIT ${limit}`,
    );
    for (const row of rows) found.push({ table, column, sample: row.sample });
  }
  return found;
}
