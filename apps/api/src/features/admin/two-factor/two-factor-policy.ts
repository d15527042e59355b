/**
 * Who must use two-factor sign-in besides super admins (ADR 031): read by every admin, set by super admins in admin
 * Settings, audited in the transaction of the change. The guards read the same row on every signed-in request
 * (middleware/auth.ts).
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { TwoFactorPolicy } from '@abode/shared/auth/two-factor';
import { MESSAGES } from '@abode/shared/messages';
import type { AppEnv } from '#src/app-env.ts';
import type { Database } from '#src/db/client.ts';
import { twoFactorPolicy } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { recordAdminAction } from '../audit.ts';

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
  c: Context<AppEnv>,
  policy: TwoFactorPolicy,
): Promise<TwoFactorPolicy> {
  if (c.var.viewer.adminRole !== 'super_admin') throw new AppError('FORBIDDEN', MESSAGES.authorization);
  return c.var.db.transaction(async (tx) => {
    const [before] = await tx
      .select(policyColumns)
      .from(twoFactorPolicy)
      .where(eq(twoFactorPolicy.id, 1))
      .for('update');
    await tx
      .insert(twoFactorPolicy)
      .values({ id: 1, ...policy, updatedAt: c.var.now(), updatedBy: c.var.viewer.user.id })
      .onConflictDoUpdate({
        target: twoFactorPolicy.id,
        set: { ...policy, updatedAt: c.var.now(), updatedBy: c.var.viewer.user.id },
      });
    await recordAdminAction(tx, c, {
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
