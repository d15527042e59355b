/** Where a branch's notices go (ADR 029). */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { agencyMembers, agents, users } from '#src/db/schema.ts';

type Reader = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The address a branch's notices (listing approved or rejected, new enquiry) go to: the branch's contact e-mail, else
 * the sign-in e-mail of the agency's first owner; null when neither exists.
 */
export async function branchContactEmail(db: Reader, branchId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: sql<string | null>`COALESCE(NULLIF(${agents.email}, ''), ${users.email})` })
    .from(agents)
    .leftJoin(
      agencyMembers,
      and(eq(agencyMembers.agencyId, agents.agencyId), eq(agencyMembers.role, 'owner')),
    )
    .leftJoin(users, eq(users.id, agencyMembers.userId))
    .where(eq(agents.id, branchId))
    .orderBy(asc(agencyMembers.createdAt))
    .limit(1);
  return row?.email ?? null;
}
