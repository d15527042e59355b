/**
 * An admin verifies an agency (ADR 029, "Compliance before advertising"): having checked its redress scheme
 * membership (and, when a branch handles lettings, its client money protection) against the schemes' registers, they
 * mark it verified, so its members may publish listings. Audited in the transaction of the change; the agency's
 * owners are e-mailed once it is committed.
 */
import { and, eq } from 'drizzle-orm';
import { ADMIN_AGENCY_MESSAGES, type AdminAgencyDetail } from '@abode/shared/admin/agencies.schema';
import { agencies, agencyMembers, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { agencyColumns, toAgency } from '#src/features/agency/compliance/get-agency.ts';
import { agencyVerifiedEmail } from '#src/emails/agency.tsx';
import { sendMail } from '#src/lib/mail.ts';
import type { AdminContext, Tx } from '../admin-context.ts';
import { getAdminAgency } from './find-admin-agencies.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Agency `id`'s row with its branch facts, locked for the change; 404 when unknown. */
export async function lockAgency(tx: Tx, id: string) {
  if (!UUID.test(id)) throw AppError.notFound(ADMIN_AGENCY_MESSAGES.notFound);
  const [row] = await tx
    .select({ ...agencyColumns, suspensionReason: agencies.suspensionReason })
    .from(agencies)
    .where(eq(agencies.id, id))
    .for('update', { of: agencies });
  if (!row) throw AppError.notFound(ADMIN_AGENCY_MESSAGES.notFound);
  return row;
}

/** The facts an audit row keeps of an agency before and after an admin's change. */
export function auditFacts(row: {
  verifiedAt: Date | null;
  suspendedAt: Date | null;
  suspensionReason?: string | null;
}) {
  return {
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspensionReason: row.suspensionReason ?? null,
  };
}

/**
 * Verifies agency `id` (any admin) and returns it as the detail shows it. Verifying a verified agency changes
 * nothing and writes no audit row (idempotent 200). A suspended agency may be verified; it stays suspended.
 *
 * @throws AppError NOT_FOUND (404) for a malformed or unknown id; CONFLICT (409) while it has not recorded a redress
 *   scheme and number (ADMIN_AGENCY_MESSAGES.cannotVerifyRedress) or, with a branch that handles lettings, a client
 *   money protection scheme and number (.cannotVerifyCmp).
 */
export async function verifyAgency(ctx: AdminContext, id: string): Promise<AdminAgencyDetail> {
  const notice = await ctx.db.transaction(async (tx) => {
    const before = await lockAgency(tx, id);
    if (before.verifiedAt) return null;
    const { gaps } = toAgency(before);
    if (gaps.includes('redress')) throw new AppError('CONFLICT', ADMIN_AGENCY_MESSAGES.cannotVerifyRedress);
    if (gaps.includes('cmp')) throw new AppError('CONFLICT', ADMIN_AGENCY_MESSAGES.cannotVerifyCmp);
    await tx
      .update(agencies)
      .set({ verifiedAt: ctx.now, verifiedBy: ctx.admin.userId, updatedAt: ctx.now })
      .where(eq(agencies.id, id));
    await ctx.audit(tx, {
      action: 'verify_agency',
      entityType: 'agency',
      entityId: id,
      before: auditFacts(before),
      after: {
        ...auditFacts({ ...before, verifiedAt: ctx.now }),
        redressScheme: before.redressScheme,
        redressMembershipNumber: before.redressMembershipNumber,
        cmpScheme: before.cmpScheme,
        cmpMembershipNumber: before.cmpMembershipNumber,
      },
      description: `Verified agency ${before.name}`,
    });
    const owners = await tx
      .select({ email: users.email })
      .from(agencyMembers)
      .innerJoin(users, eq(users.id, agencyMembers.userId))
      .where(
        and(eq(agencyMembers.agencyId, id), eq(agencyMembers.role, 'owner'), eq(users.isDeleted, false)),
      );
    return { name: before.name, to: owners.map((o) => o.email) };
  });
  if (notice) await mailOwners(ctx, id, notice.name, notice.to);
  return getAdminAgency(ctx.db, id);
}

/** Tells each owner their agency may publish now; a failure is logged and undoes nothing. */
async function mailOwners(ctx: AdminContext, agencyId: string, name: string, to: string[]) {
  const url = new URL('/agent/properties', ctx.publicUrl).href;
  for (const address of to) {
    try {
      await sendMail(ctx.db, agencyVerifiedEmail(address, name, url), ctx.mail);
    } catch (error) {
      ctx.logger.error({ err: error, agencyId }, 'agency verified but the owner e-mail failed');
    }
  }
}
