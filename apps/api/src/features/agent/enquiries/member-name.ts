/** How an agency member is named in the lead inbox (ADR 029): the name they gave, else their e-mail. */
import { sql } from 'drizzle-orm';
import { users } from '#src/db/schema.ts';

/**
 * A member's display name over a join of `users`: first and last name, else the account name, else the sign-in
 * e-mail (never blank). Null when the join found no user (no one assigned).
 */
export const memberName = sql<string | null>`COALESCE(
  NULLIF(btrim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''),
  NULLIF(btrim(${users.name}), ''),
  ${users.email})`;
