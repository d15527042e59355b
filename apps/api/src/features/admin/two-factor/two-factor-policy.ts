/**
 * Who must use two-factor sign-in besides super admins (ADR 031): read by every admin, set by super admins in admin
 * Settings, audited in the transaction of the change. The guards read the same row on every signed-in request
 * (middleware/auth.ts).
 */
import { eq } from 'drizzle-orm';
import type { TwoFactorPolicy } from '@abode/shared/auth/two-factor';
import { MESSAGES } from '@abode/shared/messages';
import type { Database } from '#src/db/client.ts';
import { twoFactorPolicy } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { AdminContext } from '../admin-context.ts';

const policyColumns = {
  requireForAdmins: twoFactorPolicy.requireForAdmins,
  requireForAgencyManagers: twoFactorPolicy.requireForAgencyManagers,
};

/** The policy; nobody but super admins is required while its row is missing. */
export async function readTwoFactorPolicy(db: Pick<Database, 'select'>): Promise<TwoFactorPolicy> {
  const [row] = await db.select(policyColumns).from(twoFactorPolicy).where(eq(twoFactorPolicy.id, 1));
  return row ?? { requireForAdmins: false, requireForAgencyManagers: false };
}

/**
 * Sets the policy (super admins only, 403 otherwise) and writes a `set_two_factor_policy` admin_action with before and
 * after. Users it newly requires are led to set up two-factor sign-in at their next request.
 */
export async function setTwoFactorPolicy(
  ctx: AdminContext,
  policy: TwoFactorPolicy,
): Promise<TwoFactorPolicy> {
  if (ctx.admin.adminRole !== 'super_admin') throw new AppError('FORBIDDEN', MESSAGES.authorization);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select(policyColumns)
      .from(twoFactorPolicy)
      .where(eq(twoFactorPolicy.id, 1))
      .for('update');
    await tx
      .insert(twoFactorPolicy)
      .values({ id: 1, ...policy, updatedAt: ctx.now, updatedBy: ctx.admin.userId })
      .onConflictDoUpdate({
        target: twoFactorPolicy.id,
        set: { ...policy, updatedAt: ctx.now, updatedBy: ctx.admin.userId },
      });
    await ctx.audit(tx, {
      action: 'set_two_factor_policy',
      entityType: 'settings',
      entityId: 'two_factor_policy',
      before: before ?? null,
      after: policy,
      description:
        `Two-factor sign-in required of super admins${policy.requireForAdmins ? ', admins' : ''}` +
        `${policy.requireForAgencyManagers ? ', agency owners and branch managers' : ''}`,
      severity: 'high',
    });
    return policy;
  });
}
