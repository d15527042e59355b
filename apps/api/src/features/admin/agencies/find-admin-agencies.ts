/**
 * The admin's view of agencies (ADR 029, "Compliance before advertising"): one page of them, newest first, with a
 * search over agency names, branch names and member e-mails and a standing filter; and one agency with its branches
 * and members.
 */
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_AGENCY_MESSAGES,
  type AdminAgency,
  type AdminAgencyDetail,
  type AdminAgencyList,
  type AdminAgencyQuery,
} from '@abode/shared/admin/agencies.schema';
import type { MemberRole } from '@abode/shared/agency/permissions';
import type { Database } from '#src/db/client.ts';
import { agencies, agencyMembers, agents, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import {
  AGENCY_ID,
  agencyColumns,
  toAgency,
  type AgencyRow,
} from '#src/features/agency/compliance/get-agency.ts';

type Reader = Pick<Database, 'select'>;

/** `%`, `_` and `\` typed by the admin are literal characters, not LIKE wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// Subqueries name the outer row written out (AGENCY_ID): drizzle renders a one-table select's columns unqualified.
const listColumns = {
  ...agencyColumns,
  suspensionReason: agencies.suspensionReason,
  createdAt: agencies.createdAt,
  memberCount: sql<number>`(SELECT count(*)::int FROM agency_members m WHERE m.agency_id = ${AGENCY_ID})`,
  listingCount: sql<number>`(SELECT count(*)::int FROM properties p JOIN agents b ON b.id = p.agent_id
    WHERE b.agency_id = ${AGENCY_ID} AND NOT p.is_deleted)`,
};

type ListRow = AgencyRow & {
  suspensionReason: string | null;
  createdAt: Date;
  memberCount: number;
  listingCount: number;
};

function toAdminAgency(row: ListRow): AdminAgency {
  const agency = toAgency(row);
  return {
    id: agency.id,
    name: agency.name,
    standing: agency.standing,
    redressScheme: agency.redressScheme,
    redressMembershipNumber: agency.redressMembershipNumber,
    cmpScheme: agency.cmpScheme,
    cmpMembershipNumber: agency.cmpMembershipNumber,
    handlesLettings: agency.handlesLettings,
    gaps: agency.gaps,
    branchCount: agency.branchCount,
    memberCount: Number(row.memberCount),
    listingCount: Number(row.listingCount),
    verifiedAt: agency.verifiedAt,
    suspendedAt: iso(row.suspendedAt),
    suspensionReason: row.suspensionReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The SQL of the standing filter (membership.ts `standingOf`, as a condition). */
function standingCondition(standing: AdminAgencyQuery['standing']): SQL | undefined {
  if (standing === 'suspended') return isNotNull(agencies.suspendedAt);
  if (standing === 'verified') return and(isNull(agencies.suspendedAt), isNotNull(agencies.verifiedAt));
  if (standing === 'unverified') return and(isNull(agencies.suspendedAt), isNull(agencies.verifiedAt));
  return undefined;
}

/**
 * One page of agencies, newest first (created DESC, id DESC: a total order, so pages never overlap), with the number
 * of matches. `q` matches case-insensitively anywhere in the agency's name, a branch's name or branch name, or a
 * member's sign-in e-mail.
 */
export async function findAdminAgencies(db: Reader, query: AdminAgencyQuery): Promise<AdminAgencyList> {
  const filters: SQL[] = [];
  if (query.q) {
    const p = likePattern(query.q);
    filters.push(
      or(
        ilike(agencies.name, p),
        sql`EXISTS (SELECT 1 FROM agents b WHERE b.agency_id = ${AGENCY_ID}
                     AND (b.name ILIKE ${p} OR b.branch_name ILIKE ${p}))`,
        sql`EXISTS (SELECT 1 FROM agency_members m JOIN users u ON u.id = m.user_id
                     WHERE m.agency_id = ${AGENCY_ID} AND u.email ILIKE ${p})`,
      ) as SQL,
    );
  }
  const standing = standingCondition(query.standing);
  if (standing) filters.push(standing);
  const where = filters.length ? and(...filters) : undefined;

  const [rows, totals] = await Promise.all([
    db
      .select(listColumns)
      .from(agencies)
      .where(where)
      .orderBy(desc(agencies.createdAt), desc(agencies.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(agencies).where(where),
  ]);
  return {
    items: rows.map((r) => toAdminAgency(r as ListRow)),
    total: Number(totals[0]?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Agency `id` with who verified it, its branches (oldest first) and its members (owners first, then by name and
 * e-mail).
 *
 * @throws AppError NOT_FOUND (404, 'Agency not found') for a malformed or unknown id.
 */
export async function getAdminAgency(db: Reader, id: string): Promise<AdminAgencyDetail> {
  if (!UUID.test(id)) throw AppError.notFound(ADMIN_AGENCY_MESSAGES.notFound);
  const [row] = await db
    .select({ ...listColumns, verifiedByEmail: users.email })
    .from(agencies)
    .leftJoin(users, eq(users.id, agencies.verifiedBy))
    .where(eq(agencies.id, id));
  if (!row) throw AppError.notFound(ADMIN_AGENCY_MESSAGES.notFound);
  const [branches, members] = await Promise.all([
    db
      .select({
        id: agents.id,
        name: agents.name,
        branchName: agents.branchName,
        address: agents.address,
        handlesSales: agents.handlesSales,
        handlesLettings: agents.handlesLettings,
        listingCount: sql<number>`(SELECT count(*)::int FROM properties p
          WHERE p.agent_id = "agents"."id" AND NOT p.is_deleted)`,
      })
      .from(agents)
      .where(eq(agents.agencyId, id))
      .orderBy(asc(agents.createdAt), asc(agents.id)),
    db
      .select({
        id: agencyMembers.id,
        userId: agencyMembers.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: agencyMembers.role,
        isSuspended: users.isSuspended,
      })
      .from(agencyMembers)
      .innerJoin(users, eq(users.id, agencyMembers.userId))
      .where(eq(agencyMembers.agencyId, id))
      .orderBy(
        sql`${agencyMembers.role} = 'owner' DESC`,
        sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
        asc(users.email),
      ),
  ]);
  return {
    ...toAdminAgency(row as ListRow),
    verifiedByEmail: row.verifiedByEmail ?? null,
    branches: branches.map((b) => ({ ...b, listingCount: Number(b.listingCount) })),
    members: members.map((m) => ({
      id: m.id,
      userId: m.userId,
      name:
        [m.firstName, m.lastName]
          .map((p) => p?.trim() ?? '')
          .filter(Boolean)
          .join(' ') || null,
      email: m.email,
      role: m.role as MemberRole,
      isSuspended: m.isSuspended,
    })),
  };
}
