/**
 * An admin suspends or reactivates an agency (ADR 029): a suspended agency's members are suspended as an admin
 * suspends a user (signed out at once, no sign-in; account-suspension.ts), and its listings leave public view
 * (`syncAgencyListingsWithdrawn`). Reactivating reverses both. Each runs in one transaction with its audit row.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AdminAgencyDetail, SuspendAgencyInput } from '@abode/shared/admin/agencies.schema';
import { MESSAGES } from '@abode/shared/messages';
import { admins, agencies, agencyMembers, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { syncAgencyListingsWithdrawn } from '#src/features/agency/listing-withdrawal.ts';
import { reactivateAccount, suspendAccount } from '../users/account-suspension.ts';
import type { AdminContext, Tx } from '../admin-context.ts';
import { getAdminAgency } from './find-admin-agencies.ts';
import { auditFacts, lockAgency } from './verify-agency.ts';

/** The agency's members' accounts: whether each is suspended, by the agency or not, and whether a super admin. */
function membersOf(tx: Tx, agencyId: string) {
  return tx
    .select({
      userId: users.id,
      isSuspended: users.isSuspended,
      suspendedWithAgency: agencyMembers.suspendedWithAgency,
      adminRole: admins.adminRole,
    })
    .from(agencyMembers)
    .innerJoin(users, eq(users.id, agencyMembers.userId))
    .leftJoin(admins, eq(admins.userId, users.id))
    .where(and(eq(agencyMembers.agencyId, agencyId), eq(users.isDeleted, false)))
    .for('update', { of: users });
}

/**
 * Suspends agency `id` for `input.reason` (super admins only, as suspending a user is, REQ-LISTING-02) and returns it as
 * the detail shows it. Every member's account is suspended with the agency, except a super admin
 * (who cannot be suspended) and the acting admin; the agency's listings leave public view. Suspending a suspended
 * agency changes nothing and writes no audit row (idempotent 200).
 *
 * @throws AppError FORBIDDEN (403, REQ-MSG-01) for a plain admin; NOT_FOUND (404) for a malformed
 *   or unknown id.
 */
export async function suspendAgency(
  ctx: AdminContext,
  id: string,
  input: SuspendAgencyInput,
): Promise<AdminAgencyDetail> {
  if (ctx.admin.adminRole !== 'super_admin') throw new AppError('FORBIDDEN', MESSAGES.authorization);
  await ctx.db.transaction(async (tx) => {
    const before = await lockAgency(tx, id);
    if (before.suspendedAt) return;
    await tx
      .update(agencies)
      .set({ suspendedAt: ctx.now, suspensionReason: input.reason, updatedAt: ctx.now })
      .where(eq(agencies.id, id));
    const suspended: string[] = [];
    for (const member of await membersOf(tx, id)) {
      if (member.isSuspended || member.adminRole === 'super_admin' || member.userId === ctx.admin.userId)
        continue;
      await suspendAccount(tx, member.userId, ctx.now);
      suspended.push(member.userId);
    }
    // Remembered per member, so reactivating the agency reactivates exactly these accounts.
    if (suspended.length)
      await tx
        .update(agencyMembers)
        .set({ suspendedWithAgency: true })
        .where(and(eq(agencyMembers.agencyId, id), inArray(agencyMembers.userId, suspended)));
    await syncAgencyListingsWithdrawn(tx, id);
    await ctx.audit(tx, {
      action: 'suspend_agency',
      entityType: 'agency',
      entityId: id,
      before: auditFacts(before),
      after: {
        ...auditFacts({ ...before, suspendedAt: ctx.now, suspensionReason: input.reason }),
        suspendedMembers: suspended,
      },
      description: `Suspended agency ${before.name}`,
      severity: 'high',
    });
  });
  return getAdminAgency(ctx.db, id);
}

/**
 * Reactivates agency `id` (any admin, as reactivating a user is) and returns it as the detail shows it: clears the
 * suspension, reactivates the members suspended with it (`agency_members.suspended_with_agency`; one an admin
 * suspended on their own stays so) and puts its listings back in public view. An agency
 * that is not suspended is returned unchanged with no audit row (idempotent 200).
 *
 * @throws AppError NOT_FOUND (404) for a malformed or unknown id.
 */
export async function reactivateAgency(ctx: AdminContext, id: string): Promise<AdminAgencyDetail> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockAgency(tx, id);
    if (!before.suspendedAt) return;
    const members = await membersOf(tx, id);
    const withAgency = members.filter((m) => m.isSuspended && m.suspendedWithAgency).map((m) => m.userId);
    for (const userId of withAgency) await reactivateAccount(tx, userId, ctx.now);
    await tx.update(agencyMembers).set({ suspendedWithAgency: false }).where(eq(agencyMembers.agencyId, id));
    await tx
      .update(agencies)
      .set({ suspendedAt: null, suspensionReason: null, updatedAt: ctx.now })
      .where(eq(agencies.id, id));
    await syncAgencyListingsWithdrawn(tx, id);
    await ctx.audit(tx, {
      action: 'reactivate_agency',
      entityType: 'agency',
      entityId: id,
      before: auditFacts(before),
      after: {
        ...auditFacts({ ...before, suspendedAt: null, suspensionReason: null }),
        reactivatedMembers: withAgency,
      },
      description: `Reactivated agency ${before.name}`,
    });
  });
  return getAdminAgency(ctx.db, id);
}
