/**
 * Test fixtures for agencies (ADR 029): a member of another role joining an agency, compliance details recorded,
 * an agency in a given standing, and the admin agencies tests' world. Used by the compliance, admin agencies and
 * authorisation matrix tests; never by the app.
 */
import { and, eq } from 'drizzle-orm';
import type { MemberRole } from '@abode/shared/agency/permissions';
import type { ComplianceDetails } from '@abode/shared/agency/agency.schema';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { createApp } from '#src/app.ts';
import { agencies, agencyMemberBranches, agencyMembers, auditLogs } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { branchesOfUser, createAgent } from '#src/testing/fixtures.ts';
import { callApi } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

/** Details that let any agency be verified: The Property Ombudsman and, for lettings, Client Money Protect. */
export const COMPLETE_COMPLIANCE: ComplianceDetails = {
  redressScheme: 'tpo',
  redressMembershipNumber: 'T01234',
  cmpScheme: 'client-money-protect',
  cmpMembershipNumber: 'CMP-5678',
};

/** The agency user `userId` belongs to; throws when none. */
export async function agencyIdOf(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ agencyId: agencyMembers.agencyId })
    .from(agencyMembers)
    .where(eq(agencyMembers.userId, userId));
  if (!row) throw new Error(`user ${userId} belongs to no agency`);
  return row.agencyId;
}

/**
 * Moves user `userId` into agency `agencyId` as `role`, working in `branchIds` (the first is their default): their
 * own agency's membership (a sign-up makes one) is replaced, as a user belongs to one agency.
 */
export async function joinAgency(
  db: Database,
  userId: string,
  agencyId: string,
  role: MemberRole,
  branchIds: string[],
): Promise<string> {
  await db.delete(agencyMembers).where(eq(agencyMembers.userId, userId));
  const [member] = await db
    .insert(agencyMembers)
    .values({ agencyId, userId, role, defaultBranchId: branchIds[0]! })
    .returning();
  if (role !== 'owner')
    await db
      .insert(agencyMemberBranches)
      .values(branchIds.map((branchId) => ({ memberId: member!.id, branchId })));
  return member!.id;
}

/** Writes `details` to agency `agencyId`. */
export async function recordCompliance(
  db: Database,
  agencyId: string,
  details: Partial<ComplianceDetails> = COMPLETE_COMPLIANCE,
): Promise<void> {
  await db.update(agencies).set(details).where(eq(agencies.id, agencyId));
}

/**
 * A one-branch agency with an owner (no sign-in) in `standing`: 'ready' is unverified with complete compliance
 * details, 'suspended' is suspended (verified before). Returns the agency and branch id (the same) and the owner.
 */
export async function createAgencyIn(
  db: Database,
  standing: 'unverified' | 'ready' | 'verified' | 'suspended',
): Promise<{ agencyId: string; userId: string }> {
  const branch = await createAgent(db, {}, { verified: standing === 'verified' || standing === 'suspended' });
  if (standing !== 'unverified') await recordCompliance(db, branch.agencyId);
  if (standing === 'suspended')
    await db
      .update(agencies)
      .set({ suspendedAt: new Date(), suspensionReason: 'Redress scheme membership lapsed' })
      .where(eq(agencies.id, branch.agencyId));
  return { agencyId: branch.agencyId, userId: branch.userId };
}

/** The admin audit rows of `action` on agency `agencyId`. */
export function agencyAuditRows(db: Database, agencyId: string, action: string) {
  return db
    .select()
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entityType, 'admin_action'),
        eq(auditLogs.entityId, `agency:${agencyId}`),
        eq(auditLogs.action, action),
      ),
    );
}

/** A signed-in agent owning a new agency (unverified unless `verified`), with its id and branch. */
export async function signedInAgencyOwner(
  app: ReturnType<typeof createApp>,
  db: Database,
  o: { verified?: boolean; email?: string } = {},
) {
  const owner = await signedInUser(app, db, {
    role: 'agent',
    agencyVerified: o.verified ?? false,
    ...(o.email ? { email: o.email } : {}),
  });
  const [branch] = await branchesOfUser(db, owner.userId);
  return { ...owner, agencyId: await agencyIdOf(db, owner.userId), branchId: branch!.id };
}

type Signed = Awaited<ReturnType<typeof signedInUser>>;

/** The world of the `/api/admin/agencies` tests: the app on a fresh test database, an admin and a super admin. */
export interface AdminAgencies {
  handle: DatabaseHandle;
  app: ReturnType<typeof createApp>;
  admin: Signed;
  superAdmin: Signed;
  /** A request to the app with the session `cookie` when given. */
  call(method: string, path: string, cookie?: string, body?: unknown): Promise<Response>;
  /** The admin audit rows of `action` on agency `agencyId`. */
  auditFor(agencyId: string, action: string): ReturnType<typeof agencyAuditRows>;
  /** A signed-in owner of a new agency (see {@link signedInAgencyOwner}). */
  agencyOwner(o?: { verified?: boolean; email?: string }): ReturnType<typeof signedInAgencyOwner>;
}

/** Opens an {@link AdminAgencies} whose app reads the time from `now`. Close `handle` when done. */
export async function openAdminAgencies(now: () => Date): Promise<AdminAgencies> {
  const handle = await createTestDatabase();
  const app = createApp({ db: handle.db, now });
  return {
    handle,
    app,
    admin: await signedInUser(app, handle.db, { admin: 'admin' }),
    superAdmin: await signedInUser(app, handle.db, { admin: 'super_admin' }),
    call: (method, path, cookie, body) => callApi(app, method, path, cookie, body),
    auditFor: (agencyId, action) => agencyAuditRows(handle.db, agencyId, action),
    agencyOwner: (o = {}) => signedInAgencyOwner(app, handle.db, o),
  };
}
