/**
 * The member's branches as the agent portal reads them (ADR 029): the Branches screen and the listing form's branch
 * and negotiator pickers.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { AgentBranch, AgentBranchList, BranchMember } from '@abode/shared/agency/branches.schema';
import type { MemberRole } from '@abode/shared/agency/permissions';
import type { Database } from '#src/db/client.ts';
import { queryRows } from '#src/db/query-rows.ts';
import { agents } from '#src/db/schema.ts';
import { inBranches, type AgentScope } from '#src/features/agency/authorise.ts';
import { toAgentProfile } from '#src/features/agent/profile/get-agent-profile.ts';

type Reader = Pick<Database, 'select' | 'execute'>;
type BranchRow = typeof agents.$inferSelect;

/**
 * The branches `scope` works in (an owner: every branch of the agency), in the membership's order (the default
 * branch first), each with every agents field, its non-deleted listings (active and all) and the members working in
 * it (owners in every branch; others by `agency_member_branches`), owners first, then by name.
 */
export async function findAgentBranches(db: Reader, scope: AgentScope): Promise<AgentBranchList> {
  if (scope.branchIds.length === 0) return { items: [] };
  const rows = await db
    .select()
    .from(agents)
    .where(inArray(agents.id, [...scope.branchIds]))
    .orderBy(asc(agents.createdAt));
  const order = new Map(scope.branchIds.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { items: await withBranchFacts(db, scope, rows) };
}

/** One branch row in the list's shape (after a create or an edit). */
export async function toAgentBranch(db: Reader, scope: AgentScope, row: BranchRow): Promise<AgentBranch> {
  const [branch] = await withBranchFacts(db, scope, [row]);
  return branch!;
}

async function withBranchFacts(db: Reader, scope: AgentScope, rows: BranchRow[]): Promise<AgentBranch[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await queryRows<{ agent_id: string; active: number; total: number }>(
    db,
    sql`
    SELECT p.agent_id,
           count(*) FILTER (WHERE p.status = 'active')::int AS active,
           count(*)::int AS total
      FROM properties p
     WHERE ${inBranches('p.agent_id', ids)} AND NOT p.is_deleted
     GROUP BY p.agent_id`,
  );
  const countOf = new Map(counts.map((r) => [r.agent_id, { active: r.active, total: r.total }]));
  const members = await membersOf(db, scope.agencyId, ids);
  return rows.map((row) => ({
    ...toAgentProfile(row, scope.userId),
    listings: countOf.get(row.id) ?? { active: 0, total: 0 },
    members: members.get(row.id) ?? [],
  }));
}

/** The members of agency `agencyId` working in each of `branchIds`: name (first and last, else the account name). */
async function membersOf(
  db: Reader,
  agencyId: string,
  branchIds: readonly string[],
): Promise<Map<string, BranchMember[]>> {
  const result = await queryRows<{ branch_id: string; member_id: string; role: MemberRole; name: string }>(
    db,
    sql`
    SELECT b.id AS branch_id, m.id AS member_id, m.role,
           COALESCE(NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.name, u.email) AS name
      FROM agents b
      JOIN agency_members m ON m.agency_id = b.agency_id
      JOIN users u ON u.id = m.user_id
     WHERE b.agency_id = ${agencyId} AND ${inBranches('b.id', branchIds)}
       AND (m.role = 'owner' OR EXISTS (SELECT 1 FROM agency_member_branches mb
                                         WHERE mb.member_id = m.id AND mb.branch_id = b.id))
     ORDER BY m.role = 'owner' DESC, name, m.id`,
  );
  const byBranch = new Map<string, BranchMember[]>();
  for (const r of result) {
    const list = byBranch.get(r.branch_id) ?? [];
    list.push({ memberId: r.member_id, name: r.name, role: r.role });
    byBranch.set(r.branch_id, list);
  }
  return byBranch;
}
