/**
 * Administrators (REQ-ADMIN; REQ-AUTH-12): list, promote, change role, demote. Writes run in one transaction with
 * their audit row (recordAdminAction: 'promote_admin', 'change_admin_role', 'demote_admin'). The super admin rows
 * are locked (FOR UPDATE) before a change that could remove one, so two concurrent demotions cannot leave the site
 * without a super admin.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { AdminRole, TeamMember } from '@abode/shared/admin/team.schema';
import { TEAM_MESSAGES } from '@abode/shared/admin/team.schema';
import type { Database } from '#src/db/client.ts';
import { admins, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { AdminContext } from '../admin-context.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const nameOf = (u: { firstName: string | null; lastName: string | null; name: string }) =>
  [u.firstName, u.lastName].filter((p) => p?.trim()).join(' ') || u.name;

const memberColumns = {
  userId: admins.userId,
  adminRole: admins.adminRole,
  createdAt: admins.createdAt,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  name: users.name,
};

type MemberRow = {
  userId: string;
  adminRole: string;
  createdAt: Date;
  email: string;
  firstName: string | null;
  lastName: string | null;
  name: string;
};

const toMember = (r: MemberRow): TeamMember => ({
  userId: r.userId,
  email: r.email,
  name: nameOf(r),
  adminRole: r.adminRole as AdminRole,
  createdAt: r.createdAt.toISOString(),
});

/** Every admin, super admins first, then by e-mail. */
export async function listTeam(db: Database | Tx): Promise<TeamMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(admins)
    .innerJoin(users, eq(users.id, admins.userId))
    .orderBy(sql`${admins.adminRole} = 'super_admin' DESC`, asc(sql`lower(${users.email})`));
  return rows.map(toMember);
}

async function memberOf(tx: Tx, userId: string): Promise<TeamMember | null> {
  const [row] = await tx
    .select(memberColumns)
    .from(admins)
    .innerJoin(users, eq(users.id, admins.userId))
    .where(eq(admins.userId, userId));
  return row ? toMember(row) : null;
}

/** Locks the super admin rows and counts them. */
async function lockSuperAdmins(tx: Tx): Promise<number> {
  const res = await tx.execute(sql`SELECT user_id FROM admins WHERE admin_role = 'super_admin' FOR UPDATE`);
  return res.rows.length;
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/** Makes the user with `email` (any case, not deleted) an admin of `role`. 404 unknown e-mail; 409 already that role. */
export async function promoteAdmin(ctx: AdminContext, email: string, role: AdminRole): Promise<TeamMember> {
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email}) AND NOT ${users.isDeleted}`);
    if (!user) throw AppError.notFound(TEAM_MESSAGES.unknownEmail);
    if (user.id === ctx.admin.userId) throw conflict(TEAM_MESSAGES.selfDemote);
    await lockSuperAdmins(tx);
    const before = await memberOf(tx, user.id);
    if (before?.adminRole === role) throw conflict(TEAM_MESSAGES.alreadyRole);
    await tx
      .insert(admins)
      .values({ userId: user.id, adminRole: role })
      .onConflictDoUpdate({ target: admins.userId, set: { adminRole: role } });
    await ctx.audit(tx, {
      action: before ? 'change_admin_role' : 'promote_admin',
      entityType: 'admin',
      entityId: user.id,
      before: before
        ? { email: user.email, adminRole: before.adminRole }
        : { email: user.email, adminRole: null },
      after: { email: user.email, adminRole: role },
      description: before
        ? `Changed ${user.email} from ${before.adminRole} to ${role}`
        : `Made ${user.email} ${role === 'super_admin' ? 'a super admin' : 'an admin'}`,
      severity: 'high',
    });
    return (await memberOf(tx, user.id))!;
  });
}

/** Gives admin `userId` the role `role`. 404 not an admin; 409 same role, own role, or the last super admin. */
export async function changeAdminRole(
  ctx: AdminContext,
  userId: string,
  role: AdminRole,
): Promise<TeamMember> {
  return ctx.db.transaction(async (tx) => {
    const superAdmins = await lockSuperAdmins(tx);
    const before = await memberOf(tx, userId);
    if (!before) throw AppError.notFound(TEAM_MESSAGES.notAdmin);
    if (before.adminRole === role) throw conflict(TEAM_MESSAGES.alreadyRole);
    if (userId === ctx.admin.userId) throw conflict(TEAM_MESSAGES.selfDemote);
    if (before.adminRole === 'super_admin' && superAdmins <= 1) throw conflict(TEAM_MESSAGES.lastSuperAdmin);
    await tx.update(admins).set({ adminRole: role }).where(eq(admins.userId, userId));
    await ctx.audit(tx, {
      action: 'change_admin_role',
      entityType: 'admin',
      entityId: userId,
      before: { email: before.email, adminRole: before.adminRole },
      after: { email: before.email, adminRole: role },
      description: `Changed ${before.email} from ${before.adminRole} to ${role}`,
      severity: 'high',
    });
    return { ...before, adminRole: role };
  });
}

/** Removes the admins row of `userId`. 404 not an admin; 409 own row or the last super admin. */
export async function demoteAdmin(ctx: AdminContext, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const superAdmins = await lockSuperAdmins(tx);
    const before = await memberOf(tx, userId);
    if (!before) throw AppError.notFound(TEAM_MESSAGES.notAdmin);
    if (userId === ctx.admin.userId) throw conflict(TEAM_MESSAGES.selfDemote);
    if (before.adminRole === 'super_admin' && superAdmins <= 1) throw conflict(TEAM_MESSAGES.lastSuperAdmin);
    await tx.delete(admins).where(eq(admins.userId, userId));
    await ctx.audit(tx, {
      action: 'demote_admin',
      entityType: 'admin',
      entityId: userId,
      before: { email: before.email, adminRole: before.adminRole },
      after: { email: before.email, adminRole: null },
      description: `Removed ${before.email} as ${before.adminRole === 'super_admin' ? 'super admin' : 'admin'}`,
      severity: 'high',
    });
  });
}
